/// A book as read from a file, normalized, before any database identity is decided.
///
/// Plain data: the importer pipeline turns it into rows. Text is trimmed and names are
/// whitespace-collapsed; lists are in source order without duplicates or missing values.
struct ImportedBook: Sendable, Hashable {
    /// The row's key in its source (goodbooks: `goodreads_book_id`; Open Library: `/works/OL…W`), the
    /// first identity the pipeline tries with the source name.
    var sourceKey: String?
    /// The title, never empty. With the goodbooks profile a "(Series, #n)" suffix is moved to ``series``.
    var title: String
    /// A subtitle when the source keeps it apart (Open Library), else `nil`.
    var subtitle: String?
    /// Authors first, then contributors, in source order.
    var credits: [ImportedCredit]
    /// Genre (or subject) names.
    var genres: [String]
    /// The ISBN-13, digits only, checksum verified (ISBN-10 input is converted).
    var isbn13: String?
    /// The publication year; negative for BCE (-430 is 430 BCE).
    var year: Int?
    /// The page count, positive.
    var pages: Int?
    /// The language as given (e.g. `eng`, `en-US`).
    var language: String?
    /// A description or summary, trimmed, line breaks kept.
    var summary: String?
    /// The series text taken off the title ("The Hunger Games, #1"), when the profile extracts it.
    var series: String?

    /// Creates a book; only the title is required.
    init(
        title: String, sourceKey: String? = nil, subtitle: String? = nil, credits: [ImportedCredit] = [],
        genres: [String] = [], isbn13: String? = nil, year: Int? = nil, pages: Int? = nil,
        language: String? = nil, summary: String? = nil, series: String? = nil
    ) {
        self.title = title
        self.sourceKey = sourceKey
        self.subtitle = subtitle
        self.credits = credits
        self.genres = genres
        self.isbn13 = isbn13
        self.year = year
        self.pages = pages
        self.language = language
        self.summary = summary
        self.series = series
    }
}
