import Catalog
import Foundation

/// Parses the bytes of one ISO 2709 record (terminator included) into a ``MARCRecord``, checking every length,
/// offset and terminator against the bytes actually there.
struct ISO2709RecordParser {
    /// Why a record cannot be read: a sentence fragment naming the place by file byte offset.
    struct Broken: Error {
        var reason: String
    }

    private let bytes: [UInt8]
    /// The file offset of `bytes[0]`.
    private let offset: Int64
    private let encoding: MARCEncoding?

    init(bytes: [UInt8], offset: Int64, encoding: MARCEncoding?) {
        self.bytes = bytes
        self.offset = offset
        self.encoding = encoding
    }

    private static let leaderLength = 24
    private static let entryLength = 12

    func parse() throws(Broken) -> MARCRecord {
        guard bytes.count >= Self.leaderLength + 2 else {
            throw Broken(reason: "is \(bytes.count) bytes long, too short for a 24-byte leader and a directory")
        }
        let leader = Array(bytes.prefix(Self.leaderLength))
        guard let length = Self.number(leader[0..<5]) else {
            throw Broken(
                reason: "the leader's record length (bytes 0–4) is \(Self.quoted(leader[0..<5])), not 5 digits")
        }
        guard length == bytes.count else {
            throw Broken(
                reason: "the leader says the record is \(length) bytes, but its record terminator (0x1D) ends it after "
                    + "\(bytes.count) bytes")
        }
        guard let base = Self.number(leader[12..<17]) else {
            throw Broken(
                reason:
                    "the leader's base address of data (bytes 12–16) is \(Self.quoted(leader[12..<17])), not 5 digits")
        }
        guard base > Self.leaderLength, base < bytes.count, bytes[base - 1] == ISO2709Reader.fieldTerminator else {
            throw Broken(
                reason: "the leader's base address of data (\(base)) does not point just after the directory's field "
                    + "terminator (0x1E)")
        }
        let directory = bytes[Self.leaderLength..<(base - 1)]
        guard directory.count % Self.entryLength == 0 else {
            throw Broken(
                reason: "the directory (byte offset \(offset + Int64(Self.leaderLength))) is \(directory.count) bytes, "
                    + "not a whole number of 12-byte entries")
        }
        let text = encoding ?? (leader[9] == UInt8(ascii: "a") ? .utf8 : .marc8)
        var record = MARCRecord(leader: String(decoding: leader, as: UTF8.self), fields: [])
        var entryStart = directory.startIndex
        while entryStart < directory.endIndex {
            let entry = directory[entryStart..<(entryStart + Self.entryLength)]
            record.fields.append(try field(entry, base: base, text: text, warnings: &record.warnings))
            entryStart += Self.entryLength
        }
        return record
    }

    /// The field a directory entry points at.
    private func field(_ entry: ArraySlice<UInt8>, base: Int, text: MARCEncoding, warnings: inout [String])
        throws(Broken)
        -> MARCField
    {
        let entryOffset = offset + Int64(entry.startIndex)
        let tagBytes = entry.prefix(3)
        guard tagBytes.allSatisfy(Self.isTagCharacter) else {
            throw Broken(
                reason: "the directory entry at byte offset \(entryOffset) has the tag \(Self.quoted(tagBytes)), "
                    + "not 3 letters or digits")
        }
        let tag = String(decoding: tagBytes, as: UTF8.self)
        guard let length = Self.number(entry.dropFirst(3).prefix(4)), let start = Self.number(entry.suffix(5)) else {
            throw Broken(
                reason: "the directory entry of field \(tag) at byte offset \(entryOffset) has a length or start "
                    + "position that is not digits: \(Self.quoted(entry))")
        }
        let dataEnd = bytes.count - 1
        guard length > 0, base + start + length <= dataEnd else {
            throw Broken(
                reason: "the directory says field \(tag) is \(length) bytes at \(start), past the end of the record's "
                    + "\(dataEnd - base) bytes of fields")
        }
        let fieldStart = base + start
        let data = bytes[fieldStart..<(fieldStart + length - 1)]
        let fieldOffset = offset + Int64(fieldStart)
        guard bytes[fieldStart + length - 1] == ISO2709Reader.fieldTerminator else {
            throw Broken(
                reason:
                    "field \(tag) (byte offset \(fieldOffset)) does not end with a field terminator (0x1E) where its "
                    + "directory entry says it ends")
        }
        if MARCField.isControlTag(tagBytes) {
            let value = MARCText.decode(data, text, place: "field \(tag)", offset: fieldOffset, warnings: &warnings)
            return MARCField(tag: tag, value: try value.get())
        }
        guard data.count >= 2 else {
            throw Broken(reason: "field \(tag) (byte offset \(fieldOffset)) is too short to hold its two indicators")
        }
        for indicator in data.prefix(2) where !MARCText.isIndicator(indicator) {
            throw Broken(
                reason: "field \(tag) (byte offset \(fieldOffset)) has the indicator \(Self.quoted([indicator])); an "
                    + "indicator is a digit, a lowercase letter or a blank")
        }
        var field = MARCField(tag: tag, indicators: String(decoding: data.prefix(2), as: UTF8.self))
        // What comes before the first delimiter is not a subfield (MARC has nothing there): it is ignored, as an
        // empty subfield is.
        for piece in data.dropFirst(2).split(
            separator: ISO2709Reader.subfieldDelimiter, omittingEmptySubsequences: false
        )
        .dropFirst() where !piece.isEmpty {
            let code = piece[piece.startIndex]
            guard MARCText.isSubfieldCode(code) else {
                throw Broken(
                    reason: "field \(tag) has the subfield code \(Self.quoted([code])) at byte offset "
                        + "\(offset + Int64(piece.startIndex)); a code is a lowercase letter or a digit")
            }
            let character = Character(Unicode.Scalar(code))
            let value = MARCText.decode(
                piece.dropFirst(), text, place: "field \(tag) $\(character)",
                offset: offset + Int64(piece.startIndex + 1), warnings: &warnings)
            field.subfields.append(MARCSubfield(code: character, value: try value.get()))
        }
        return field
    }

    private static func isTagCharacter(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The decimal number the bytes spell, or `nil` unless they are all digits.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Bytes for a message: `"12a45"`, with anything but printable ASCII as `<0x1E>`.
    static func quoted(_ bytes: some Collection<UInt8>) -> String {
        "'"
            + bytes.map {
                (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "<0x\(String($0, radix: 16, uppercase: true))>"
            }.joined() + "'"
    }
}
