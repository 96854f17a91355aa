public import Catalog

/// The current state of one entity in a change: one case per kind.
public enum EntityPayload: Sendable, Hashable {
    case book(BookPayload)
    case author(AuthorPayload)
    case genre(GenrePayload)
    case band(BandPayload)

    /// The kind of the entity.
    public var kind: EntityKind {
        switch self {
        case .book: .book
        case .author: .author
        case .genre: .genre
        case .band: .band
        }
    }

    /// The entity's uuid, lowercase.
    public var uuid: String {
        switch self {
        case .book(let book): book.uuid
        case .author(let author): author.uuid
        case .genre(let genre): genre.uuid
        case .band(let band): band.uuid
        }
    }

    /// When the entity last changed (ISO 8601 text).
    var updatedAt: String {
        switch self {
        case .book(let book): book.updatedAt
        case .author(let author): author.updatedAt
        case .genre(let genre): genre.updatedAt
        case .band(let band): band.updatedAt
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .book(let book): try book.encode(to: encoder)
        case .author(let author): try author.encode(to: encoder)
        case .genre(let genre): try genre.encode(to: encoder)
        case .band(let band): try band.encode(to: encoder)
        }
    }

    init(kind: EntityKind, from decoder: any Decoder) throws {
        switch kind {
        case .book: self = .book(try BookPayload(from: decoder))
        case .author: self = .author(try AuthorPayload(from: decoder))
        case .genre: self = .genre(try GenrePayload(from: decoder))
        case .band: self = .band(try BandPayload(from: decoder))
        }
    }
}
