/// A key press read from a terminal in raw mode.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, shiftTab, backspace, escape
    /// Ctrl and a letter, e.g. `.control("c")`.
    case control(Character)
    /// A printable character.
    case character(Character)
}

/// Turns the bytes a terminal sends into keys, across reads: an escape sequence split between two
/// reads is completed by the second.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Decodes `bytes` appended to what an earlier call left incomplete.
    ///
    /// A lone ESC stays pending (it may start a sequence); call ``flush()`` when no more bytes follow
    /// shortly to read it as ``Key/escape``.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            guard let (key, length) = Self.decodeOne(pending[...]) else { break }
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Reads what is pending as complete keys (a lone ESC becomes ``Key/escape``).
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at the start of `bytes` and the bytes it used, `nil` when more bytes are needed; a `nil`
    /// key means bytes to skip (an unknown sequence, invalid UTF-8).
    private static func decodeOne(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return decodeEscape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00...0x1F: return (nil, 1)
        default: return decodeUTF8(bytes)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return (.escape, 1)
        }
        // CSI / SS3: parameters (digits, ';') then one final byte in 0x40...0x7E.
        var index = start + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        switch (bytes[index], parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "Z"), _): return (.shiftTab, length)
        case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
        case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
        default: return (nil, length)
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard bytes.count >= length else { return nil }
        let encoded = bytes.prefix(length)
        var decoder = UTF8()
        var iterator = encoded.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}
