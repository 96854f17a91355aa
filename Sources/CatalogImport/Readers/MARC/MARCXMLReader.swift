import Catalog
import Foundation

/// Reads MARC 21 records from MARCXML (the Library of Congress slim schema), streaming: a `<collection>` of
/// `<record>`s, or one `<record>`, held one record at a time (at most ``FieldLimits/rowBytes`` of its text, each value
/// cut past ``FieldLimits/fieldBytes``, which the mapping then refuses as too long).
///
/// Elements are matched by local name, so a namespace prefix (`marc:record`) does not matter. A record whose
/// content breaks the schema — no leader or one that is not 24 characters, a field without a 3-character tag, an
/// indicator that is not a digit, a lowercase letter or a blank, a subfield without a one-character code or outside
/// a data field — is reported broken on its own; a file that is not well-formed XML is refused
/// (``XMLTokenizer``). Elements the schema does not have are skipped.
final class MARCXMLReader: MARCRecordReader {
    private let tokenizer: XMLTokenizer
    private var ordinal = 0

    var name: String { tokenizer.name }
    var progress: ReadProgress {
        var progress = tokenizer.progress
        progress.line = ordinal
        return progress
    }

    /// Reads records from a decoded input.
    init(input: TextInput) {
        tokenizer = XMLTokenizer(input: input)
    }

    /// Whether the first bytes of an XML file open a MARCXML `collection` or `record` root element.
    static func isMARCXML(_ firstBytes: [UInt8]) -> Bool {
        var bytes = firstBytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let open = bytes.firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[(open + 1)...]
            guard rest.first == UInt8(ascii: "?") || rest.first == UInt8(ascii: "!") else {
                let name = String(decoding: rest.prefix { !" \t\r\n/>".utf8.contains($0) }, as: UTF8.self)
                return ["collection", "record"].contains(localName(name))
            }
            bytes = rest
        }
        return false
    }

    func next() throws(ReaderError) -> MARCRecordRead? {
        while let token = try tokenizer.next() {
            guard case .start(let name, _, let byteOffset) = token, Self.localName(name) == "record" else { continue }
            ordinal += 1
            let place = MARCPlace(ordinal: ordinal, byteOffset: byteOffset)
            var builder = RecordBuilder()
            while let token = try tokenizer.next() {
                if case .end(let end) = token, end == name { break }
                builder.take(token)
            }
            return builder.result(place)
        }
        return nil
    }

    /// `record` of `marc:record`.
    static func localName(_ name: String) -> Substring {
        name.split(separator: ":", maxSplits: 1).last ?? Substring(name)
    }

    /// One record's elements gathered as they come.
    private struct RecordBuilder {
        private var leader: [UInt8]?
        private var fields: [MARCField] = []
        private var problem: String?
        private var byteCount = 0
        /// Where text goes: the leader, a control field's value or a subfield's, with its element's depth.
        private var target: Target?
        private var depth = 0
        private var dataFieldDepth: Int?

        private enum Target {
            case leader, control, subfield
        }

        mutating func take(_ token: XMLTokenizer.Token) {
            switch token {
            case .start(let name, let attributes, _):
                depth += 1
                start(MARCXMLReader.localName(name), attributes)
            case .end:
                if dataFieldDepth == depth { dataFieldDepth = nil }
                if target != nil { target = nil }
                depth -= 1
            case .text(let bytes):
                append(bytes)
            }
        }

        private mutating func start(_ name: Substring, _ attributes: [String: String]) {
            guard problem == nil else { return }
            target = nil
            switch name {
            case "leader":
                leader = []
                target = .leader
            case "controlfield":
                guard let tag = tag(attributes) else { return }
                fields.append(MARCField(tag: tag))
                target = .control
            case "datafield":
                guard let tag = tag(attributes) else { return }
                var indicators = ""
                for key in ["ind1", "ind2"] {
                    let value = attributes[key] ?? " "
                    guard value.utf8.count == 1, let byte = value.utf8.first, MARCText.isIndicator(byte) else {
                        problem =
                            "field \(tag) has the \(key) '\(value)'; an indicator is a digit, a lowercase letter or a blank"
                        return
                    }
                    indicators += value
                }
                fields.append(MARCField(tag: tag, indicators: indicators))
                dataFieldDepth = depth
            case "subfield":
                guard let fieldDepth = dataFieldDepth, fieldDepth == depth - 1, let last = fields.indices.last else {
                    problem = "a subfield outside a data field"
                    return
                }
                guard let code = attributes["code"], code.count == 1, let character = code.first, character.isASCII,
                    !character.isWhitespace
                else {
                    problem =
                        "a subfield of field \(fields[last].tag) has the code '\(attributes["code"] ?? "")'; a "
                        + "code is one character"
                    return
                }
                fields[last].subfields.append(MARCSubfield(code: character, value: ""))
                target = .subfield
            default:
                break
            }
        }

        private mutating func tag(_ attributes: [String: String]) -> String? {
            guard let tag = attributes["tag"], tag.utf8.count == 3,
                tag.utf8.allSatisfy({
                    $0 < 0x80 && Character(Unicode.Scalar($0)).isLetter || (0x30...0x39).contains($0)
                })
            else {
                problem = "a field has the tag '\(attributes["tag"] ?? "")'; a tag is 3 letters or digits"
                return nil
            }
            return tag
        }

        private mutating func append(_ bytes: [UInt8]) {
            guard let target, problem == nil else { return }
            byteCount += bytes.count
            guard byteCount <= FieldLimits.rowBytes else {
                problem = "is over the limit of \(FieldLimits.size(FieldLimits.rowBytes)) for a record"
                return
            }
            func appended(_ text: String) -> String {
                let room = FieldLimits.fieldBytes + 1 - text.utf8.count
                guard room > 0 else { return text }
                return text + String(decoding: bytes.prefix(room), as: UTF8.self)
            }
            switch target {
            case .leader: leader?.append(contentsOf: bytes.prefix(64))
            case .control: fields[fields.count - 1].value = appended(fields[fields.count - 1].value)
            case .subfield:
                let field = fields.count - 1
                let subfield = fields[field].subfields.count - 1
                fields[field].subfields[subfield].value = appended(fields[field].subfields[subfield].value)
            }
        }

        func result(_ place: MARCPlace) -> MARCRecordRead {
            if let problem { return .broken(place, reason: problem) }
            guard let leader else { return .broken(place, reason: "has no leader") }
            guard leader.count == 24 else {
                return .broken(place, reason: "has a leader of \(leader.count) bytes; a leader has 24")
            }
            var record = MARCRecord(leader: String(decoding: leader, as: UTF8.self), fields: fields)
            for index in record.fields.indices {
                record.fields[index].value = record.fields[index].value.precomposedStringWithCanonicalMapping
                for subfield in record.fields[index].subfields.indices {
                    record.fields[index].subfields[subfield].value =
                        record.fields[index].subfields[subfield].value.precomposedStringWithCanonicalMapping
                }
            }
            return .record(record, place)
        }
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension MARCXMLReader: Sendable {}
