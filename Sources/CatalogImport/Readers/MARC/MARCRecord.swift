import Catalog

/// One MARC 21 record as either serialization (ISO 2709 or MARCXML) holds it: the leader and the fields in file
/// order, their text already decoded to Unicode.
struct MARCRecord: Sendable, Hashable {
    /// The 24 characters of the leader.
    var leader: String
    /// The control fields (`001`–`009`) and data fields, in the order of the record.
    var fields: [MARCField]
    /// What could not be converted to Unicode, one sentence fragment per problem ("field 245 $a: …").
    var warnings: [String] = []

    /// The fields with this tag, in order.
    func fields(_ tag: String) -> [MARCField] {
        fields.filter { $0.tag == tag }
    }

    /// The value of the first control field with this tag.
    func controlValue(_ tag: String) -> String? {
        fields.first { $0.tag == tag }?.value
    }
}

/// A field of a MARC record: a control field's value, or a data field's indicators and subfields.
struct MARCField: Sendable, Hashable {
    /// Three characters: `001`, `245`.
    var tag: String
    /// The two indicators of a data field (a blank is a space); empty for a control field.
    var indicators: String = ""
    /// The data of a control field; empty for a data field.
    var value: String = ""
    /// The subfields of a data field, in order.
    var subfields: [MARCSubfield] = []

    /// Whether the tag is `00X`, a control field's.
    static func isControlTag(_ tag: some Collection<UInt8>) -> Bool {
        tag.count == 3 && tag.starts(with: [0x30, 0x30])
    }

    /// The values of the subfields with this code, in order.
    func values(_ code: Character) -> [String] {
        subfields.compactMap { $0.code == code ? $0.value : nil }
    }

    /// The value of the first subfield with this code.
    func first(_ code: Character) -> String? {
        subfields.first { $0.code == code }?.value
    }

    /// The second indicator (`245`'s non-filing characters), or a space.
    var secondIndicator: Character {
        indicators.count == 2 ? indicators[indicators.index(after: indicators.startIndex)] : " "
    }

    /// The first indicator, or a space.
    var firstIndicator: Character { indicators.first ?? " " }
}

/// A subfield: its one-character code and its text.
struct MARCSubfield: Sendable, Hashable {
    /// The code after the delimiter: `a`, `b`, `4`.
    var code: Character
    /// The decoded text.
    var value: String
}

/// How the text of a MARC file is encoded: what leader position 9 says, or what the user says instead (files in
/// the wild lie about it).
public enum MARCEncoding: String, Sendable, CaseIterable, Hashable, Codable {
    /// MARC-8: ASCII plus ANSEL diacritics and escape sequences to other character sets (leader 9 blank).
    case marc8
    /// UTF-8 (leader 9 `a`).
    case utf8 = "utf-8"

    /// Parses an encoding name: `marc8` / `marc-8`, `utf-8` / `utf8` (any case).
    ///
    /// - Parameter name: The name.
    /// - Returns: The encoding, or `nil` when the name is not a MARC encoding.
    public init?(name: String) {
        switch name.lowercased() {
        case "marc8", "marc-8": self = .marc8
        case "utf-8", "utf8": self = .utf8
        default: return nil
        }
    }
}
