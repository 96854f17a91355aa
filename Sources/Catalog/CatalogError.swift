public import Foundation

/// Why a catalog operation could not be done, as a sentence a user can act on.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No entity of `kind` has this uuid (it was never there, or it was deleted).
    case notFound(EntityKind, uuid: UUID)
    /// No entity of `kind` has this row id.
    case missingRow(EntityKind, id: Int64)
    /// A value given for `field` cannot be stored.
    case invalidValue(field: String, value: String, reason: String)
    /// Another genre already has this name, once case and diacritics are folded.
    case duplicateGenre(name: String, existing: String)
    /// A page cursor that is malformed or belongs to another list.
    case invalidCursor(reason: String)
    /// A page size out of 1…``Page/maximumLimit``.
    case invalidLimit(Int)
    /// `(source, key)` already names an entity of another kind.
    case sourceKeyConflict(source: String, key: String, existing: EntityKind, requested: EntityKind)

    /// The failure as a sentence for a user.
    public var description: String {
        switch self {
        case .notFound(let kind, let uuid):
            return "no \(kind.rawValue) with uuid \(uuid.uuidString.lowercased())"
        case .missingRow(let kind, let id):
            return "no \(kind.rawValue) with id \(id)"
        case .invalidValue(let field, let value, let reason):
            return "invalid \(field) '\(value)': \(reason)"
        case .duplicateGenre(let name, let existing):
            return "a genre named '\(existing)' already exists; '\(name)' would be the same genre"
        case .invalidCursor(let reason):
            return "invalid cursor: \(reason); start the list again without a cursor"
        case .invalidLimit(let limit):
            return "invalid page size \(limit): it must be 1–\(Page<Book>.maximumLimit)"
        case .sourceKeyConflict(let source, let key, let existing, let requested):
            return "source key '\(key)' of '\(source)' already names \(Self.a(existing)), not \(Self.a(requested))"
        }
    }

    /// "a book", "an author".
    private static func a(_ kind: EntityKind) -> String {
        (kind == .author ? "an " : "a ") + kind.rawValue
    }
}

// An app shows these in an alert: the description is the message.
extension CatalogError: LocalizedError {
    public var errorDescription: String? { description }
}
