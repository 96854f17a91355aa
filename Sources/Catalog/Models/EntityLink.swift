package import Foundation

/// A link between two entities as one of the catalog's link tables records it, owner first: the question "does the
/// catalog link these two?" asked the same way of every backend.
package enum EntityLink: Sendable, Hashable {
    /// `book_authors`: the book credits the author.
    case bookAuthor(book: UUID, author: UUID)
    /// `book_genres`: the book is filed under the genre.
    case bookGenre(book: UUID, genre: UUID)
    /// `band_genres`: the band plays the genre.
    case bandGenre(band: UUID, genre: UUID)
    /// Two different authors credited on one book.
    case coauthors(UUID, UUID)

    /// The link that would join the two entities, in either order; `nil` when no link table joins their kinds (a
    /// band and a book) or an author is asked about themselves.
    package init?(_ kind: EntityKind, _ uuid: UUID, _ otherKind: EntityKind, _ otherUUID: UUID) {
        switch (kind, otherKind) {
        case (.author, .author) where uuid != otherUUID: self = .coauthors(uuid, otherUUID)
        case (.book, .author): self = .bookAuthor(book: uuid, author: otherUUID)
        case (.author, .book): self = .bookAuthor(book: otherUUID, author: uuid)
        case (.book, .genre): self = .bookGenre(book: uuid, genre: otherUUID)
        case (.genre, .book): self = .bookGenre(book: otherUUID, genre: uuid)
        case (.band, .genre): self = .bandGenre(band: uuid, genre: otherUUID)
        case (.genre, .band): self = .bandGenre(band: otherUUID, genre: uuid)
        default: return nil
        }
    }

    /// The two uuids, in the order the link's table keys them.
    package var uuids: (UUID, UUID) {
        switch self {
        case .bookAuthor(let book, let author): (book, author)
        case .bookGenre(let book, let genre): (book, genre)
        case .bandGenre(let band, let genre): (band, genre)
        case .coauthors(let one, let other): (one, other)
        }
    }
}
