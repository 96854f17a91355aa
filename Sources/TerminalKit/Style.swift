/// ANSI text styles for terminal output.
public enum Style {
    /// `text` in reverse video: the highlighted selection.
    public static func selected(_ text: String) -> String { "\u{1B}[7m\(text)\u{1B}[27m" }

    /// `text` in bold: headers.
    public static func bold(_ text: String) -> String { "\u{1B}[1m\(text)\u{1B}[22m" }

    /// `text` dimmed: hints and empty states.
    public static func dim(_ text: String) -> String { "\u{1B}[2m\(text)\u{1B}[22m" }
}
