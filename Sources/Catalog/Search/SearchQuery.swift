import Foundation

/// Turns anything a user types into a safe FTS5 query.
///
/// The text is cut into terms at every character that is not a letter, a digit or a combining mark, the same
/// boundaries as the `unicode61` tokenizer, so FTS5 syntax (quotes, `*`, `AND`/`OR`/`NOT`/`NEAR`,
/// parentheses, `-`, `:`, `^`) can never reach the parser: every term is a quoted string. All terms must
/// match; the last one also matches as a prefix ("tolk" finds "Tolkien") once it has two characters, the
/// length FTS5's prefix index starts at.
enum SearchQuery {
    /// At most this many terms are used; more cannot narrow a name down further.
    static let maximumTerms = 8
    /// Longer terms are cut: no name has a 64-letter word worth matching exactly.
    static let maximumTermLength = 64
    /// Only the start of a huge input is read.
    static let maximumInputLength = 2048

    /// The FTS5 MATCH expression for `text`, or `nil` when it holds no term (only spaces, punctuation or
    /// emoji).
    static func expression(for text: String) -> String? {
        expressions(for: text)?.prefix
    }

    /// The expression with every term matched exactly, and the one with the last term as a prefix (the same
    /// when the last term is too short to be a prefix), or `nil` when `text` holds no term.
    static func expressions(for text: String) -> (exact: String, prefix: String)? {
        let terms = self.terms(in: text)
        guard let last = terms.last else { return nil }
        let exact = terms.map { "\"\($0)\"" }.joined(separator: " ")
        return (exact, last.count >= 2 ? exact + "*" : exact)
    }

    /// The terms of `text`, in NFC, at most ``maximumTerms`` of at most ``maximumTermLength`` characters.
    static func terms(in text: String) -> [String] {
        let input = String(text.unicodeScalars.prefix(maximumInputLength)).precomposedStringWithCanonicalMapping
        var terms: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in input.unicodeScalars {
            if isTermScalar(scalar) {
                current.append(scalar)
                continue
            }
            if !current.isEmpty {
                terms.append(String(String(current).prefix(maximumTermLength)))
                current = String.UnicodeScalarView()
                if terms.count == maximumTerms { return terms }
            }
        }
        if !current.isEmpty {
            terms.append(String(String(current).prefix(maximumTermLength)))
        }
        return terms
    }

    private static func isTermScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
            .privateUse:
            return true
        default:
            return false
        }
    }
}
