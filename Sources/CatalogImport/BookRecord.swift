public import Catalog
public import Foundation

/// A book as an import source describes it: its fields, its credits and its genres, by value.
///
/// Any reader (the native JSON, a CSV profile, a dump) produces these and hands them to ``CatalogImporter``. The
/// book's fields are the draft of the book it creates or changes, read as the record's own (`record.title`).
public struct BookRecord: DraftRecord, Sendable, Hashable {
    /// A credit: who, and in which role.
    public struct Contributor: Sendable, Hashable {
        /// The person.
        public var author: AuthorRecord
        /// What they did on the book.
        public var role: ContributorRole

        /// Creates a credit.
        public init(author: AuthorRecord, role: ContributorRole = .author) {
            self.author = author
            self.role = role
        }
    }

    /// The source's key for the book: with the source name, its identity across imports. Without one, the
    /// importer derives a key from the ISBN-13, else from the folded title and first author.
    public var key: String?
    /// The fields the book is given: title, sort title (or `nil` to derive it), ISBN-13, year, pages, language,
    /// summary, and the uuid to give a new book (or `nil` for a random one).
    public var draft: BookDraft
    /// The credits, in credited order.
    public var contributors: [Contributor]
    /// The genres, in order.
    public var genres: [GenreRecord]

    /// Creates a record.
    public init(
        key: String?, title: String, sortTitle: String? = nil, isbn13: String? = nil, year: Int? = nil,
        pages: Int? = nil, language: String? = nil, summary: String? = nil, contributors: [Contributor] = [],
        genres: [GenreRecord] = [], uuid: UUID? = nil
    ) {
        self.key = key
        draft = BookDraft(
            title: title, sortTitle: sortTitle, isbn13: isbn13, year: year, pages: pages, language: language,
            summary: summary, uuid: uuid)
        self.contributors = contributors
        self.genres = genres
    }

    /// The hash of everything the record says, links included.
    var fingerprint: String {
        var hash = Fingerprint()
        draft.fingerprint(into: &hash)
        for contributor in contributors {
            contributor.author.fingerprint(into: &hash)
            hash.add(contributor.role.rawValue)
        }
        hash.add("genres")
        for genre in genres { genre.fingerprint(into: &hash) }
        return hash.hex
    }
}
