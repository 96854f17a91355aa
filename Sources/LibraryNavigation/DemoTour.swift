public import Catalog
public import Navigation

/// The short browsing session `catalog demo` walks, the way a split-view app is used: genres → a genre → a
/// band → one of its genres; authors → an author → a co-authored book → the co-author; settings as a
/// two-column route; then back.
///
/// The steps are planned against what the catalog holds, so the tour works on any catalog; parts whose
/// data is missing (no bands, no co-authored book) are left out.
public enum DemoTour {
    /// One step: what it does, in words, and the intent.
    public struct Step: Sendable, Hashable {
        public let intent: NavigationIntent<LibraryRoute>
        /// What the user did, e.g. "select genre Heavy Metal".
        public let summary: String
    }

    /// The steps for `catalog`.
    public static func steps(in catalog: LibraryCatalog) throws -> [Step] {
        var steps = [Step(intent: .selectSidebar(.genres), summary: "open Genres in the sidebar")]
        if let (genre, band) = try genreWithBand(in: catalog) {
            steps.append(Step(intent: .selectContent(.genre(genre.uuid)), summary: "select genre \(genre.name)"))
            steps.append(Step(intent: .push(.band(band.uuid)), summary: "open its band \(band.name)"))
            if let next = try catalog.genres.page(ofBand: band.id, after: nil, limit: 10).items.first(where: {
                $0.id != genre.id
            }) {
                steps.append(Step(intent: .push(.genre(next.uuid)), summary: "follow the band to genre \(next.name)"))
            }
        }
        steps.append(Step(intent: .selectSidebar(.authors), summary: "open Authors in the sidebar"))
        if let (book, author, coauthor) = try coauthoredBook(in: catalog) {
            steps.append(Step(intent: .selectContent(.author(author.uuid)), summary: "select author \(author.name)"))
            steps.append(Step(intent: .push(.book(book.uuid)), summary: "open their book \(book.title)"))
            steps.append(Step(intent: .push(.author(coauthor.uuid)), summary: "follow the book to \(coauthor.name)"))
        }
        steps.append(Step(intent: .selectSidebar(.settings), summary: "open Settings (two columns)"))
        steps.append(Step(intent: .back, summary: "go back"))
        return steps
    }

    /// A genre and one of its bands, preferring a band with another genre to follow; genres by name.
    private static func genreWithBand(in catalog: LibraryCatalog) throws -> (Genre, Band)? {
        var fallback: (Genre, Band)?
        for genre in try catalog.genres.page(after: nil, limit: 100).items {
            for band in try catalog.bands.page(inGenre: genre.id, after: nil, limit: 20).items {
                if try catalog.genres.count(ofBand: band.id) > 1 { return (genre, band) }
                fallback = fallback ?? (genre, band)
            }
        }
        return fallback
    }

    /// The first book, by title, credited to two people, with both.
    private static func coauthoredBook(in catalog: LibraryCatalog) throws -> (Book, Author, Author)? {
        for book in try catalog.books.page(after: nil, limit: 200).items {
            let credits = try catalog.books.credits(of: book.id, after: nil, limit: 2).items
            if credits.count == 2 {
                return (book, credits[0].author, credits[1].author)
            }
        }
        return nil
    }
}
