import Foundation

/// The key under which the catalog matches names: case- and diacritic-insensitive in every script, with
/// whitespace collapsed.
///
/// SQLite's `lower()` and `NOCASE` fold ASCII only; this key is computed in Swift and stored in the
/// `name_key` and `sort_key` columns.
///
/// ```swift
/// FoldKey.of("MOTÖRHEAD") == FoldKey.of("Motörhead")  // "motorhead"
/// FoldKey.of("ΕΛΛΗΝΙΚΆ")                              // "ελληνικα"
/// ```
public enum FoldKey {
    /// The fold key of `text`: lowercase, without diacritics, full-width forms made plain, whitespace runs
    /// as one space, trimmed.
    public static func of(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return TextNormalization.collapseASCIIWhitespace(text, lowercase: true)
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return TextNormalization.clean(folded)
    }
}
