import Catalog
package import Foundation
import JSONKit
import SQLiteDB

/// One line of the feed's JSON lines form (`catalog changes`, a changes file, `GET /v1/changes`): a change or the
/// trailer, written and read straight as bytes.
///
/// `JSONDecoder` read these lines at about 11 MB/s (2 s for the benchmark's 22 MB file), and a changes file is
/// decoded twice (whole when it is opened, then a batch at a time); with `JSONEncoder` writing it, a sync through
/// a file took 1.5× the direct one. This reads a line with the package's JSON reader (32 levels deep at most,
/// strict Unicode) and takes the change from it as `Change`'s `Codable` form describes it: keys it does not know
/// are ignored, a payload's columns and links are its table's. It writes the text `JSONEncoder` writes with sorted
/// keys and unescaped slashes (a null column left out), byte for byte.
package enum ChangeLine: Sendable, Hashable {
    case change(Change)
    case trailer(ChangeBatch.Trailer)

    /// Lines nest three levels (line, entity, link list, link row); this bounds what hostile input costs.
    static let limits = JSONLimits(depth: 32)

    /// Decodes one line (without its newline).
    ///
    /// - Throws: ``ChangeLineError`` naming the byte column where the text stops being JSON, or the key whose
    ///   value is missing or of the wrong type.
    package init(_ bytes: Data) throws {
        let node: JSONNode
        do {
            node = try JSONReader.document(Array(bytes), limits: Self.limits)
        } catch {
            throw ChangeLineError("\(error.reason) at column \(error.position.column)")
        }
        do {
            guard case .object = node.value else { throw ChangeLineError("a line must be a JSON object") }
            let line = try JSONObject(node)
            if line.has("seq") {
                self = .change(try line.change())
            } else {
                self = .trailer(
                    ChangeBatch.Trailer(
                        since: try line.integer("since"), lastSequence: try line.integer("last_seq"),
                        more: try line.bool("more"), database: try line.string("database"),
                        prunedBefore: try line.integer("pruned_before")))
            }
        } catch let error as JSONAccessError {
            throw ChangeLineError(error.description)
        }
    }
}

extension ChangeLine {
    /// The line's JSON text, without a newline.
    package var text: String {
        var out = JSONWriter(layout: .compact)
        switch self {
        case .change(let change):
            out.beginObject()
            out.key("at")
            out.string(change.changedAt)
            out.key("entity")
            if let entity = change.entity { out.payload(entity) } else { out.null() }
            if let survivor = change.mergedInto {
                out.key("into")
                out.string(survivor)
            }
            out.key("kind")
            out.string(change.kind.rawValue)
            out.key("op")
            out.string(change.operation.rawValue)
            out.key("seq")
            out.integer(change.sequence)
            out.key("uuid")
            out.string(change.uuid)
            out.endObject()
        case .trailer(let trailer):
            out.beginObject()
            out.key("database")
            out.string(trailer.database)
            out.key("last_seq")
            out.integer(trailer.lastSequence)
            out.key("more")
            out.bool(trailer.more)
            out.key("pruned_before")
            out.integer(trailer.prunedBefore)
            out.key("since")
            out.integer(trailer.since)
            out.endObject()
        }
        return out.text
    }
}

extension JSONWriter {
    /// A payload as an object: its columns that are not null and its links (arrays of objects), keys sorted.
    fileprivate mutating func payload(_ payload: EntityPayload) {
        var members = Self.members(payload.values, of: payload.table.payloadColumns)
        for (link, rows) in zip(payload.table.links, payload.links) {
            members.append(
                (
                    link.key,
                    { writer in
                        writer.beginArray()
                        for row in rows { writer.object(Self.members(row, of: link.columns)) }
                        writer.endArray()
                    }
                ))
        }
        object(members)
    }

    /// An object of `members`, written in the order of their keys.
    private mutating func object(_ members: [(key: String, write: (inout JSONWriter) -> Void)]) {
        beginObject()
        for member in members.sorted(by: { $0.key < $1.key }) {
            key(member.key)
            member.write(&self)
        }
        endObject()
    }

    /// The members of the values that are not null.
    private static func members(_ values: EntityPayload.Values, of columns: [TableColumn]) -> [(
        key: String, write: (inout JSONWriter) -> Void
    )] {
        zip(columns, values).compactMap { column, value in value == .null ? nil : (column.key, { $0.value(value) }) }
    }

    /// A column's value.
    mutating func value(_ value: DatabaseValue) {
        switch value {
        case .null: null()
        case .integer(let number): integer(number)
        case .text(let text): string(text)
        // A payload holds integers and text only (its columns' types); these are written as a JSON encoder would,
        // for completeness.
        case .real(let real): raw("\(real)")
        case .blob(let data): string(data.base64EncodedString())
        }
    }
}

/// Why a line of the feed's JSON lines form could not be read.
package struct ChangeLineError: Error, Hashable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension JSONObject {
    /// The change a line's object holds.
    fileprivate func change() throws -> Change {
        let kindName = try string("kind")
        guard let kind = EntityKind(rawValue: kindName) else {
            throw ChangeLineError("kind: '\(kindName)' is not book, author, genre or band")
        }
        let operationName = try string("op")
        guard let operation = ChangeOperation(rawValue: operationName) else {
            throw ChangeLineError("op: '\(operationName)' is not insert, update, delete or merge")
        }
        let survivor = has("into") ? try string("into") : nil
        guard (operation == .merge) == (survivor != nil) else {
            throw ChangeLineError("into: a merge names the entity it went into, and only a merge does")
        }
        guard has("entity") else { throw ChangeLineError("entity: missing (null for a deleted entity)") }
        let entity = try optionalObject("entity")?.payload(of: kind.table)
        return Change(
            sequence: try integer("seq"), kind: kind, uuid: try string("uuid"), operation: operation,
            changedAt: try string("at"), entity: entity, mergedInto: survivor)
    }

    private func payload(of table: EntityTable) throws(JSONAccessError) -> EntityPayload {
        var links: [[EntityPayload.Values]] = []
        for link in table.links {
            links.append(try objects(link.key).map { row throws(JSONAccessError) in try row.values(of: link.columns) })
        }
        return EntityPayload(table: table, values: try values(of: table.payloadColumns), links: links)
    }

    private func values(of columns: [TableColumn]) throws(JSONAccessError) -> EntityPayload.Values {
        var values: EntityPayload.Values = []
        values.reserveCapacity(columns.count)
        for column in columns {
            let node = column.isRequired ? try required(column.key) : optional(column.key)
            switch (column.type, node) {
            case (_, nil): values.append(.null)
            case (.integer, let node?):
                guard let integer = node.integer else { throw mismatch(column.key, expected: "an integer", node) }
                values.append(.integer(integer))
            case (.text, let node?):
                guard let text = node.string else { throw mismatch(column.key, expected: "a string", node) }
                values.append(.text(text))
            }
        }
        return values
    }
}
