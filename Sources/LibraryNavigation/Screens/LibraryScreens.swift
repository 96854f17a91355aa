public import Catalog
public import Foundation

/// What each screen of the catalog's split view shows, stated once: the sidebar's sections, the lists a sidebar
/// route's content column shows, and what a detail shows (its facts with their labels, its related lists with their
/// headings).
///
/// The terminal browser (``BrowserColumns``) renders it, the JSON answers carry it (a scene's content lists, a
/// detail's facts and related lists, with their API paths), and the web page reads those, so the three cannot list
/// different things.
///
/// ```swift
/// LibraryScreens.contentLists(of: .genre(rock))   // [.linked(.band, to: .genre, rock), .linked(.book, to: .genre, rock)]
/// LibraryScreens.facts(of: hobbit)                // Year 1937, ISBN 9780547928227, Pages 300, Language en
/// ```
public enum LibraryScreens {
    /// The sidebar's sections, in display order.
    public static var sections: [LibraryRoute] { LibraryRoute.sections }

    /// The lists the content column shows, in order, under sidebar route `sidebar`: a section's entities, a search's
    /// hits, a sidebar genre's bands and then its books; `nil` for a route whose layout has no content column (settings,
    /// about) or that is no sidebar item.
    public static func contentLists(of sidebar: LibraryRoute) -> [ScreenList]? {
        switch sidebar {
        case .books: [.all(.book)]
        case .authors: [.all(.author)]
        case .genres: [.all(.genre)]
        case .bands: [.all(.band)]
        case .search(let text): [.search(text)]
        case .genre(let uuid): [.linked(.band, to: .genre, uuid), .linked(.book, to: .genre, uuid)]
        case .settings, .about, .book, .author, .band: nil
        }
    }

    /// The related lists of the detail of the `kind` entity `uuid`, in display order: a book's authors (with their
    /// roles) and genres, an author's books and co-authors, a genre's bands and books, a band's genres.
    public static func relatedLists(of kind: EntityKind, _ uuid: UUID) -> [RelatedList] {
        switch kind {
        case .book:
            [
                RelatedList(name: "authors", heading: "Authors", list: .linked(.author, to: .book, uuid)),
                RelatedList(name: "genres", heading: "Genres", list: .linked(.genre, to: .book, uuid)),
            ]
        case .author:
            [
                RelatedList(name: "books", heading: "Books", list: .linked(.book, to: .author, uuid)),
                RelatedList(name: "coauthors", heading: "Co-authors", list: .linked(.author, to: .author, uuid)),
            ]
        case .genre:
            [
                RelatedList(name: "bands", heading: "Bands", list: .linked(.band, to: .genre, uuid)),
                RelatedList(name: "books", heading: "Books", list: .linked(.book, to: .genre, uuid)),
            ]
        case .band:
            [RelatedList(name: "genres", heading: "Genres", list: .linked(.genre, to: .band, uuid))]
        }
    }

    // MARK: Facts

    /// A book's facts: year, ISBN, pages, language and summary, those it has.
    public static func facts(of book: Book) -> [DetailField] {
        fields([
            ("Year", book.year.map(String.init)), ("ISBN", book.isbn13), ("Pages", book.pages.map(String.init)),
            ("Language", book.language), ("Summary", book.summary),
        ])
    }

    /// An author's facts: the name they are sorted by and a note telling them from namesakes.
    public static func facts(of author: Author) -> [DetailField] {
        fields([("Sort name", author.sortName), ("Note", author.disambiguation)])
    }

    /// A genre's facts: the genre it is part of, when it has one.
    public static func facts(of genre: Genre, parent: Genre?) -> [DetailField] {
        fields([("Part of", parent?.name)])
    }

    /// A band's facts: country, active years, status and a note telling it from namesakes.
    public static func facts(of band: Band) -> [DetailField] {
        fields([
            ("Country", band.country), ("Years", BandYears.text(formed: band.formedYear, ended: band.endedYear)),
            ("Status", band.status?.rawValue), ("Note", band.disambiguation),
        ])
    }

    /// The pairs that have a value, as fields, in order.
    private static func fields(_ pairs: [(String, String?)]) -> [DetailField] {
        pairs.compactMap { label, value in value.map { DetailField(label: label, value: $0) } }
    }
}
