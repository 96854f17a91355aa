import Foundation
import SQLiteDB

/// One change a client made to its offline copy, as it uploads it (`POST /v1/changes`, ``UploadBatch``): what it
/// changed, and what each changed value was before, so the server can merge it field by field with what changed
/// there meanwhile (a three-way merge against the base).
///
/// As JSON:
/// `{"id":"…","kind":"book","uuid":"…","op":"update","base":1234,"fields":{"title":{"base":"Kindred","mine":"Kindred."}},
/// "lists":{"authors":{"base":[{"uuid":"…","role":"author"}],"mine":[…]}}}`; a merge adds `"into":"…"`. Every key
/// but `id`, `kind`, `uuid`, `op` and `base` may be left out.
public struct UploadedChange: Sendable, Hashable, Codable {
    /// What the client did to the entity.
    public enum Operation: String, Sendable, Hashable, Codable {
        /// Created it (with the uuid the client gave it).
        case create
        /// Changed fields or lists of it.
        case update
        /// Deleted it.
        case delete
        /// Merged it into ``UploadedChange/mergedInto``.
        case merge
    }

    /// The client's identity of this change (a lowercase uuid): the server answers a change it has already
    /// applied with the answer it gave then, so an upload whose answer was lost can be sent again.
    public var id: String
    /// The entity's kind.
    public var kind: EntityKind
    /// The entity's uuid, lowercase.
    public var uuid: String
    /// What the client did.
    public var operation: Operation
    /// The server sequence the client's copy of the entity reflected when the change was made (the client's last
    /// synced sequence then): a server revision above it means the server changed the entity since.
    public var baseSequence: Int64
    /// The fields changed, by the change feed's keys (`title`, `year`, `parent`…), each with its value before and
    /// after, as text (`nil`: no value).
    @OmittedWhenEmpty public var fields: [String: FieldChange]
    /// The lists changed (`authors`, `genres`), each whole before and after, in order.
    @OmittedWhenEmpty public var lists: [String: ListChange]
    /// For a merge, the uuid (lowercase) of the entity it was merged into.
    public var mergedInto: String?

    /// A change.
    public init(
        id: String, kind: EntityKind, uuid: String, operation: Operation, baseSequence: Int64,
        fields: [String: FieldChange] = [:], lists: [String: ListChange] = [:], mergedInto: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.uuid = uuid
        self.operation = operation
        self.baseSequence = baseSequence
        self.fields = fields
        self.lists = lists
        self.mergedInto = mergedInto
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, uuid, fields, lists
        case operation = "op"
        case baseSequence = "base"
        case mergedInto = "into"
    }
}

/// A field's value before a client's change (the base) and after it (mine), as text; `nil` is no value.
public struct FieldChange: Sendable, Hashable, Codable {
    /// The value the client's copy held before the change.
    public var base: String?
    /// The value the client set.
    public var mine: String?

    /// A field change.
    public init(base: String?, mine: String?) {
        self.base = base
        self.mine = mine
    }

    enum CodingKeys: String, CodingKey { case base, mine }

    /// Encodes both keys, `null` for no value, so "cleared" and "left out" never read alike.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(base, forKey: .base)
        try container.encode(mine, forKey: .mine)
    }
}

/// A list of an entity (a book's `authors`, a book's or band's `genres`) before a client's change and after it,
/// whole and in order. The server merges it as a set with positions: what the client added is added, what it
/// removed is removed, what the server added meanwhile stays, and the client's order decides where they agree.
public struct ListChange: Sendable, Hashable, Codable {
    /// The list the client's copy held before the change.
    public var base: [ListEntry]
    /// The list the client left.
    public var mine: [ListEntry]

    /// A list change.
    public init(base: [ListEntry], mine: [ListEntry]) {
        self.base = base
        self.mine = mine
    }
}

/// One entry of a list: the author or genre it names (uuid, lowercase) and, for a book's credit, its role.
///
/// As JSON: `{"uuid":"…","role":"author"}`, `role` left out for a genre.
public struct ListEntry: Sendable, Hashable, Codable {
    /// The author or genre, lowercase.
    public var uuid: String
    /// The credit's role (`author`, `editor`…), for a book's authors.
    public var role: String?

    /// An entry.
    public init(uuid: String, role: String? = nil) {
        self.uuid = uuid
        self.role = role
    }

    /// The entries of a list as a change payload holds its rows: each row's author or genre and, for a credit, its
    /// role.
    package static func entries(_ rows: [EntityPayload.Values], of link: LinkTable?) -> [ListEntry] {
        guard let link, let reference = link.references.first else { return [] }
        let role = link.columns.firstIndex { $0.key == "role" }
        return rows.compactMap { row in
            guard case .text(let uuid) = row[reference.position] else { return nil }
            guard let role else { return ListEntry(uuid: uuid) }
            guard case .text(let text) = row[role] else { return ListEntry(uuid: uuid) }
            return ListEntry(uuid: uuid, role: text)
        }
    }
}

/// What a client uploads at once: its identity and changes in the order it made them.
///
/// As JSON: `{"client":"…","changes":[…]}`.
public struct UploadBatch: Sendable, Hashable, Codable {
    /// The client's identity (its database's uuid): change ids are unique per client.
    public var client: String
    /// The changes, oldest first.
    public var changes: [UploadedChange]

    /// A batch.
    public init(client: String, changes: [UploadedChange]) {
        self.client = client
        self.changes = changes
    }
}

/// The JSON text of what uploads store (a change frozen on the client, an answer on the server): keys sorted, so the
/// same value is the same text.
package enum UploadJSON {
    /// `value` as JSON text.
    package static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
