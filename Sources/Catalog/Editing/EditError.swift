public import Foundation

/// Why a hand edit, delete, merge or undo was refused. Nothing was changed.
public enum EditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The edit was based on revision `expected` of the entity, which has changed since (it is at `current`).
    case staleRevision(EntityKind, uuid: UUID, expected: Int64, current: Int64)
    /// `field` is not a field of the kind; `known` lists those that are.
    case unknownField(EntityKind, field: String, known: [String])
    /// `field` must have a value and cannot be cleared.
    case requiredField(EntityKind, field: String)
    /// An author still credited on `books` books cannot be deleted.
    case authorHasBooks(name: String, books: Int)
    /// An entry merges only into one of its own kind.
    case differentKinds(EntityKind, into: EntityKind)
    /// An entry cannot be merged into itself.
    case mergeIntoItself(EntityKind, uuid: UUID)
    /// The entry was merged into another, which is where edits go now.
    case merged(EntityKind, uuid: UUID, into: UUID)
    /// More than one entry of the kind has this name.
    case ambiguousName(EntityKind, name: String, uuids: [UUID])
    /// The entry's list `list` holds nothing named `target`.
    case notInList(list: String, target: String)
    /// The kind has no list `list`.
    case unknownList(EntityKind, list: String)
    /// Nothing recorded for the entry can be undone.
    case nothingToUndo(EntityKind, uuid: UUID)
    /// The last edit of the entry cannot be undone: `name` has changed since.
    case changedSince(EntityKind, uuid: UUID, name: String)
    /// No conflict has the id.
    case unknownConflict(id: Int64)
    /// The conflict was settled already (`how`: mine or theirs).
    case conflictResolved(id: Int64, how: String)

    /// The refusal as a sentence for a user, saying what to do.
    public var description: String {
        switch self {
        case .staleRevision(let kind, let uuid, let expected, let current):
            "the \(kind.rawValue) \(Self.text(uuid)) changed since revision \(expected) (it is at revision \(current)); "
                + "read it again and reapply the edit"
        case .unknownField(let kind, let field, let known):
            "a \(kind.rawValue) has no field '\(field)'; its fields are \(known.joined(separator: ", "))"
        case .requiredField(let kind, let field):
            "a \(kind.rawValue) must have a \(field); give a new value instead of clearing it"
        case .authorHasBooks(let name, let books):
            "\(name) is credited on \(books) book\(books == 1 ? "" : "s"); merge the author into another, or remove "
                + "the credits first"
        case .differentKinds(let kind, let other):
            "a \(kind.rawValue) cannot be merged into a \(other.rawValue): an entry merges only into one of its kind"
        case .mergeIntoItself(let kind, let uuid):
            "the \(kind.rawValue) \(Self.text(uuid)) cannot be merged into itself; name another \(kind.rawValue)"
        case .merged(let kind, let uuid, let into):
            "the \(kind.rawValue) \(Self.text(uuid)) was merged into \(Self.text(into)); edit that one instead"
        case .ambiguousName(let kind, let name, let uuids):
            "\(uuids.count) \(kind.rawValue)s are named '\(name)'; name one by its uuid: "
                + uuids.map(Self.text).joined(separator: ", ")
        case .notInList(let list, let target):
            "its \(list) hold nothing named '\(target)'"
        case .unknownList(let kind, let list):
            "a \(kind.rawValue) has no list '\(list)'"
        case .nothingToUndo(let kind, let uuid):
            "nothing to undo for the \(kind.rawValue) \(Self.text(uuid))"
        case .changedSince(let kind, let uuid, let name):
            "the last edit of the \(kind.rawValue) \(Self.text(uuid)) cannot be undone: \(name) has changed since"
        case .unknownConflict(let id):
            "no conflict has the id \(id); list them with `catalog conflicts`"
        case .conflictResolved(let id, let how):
            "conflict \(id) was settled already (\(how) taken); edit the entry to change it again"
        }
    }

    private static func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }
}

// An app shows these in an alert: the description is the message.
extension EditError: LocalizedError {
    public var errorDescription: String? { description }
}
