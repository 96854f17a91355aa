import Catalog
package import Foundation
import SQLiteDB

/// One line of the feed's JSON lines form (`catalog changes`, a changes file, `GET /v1/changes`): a change or the
/// trailer, written and read straight as bytes.
///
/// `JSONDecoder` read these lines at about 11 MB/s (2 s for the benchmark's 22 MB file), and a changes file is
/// decoded twice (whole when it is opened, then a batch at a time); with `JSONEncoder` writing it, a sync through
/// a file took 1.5× the direct one. This
/// reads the JSON grammar (RFC 8259) into a small tree and takes the change from it as `Change`'s `Codable` form
/// describes it: keys it does not know are ignored, a payload's columns and links are its table's. It writes the
/// text `JSONEncoder` writes with sorted keys and unescaped slashes (a null column left out), byte for byte.
package enum ChangeLine: Sendable, Hashable {
    case change(Change)
    case trailer(ChangeBatch.Trailer)

    /// Decodes one line (without its newline).
    ///
    /// - Throws: ``ChangeLineError`` naming the byte column where the text stops being JSON, or the key whose
    ///   value is missing or of the wrong type.
    package init(_ bytes: Data) throws {
        let value = try bytes.withUnsafeBytes { buffer in
            var parser = Parser(bytes: buffer)
            return try parser.document()
        }
        guard case .object(let members) = value else { throw ChangeLineError("a line must be a JSON object") }
        let line = Fields(members: members, path: "")
        if line.has("seq") {
            self = .change(try line.change())
        } else {
            self = .trailer(
                ChangeBatch.Trailer(
                    since: try line.integer("since"), lastSequence: try line.integer("last_seq"),
                    more: try line.bool("more"), database: try line.string("database"),
                    prunedBefore: try line.integer("pruned_before")))
        }
    }
}

extension ChangeLine {
    /// The line's JSON text, without a newline.
    package var text: String {
        var out = JSONOut()
        switch self {
        case .change(let change):
            out.object([
                ("at", { $0.string(change.changedAt) }),
                (
                    "entity",
                    { out in
                        if let entity = change.entity { out.payload(entity) } else { out.raw("null") }
                    }
                ),
                ("kind", { $0.string(change.kind.rawValue) }),
                ("op", { $0.string(change.operation.rawValue) }),
                ("seq", { $0.integer(change.sequence) }),
                ("uuid", { $0.string(change.uuid) }),
            ])
        case .trailer(let trailer):
            out.object([
                ("database", { $0.string(trailer.database) }),
                ("last_seq", { $0.integer(trailer.lastSequence) }),
                ("more", { $0.raw(trailer.more ? "true" : "false") }),
                ("pruned_before", { $0.integer(trailer.prunedBefore) }),
                ("since", { $0.integer(trailer.since) }),
            ])
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

/// JSON text being written.
private struct JSONOut {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Members in the order given, which must be the keys' sorted order.
    mutating func object(_ members: [(key: String, write: (inout JSONOut) -> Void)]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(member.key)
            bytes.append(UInt8(ascii: ":"))
            member.write(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func payload(_ payload: EntityPayload) {
        var members = values(payload.values, of: payload.table.payloadColumns)
        for (link, rows) in zip(payload.table.links, payload.links) {
            members.append(
                (
                    link.key,
                    { out in
                        out.bytes.append(UInt8(ascii: "["))
                        for (index, row) in rows.enumerated() {
                            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
                            out.object(out.values(row, of: link.columns).sorted { $0.key < $1.key })
                        }
                        out.bytes.append(UInt8(ascii: "]"))
                    }
                ))
        }
        object(members.sorted { $0.key < $1.key })
    }

    /// The members of the values that are not null.
    func values(_ values: EntityPayload.Values, of columns: [TableColumn]) -> [(
        key: String, write: (inout JSONOut) -> Void
    )] {
        zip(columns, values).compactMap { column, value in
            switch value {
            case .null: nil
            case .integer(let integer): (column.key, { $0.integer(integer) })
            case .text(let text): (column.key, { $0.string(text) })
            // A payload holds integers and text only (its columns' types); these are written as a JSON encoder
            // would, for completeness.
            case .real(let real): (column.key, { $0.bytes.append(contentsOf: "\(real)".utf8) })
            case .blob(let data): (column.key, { $0.string(data.base64EncodedString()) })
            }
        }
    }

    /// A string with `"`, `\` and control characters escaped, as `JSONEncoder` escapes them.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Why a line of the feed's JSON lines form could not be read.
package struct ChangeLineError: Error, Hashable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A JSON value as a line holds it. Numbers other than integers are kept only as such: no field takes one.
private enum LineValue {
    case null
    case bool(Bool)
    case integer(Int64)
    case otherNumber
    case string(String)
    case array([LineValue])
    case object([(key: String, value: LineValue)])

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .otherNumber: "a number that is not an integer"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of one object, read by key; the last of a repeated key counts.
private struct Fields {
    let members: [(key: String, value: LineValue)]
    /// Where the object is, for errors: `entity.credits[0].`.
    let path: String

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func optional(_ key: String) -> LineValue? {
        guard let value = members.last(where: { $0.key == key })?.value else { return nil }
        if case .null = value { return nil }
        return value
    }

    func required(_ key: String) throws(ChangeLineError) -> LineValue {
        guard let value = optional(key) else { throw ChangeLineError("\(path)\(key): missing or null") }
        return value
    }

    func mismatch(_ key: String, _ expected: String, _ value: LineValue) -> ChangeLineError {
        ChangeLineError("\(path)\(key): expected \(expected), found \(value.typeName)")
    }

    func integer(_ key: String) throws(ChangeLineError) -> Int64 {
        let value = try required(key)
        guard case .integer(let integer) = value else { throw mismatch(key, "an integer", value) }
        return integer
    }

    func string(_ key: String) throws(ChangeLineError) -> String {
        let value = try required(key)
        guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
        return string
    }

    func bool(_ key: String) throws(ChangeLineError) -> Bool {
        let value = try required(key)
        guard case .bool(let bool) = value else { throw mismatch(key, "a boolean", value) }
        return bool
    }

    func change() throws(ChangeLineError) -> Change {
        let kindName = try string("kind")
        guard let kind = EntityKind(rawValue: kindName) else {
            throw ChangeLineError("kind: '\(kindName)' is not book, author, genre or band")
        }
        let operationName = try string("op")
        guard let operation = ChangeOperation(rawValue: operationName) else {
            throw ChangeLineError("op: '\(operationName)' is not insert, update or delete")
        }
        guard has("entity") else { throw ChangeLineError("entity: missing (null for a deleted entity)") }
        var entity: EntityPayload?
        if let value = optional("entity") {
            guard case .object(let members) = value else { throw mismatch("entity", "an object or null", value) }
            entity = try Fields(members: members, path: "entity.").payload(of: kind.table)
        }
        return Change(
            sequence: try integer("seq"), kind: kind, uuid: try string("uuid"), operation: operation,
            changedAt: try string("at"), entity: entity)
    }

    func payload(of table: EntityTable) throws(ChangeLineError) -> EntityPayload {
        var links: [[EntityPayload.Values]] = []
        for link in table.links {
            let value = try required(link.key)
            guard case .array(let elements) = value else { throw mismatch(link.key, "an array", value) }
            var rows: [EntityPayload.Values] = []
            for (index, element) in elements.enumerated() {
                let place = "\(path)\(link.key)[\(index)]"
                guard case .object(let members) = element else {
                    throw ChangeLineError("\(place): expected an object, found \(element.typeName)")
                }
                rows.append(try Fields(members: members, path: place + ".").values(of: link.columns))
            }
            links.append(rows)
        }
        return EntityPayload(table: table, values: try values(of: table.payloadColumns), links: links)
    }

    func values(of columns: [TableColumn]) throws(ChangeLineError) -> EntityPayload.Values {
        var values: EntityPayload.Values = []
        values.reserveCapacity(columns.count)
        for column in columns {
            let value = column.isRequired ? try required(column.key) : optional(column.key)
            switch (column.type, value) {
            case (_, nil): values.append(.null)
            case (.integer, .integer(let integer)?): values.append(.integer(integer))
            case (.text, .string(let string)?): values.append(.text(string))
            case (.integer, let value?): throw mismatch(column.key, "an integer", value)
            case (.text, let value?): throw mismatch(column.key, "a string", value)
            }
        }
        return values
    }
}

/// A recursive-descent reader of one JSON text.
private struct Parser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0
    /// Lines nest three levels (line, entity, link list, link row); this bounds the recursion of hostile input.
    static let maxDepth = 32

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func document() throws(ChangeLineError) -> LineValue {
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw error("text after the JSON value") }
        return value
    }

    func error(_ reason: String) -> ChangeLineError {
        ChangeLineError("\(reason) at column \(index + 1)")
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(ChangeLineError) -> LineValue {
        skipSpace()
        guard index < bytes.count else { throw error("the line ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { parser throws(ChangeLineError) in try parser.object() }
        case UInt8(ascii: "["): return try nested { parser throws(ChangeLineError) in try parser.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("not a JSON value")
        }
    }

    mutating func nested(_ body: (inout Parser) throws(ChangeLineError) -> LineValue) throws(ChangeLineError)
        -> LineValue
    {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(ChangeLineError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw error("expected \(what)") }
        index += 1
    }

    /// Consumes `byte` (after spaces) when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func object() throws(ChangeLineError) -> LineValue {
        index += 1  // {
        var members: [(key: String, value: LineValue)] = []
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':' after a key")
            members.append((key, try value()))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return .object(members)
    }

    mutating func array() throws(ChangeLineError) -> LineValue {
        index += 1  // [
        var elements: [LineValue] = []
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try value())
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return .array(elements)
    }

    mutating func literal(_ word: StaticString, _ value: LineValue) throws(ChangeLineError) -> LineValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { throw error("not a JSON value") }
        index += count
        return value
    }

    mutating func number() throws(ChangeLineError) -> LineValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digits else { throw error("a number needs digits") }
        guard bytes[digits] != UInt8(ascii: "0") || index == digits + 1 else {
            throw error("a number must not start with 0")
        }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            try skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try skipDigits()
        }
        guard integral else { return .otherNumber }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let integer = Int64(text) else { return .otherNumber }  // beyond 64 bits
        return .integer(integer)
    }

    mutating func skipDigits() throws(ChangeLineError) {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > start else { throw error("a number needs digits") }
    }

    /// A string from its opening quote; the bytes must be UTF-8.
    mutating func string() throws(ChangeLineError) -> String {
        index += 1  // "
        let start = index
        var ascii = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                let utf8 = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                // ASCII needs no validation (and most of a feed is ASCII: keys, uuids, times).
                return ascii ? String(decoding: utf8, as: UTF8.self) : try text(utf8)
            case UInt8(ascii: "\\"):
                return try escapedString(from: start)
            case 0..<0x20:
                throw error("a control character in a string")
            case 0x80...:
                ascii = false
                index += 1
            default:
                index += 1
            }
        }
        throw error("a string is not closed")
    }

    func text(_ utf8: UnsafeRawBufferPointer) throws(ChangeLineError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not UTF-8") }
        return text
    }

    /// The rest of a string that has escapes, from `start` (just after its opening quote).
    mutating func escapedString(from start: Int) throws(ChangeLineError) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("a string that is not UTF-8")
                }
                return text
            case 0..<0x20:
                index -= 1
                throw error("a control character in a string")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
                default:
                    index -= 1
                    throw error("an unknown escape in a string")
                }
            default:
                utf8.append(byte)
            }
        }
        throw error("a string is not closed")
    }

    /// The UTF-8 of a `\uXXXX` escape (after its `\u`), a surrogate pair's two escapes read together.
    mutating func unicodeEscape() throws(ChangeLineError) -> [UInt8] {
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone surrogate in a \\u escape") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate in a \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func hex4() throws(ChangeLineError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("a \\u escape needs four hex digits")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
