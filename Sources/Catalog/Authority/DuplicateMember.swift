package import Foundation

/// One entry of a ``DuplicateGroup``, with what a person needs to tell it from the others.
package struct DuplicateMember: Sendable, Equatable {
    /// Its kind.
    package var kind: EntityKind
    /// Its uuid.
    package var uuid: UUID
    /// Its name, or a book's title.
    package var name: String
    /// Its note telling it from namesakes (authors, bands).
    package var note: String?
    /// How many books credit it (authors).
    package var books: Int?
    /// Its country (bands).
    package var country: String?
    /// The year it was formed (bands).
    package var formedYear: Int?
    /// Its year (books).
    package var year: Int?
    /// Its ISBN (books).
    package var isbn13: String?
    /// Who it is credited to, in order (books).
    package var authors: [String]?

    /// A member; what does not apply to its kind stays `nil`.
    package init(
        kind: EntityKind, uuid: UUID, name: String, note: String? = nil, books: Int? = nil, country: String? = nil,
        formedYear: Int? = nil, year: Int? = nil, isbn13: String? = nil, authors: [String]? = nil
    ) {
        self.kind = kind
        self.uuid = uuid
        self.name = name
        self.note = note
        self.books = books
        self.country = country
        self.formedYear = formedYear
        self.year = year
        self.isbn13 = isbn13
        self.authors = authors
    }
}
