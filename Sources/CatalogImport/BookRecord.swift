public import Catalog
public import Foundation

/// A book as an import source describes it: its fields, its credits and its genres, by value.
///
/// Any reader (the native JSON, a CSV profile, a dump) produces these and hands them to ``CatalogImporter``.
public struct BookRecord: Sendable, Hashable {
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
    /// The title as printed.
    public var title: String
    /// The sort title, or `nil` to derive it.
    public var sortTitle: String?
    /// The ISBN-13, if known.
    public var isbn13: String?
    /// The year of first publication; negative for BCE.
    public var year: Int?
    /// The page count.
    public var pages: Int?
    /// A BCP 47 language tag.
    public var language: String?
    /// A short description.
    public var summary: String?
    /// The credits, in credited order.
    public var contributors: [Contributor]
    /// The genres, in order.
    public var genres: [GenreRecord]
    /// The uuid to give the book when it is created, or `nil` for a random one.
    public var uuid: UUID?

    /// Creates a record.
    public init(
        key: String?, title: String, sortTitle: String? = nil, isbn13: String? = nil, year: Int? = nil,
        pages: Int? = nil, language: String? = nil, summary: String? = nil, contributors: [Contributor] = [],
        genres: [GenreRecord] = [], uuid: UUID? = nil
    ) {
        self.key = key
        self.title = title
        self.sortTitle = sortTitle
        self.isbn13 = isbn13
        self.year = year
        self.pages = pages
        self.language = language
        self.summary = summary
        self.contributors = contributors
        self.genres = genres
        self.uuid = uuid
    }

    var draft: BookDraft {
        BookDraft(
            title: title, sortTitle: sortTitle, isbn13: isbn13, year: year, pages: pages, language: language,
            summary: summary, uuid: uuid)
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
