extension String {
    /// The string without leading and trailing whitespace (Unicode whitespace, line breaks included).
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// The string trimmed, with every inner run of whitespace collapsed to one space.
    ///
    /// Names that differ only in spacing ("William  Gibson", "William Gibson") become equal.
    func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
