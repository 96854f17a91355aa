import Catalog

// These run several times per imported row, so the common case (ASCII text that is already clean)
// is decided on UTF-8 bytes without allocating; Character-level Unicode whitespace handling is the
// fallback for text with non-ASCII bytes (no-break spaces, ideographic spaces, …).
extension String {
    /// The string without leading and trailing whitespace (Unicode whitespace, line breaks included).
    func trimmingWhitespace() -> String {
        if let trimmed = asciiTrimmed() { return trimmed }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// The string trimmed, with every inner run of whitespace collapsed to one space.
    ///
    /// Names that differ only in spacing ("William  Gibson", "William Gibson") become equal.
    func collapsingWhitespace() -> String {
        if let collapsed = asciiCollapsed() { return collapsed }
        if TextNormalization.isClean(self) { return self }
        return split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The string split on every occurrence of a separator (compared as UTF-8 bytes), empty pieces kept.
    func splitting(on separator: String) -> [Substring] {
        let needle = Array(separator.utf8)
        guard let first = needle.first else { return [self[...]] }
        var pieces: [Substring] = []
        var pieceStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == first, utf8[index...].starts(with: needle) {
                pieces.append(self[pieceStart..<index])
                index = utf8.index(index, offsetBy: needle.count)
                pieceStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        pieces.append(self[pieceStart...])
        return pieces
    }

    /// Trimmed by bytes when the string is ASCII; `nil` when it has non-ASCII bytes.
    private func asciiTrimmed() -> String? {
        var copy = self
        return copy.withUTF8 { bytes -> String? in
            var start = bytes.count
            var end = 0
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if !Self.isASCIIWhitespace(byte) {
                    start = min(start, index)
                    end = index + 1
                }
            }
            if end == 0 { return "" }
            if start == 0 && end == bytes.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// Collapsed by bytes when the string is ASCII; `nil` when it has non-ASCII bytes.
    private func asciiCollapsed() -> String? {
        var clean = true
        var previousWasSpace = true
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            if Self.isASCIIWhitespace(byte) {
                if byte != 0x20 || previousWasSpace { clean = false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        if clean && !previousWasSpace { return self }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            if Self.isASCIIWhitespace(byte) {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @inline(__always)
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
