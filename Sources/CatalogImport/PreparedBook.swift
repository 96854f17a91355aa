import Catalog

/// What the writer computes from a book record alone, before it looks anything up: its column values (or why they
/// are refused), its fingerprint, and the folded names of its authors and genres.
///
/// ``ReadAhead`` prepares each book on its reading thread, so the writer's thread, which every SQLite write of the
/// import waits on, only looks up and writes; without it the writer prepares the book itself.
struct PreparedBook: Sendable {
    let values: Result<BookValues, any Error>
    let fingerprint: String
    /// The folded name of each contributor's author, in order.
    let authorKeys: [String]
    /// The folded name of each genre, in order.
    let genreKeys: [String]

    init(_ book: BookRecord) {
        values = Result { try BookValues(book.draft) }
        fingerprint = book.fingerprint
        authorKeys = book.contributors.map { FoldKey.of($0.author.name) }
        genreKeys = book.genres.map { FoldKey.of($0.name) }
    }

    /// The preparation of the book `row` holds; `nil` for any other row.
    init?(_ row: ImportRow) {
        guard case .accepted(let accepted) = row, case .book(let book) = accepted.record else { return nil }
        self.init(book)
    }
}
