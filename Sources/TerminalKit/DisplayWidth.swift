/// How many terminal cells text takes: 2 for East Asian wide characters and emoji, 0 for combining
/// marks and invisible format characters, 1 otherwise.
///
/// Measured per grapheme cluster, so "👩‍👩‍👧" (one emoji made of five scalars) is 2 cells and "é" written
/// as `e` + U+0301 is 1.
extension String {
    /// The number of terminal cells the text takes.
    public var displayWidth: Int {
        reduce(0) { $0 + $1.displayWidth }
    }

    /// The longest prefix that fits in `width` cells, ending in "…" when something was cut.
    public func truncated(toDisplayWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard displayWidth > width else { return self }
        var result = ""
        var used = 0
        for character in self {
            let cells = character.displayWidth
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// The text cut or padded with spaces to exactly `width` cells.
    public func padded(toDisplayWidth width: Int) -> String {
        let text = truncated(toDisplayWidth: width)
        return text + String(repeating: " ", count: max(0, width - text.displayWidth))
    }
}

extension Character {
    /// The number of terminal cells this grapheme cluster takes.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
            return 2
        }
        return first.displayWidth
    }
}

extension Unicode.Scalar {
    /// The cells of one scalar on its own.
    var displayWidth: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return Self.wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F), which the standard
    /// library does not expose as a property.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension String {
    /// The text broken into lines of at most `width` cells, at spaces where possible; a word wider than
    /// `width` is cut by cells. Line breaks in the text are kept.
    public func wrapped(toDisplayWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            let start = lines.count
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                let separator = line.isEmpty ? "" : " "
                if line.displayWidth + separator.count + word.displayWidth <= width {
                    line += separator + word
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                while word.displayWidth > width {
                    let (head, tail) = word.split(atDisplayWidth: width)
                    lines.append(head)
                    word = tail
                }
                line = word
            }
            if !line.isEmpty || lines.count == start { lines.append(line) }
        }
        return lines
    }

    /// The longest prefix of at most `width` cells (one character at least) and the rest.
    private func split(atDisplayWidth width: Int) -> (String, String) {
        var used = 0
        var end = startIndex
        while end < endIndex, used + self[end].displayWidth <= width || end == startIndex {
            used += self[end].displayWidth
            end = index(after: end)
        }
        return (String(self[..<end]), String(self[end...]))
    }
}
