import Catalog

/// Strict, streaming UTF-8 validation that reports the offset of the first bad byte.
///
/// Chunks may split a multi-byte sequence: the incomplete tail of one chunk is held back and
/// prepended to the next, so ``validate(_:isFinal:)`` only ever returns whole characters.
/// Overlong forms, surrogates (ED A0–BF) and scalars above U+10FFFF are rejected, as RFC 3629 asks.
struct UTF8Validator {
    /// An invalid sequence: where it starts and its first byte.
    struct Failure: Error, Equatable {
        /// 0-based offset of the first byte of the bad sequence, counted from the start of the input.
        var byteOffset: Int64
        /// 1-based line of that byte.
        var line: Int
        /// The byte's value.
        var byte: UInt8
    }

    private var pending: [UInt8] = []
    /// Absolute offset of the first byte of the next chunk (pending bytes excluded).
    private var offset: Int64
    private var line = 1

    /// Creates a validator for input whose first byte sits at `startOffset` (after a skipped BOM).
    init(startOffset: Int64 = 0) {
        self.offset = startOffset
    }

    /// Validates the next chunk.
    ///
    /// - Parameters:
    ///   - chunk: The next raw bytes.
    ///   - isFinal: `true` for the last chunk: an incomplete sequence at its end is then an error.
    /// - Returns: The valid bytes ready for parsing (whole characters only).
    /// - Throws: ``Failure`` at the first invalid sequence.
    mutating func validate(_ chunk: [UInt8], isFinal: Bool) throws(Failure) -> [UInt8] {
        let bytes = pending.isEmpty ? chunk : pending + chunk
        let base = offset - Int64(pending.count)
        let validEnd = try scan(bytes, base: base, isFinal: isFinal)
        offset += Int64(chunk.count)
        if validEnd == bytes.count {
            pending = []
            return bytes
        }
        pending = Array(bytes[validEnd...])
        return Array(bytes[..<validEnd])
    }

    /// Returns the end of the last complete sequence, or throws at the first invalid one.
    private mutating func scan(_ bytes: [UInt8], base: Int64, isFinal: Bool) throws(Failure) -> Int {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A { line += 1 }
                index += 1
                continue
            }
            let length = Self.sequenceLength(lead)
            guard length > 0 else { throw failure(bytes, index, base) }
            let available = min(length, count - index)
            for position in 1..<max(1, available)
            where !Self.isValidContinuation(bytes[index + position], lead, position) {
                throw failure(bytes, index, base)
            }
            if available < length {
                if isFinal { throw failure(bytes, index, base) }
                return index
            }
            index += length
        }
        return count
    }

    private func failure(_ bytes: [UInt8], _ index: Int, _ base: Int64) -> Failure {
        Failure(byteOffset: base + Int64(index), line: line, byte: bytes[index])
    }

    @inline(__always)
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// Whether `byte` may follow `lead` at `position` (1-based within the sequence).
    @inline(__always)
    private static func isValidContinuation(_ byte: UInt8, _ lead: UInt8, _ position: Int) -> Bool {
        guard position == 1 else { return byte & 0xC0 == 0x80 }
        switch lead {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return byte & 0xC0 == 0x80
        }
    }
}
