/// Applies text styles either as ANSI escape sequences (a terminal) or not at all (snapshots, logs).
///
/// A renderer that styles through a styler renders the same layout both ways; with ``plain`` its output
/// is the screen's text alone, which a test can compare to a committed string.
///
/// ```swift
/// let line = TextStyler.ansi.bold("Books") + " 36"
/// ```
public struct TextStyler: Sendable, Hashable {
    /// Whether styles are written as ANSI escape sequences.
    public let usesANSI: Bool

    /// Styles as ANSI escape sequences.
    public static let ansi = TextStyler(usesANSI: true)
    /// No styles: the text unchanged.
    public static let plain = TextStyler(usesANSI: false)

    /// `text` in reverse video: the highlighted row.
    public func selected(_ text: String) -> String { usesANSI ? Style.selected(text) : text }

    /// `text` in bold: headers and titles.
    public func bold(_ text: String) -> String { usesANSI ? Style.bold(text) : text }

    /// `text` dimmed: hints, secondary text and empty states.
    public func dim(_ text: String) -> String { usesANSI ? Style.dim(text) : text }
}
