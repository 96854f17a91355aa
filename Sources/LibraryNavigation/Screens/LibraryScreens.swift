public import Catalog
public import Foundation
import SQLiteDB

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
/// LibraryScreens.details(of: try catalog.facts(of: .book, uuid: hobbit)) // Year 1937, ISBN 9780547928227, …
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

    /// What a detail shows of `facts` (``CatalogReader/facts(of:uuid:)``): each that has a value, labelled and
    /// written as its column's ``FieldPresentation`` says, in order. A book's year, ISBN, pages, language and
    /// summary; an author's sort name and note; a genre's broader genre; a band's country, years, status and note.
    package static func details(of facts: [EntityFact]) -> [DetailField] {
        facts.compactMap { fact in
            text(of: fact).map { DetailField(field: fact.field, label: fact.presentation.label, value: $0) }
        }
    }

    /// A fact's value as text, `nil` when it has none.
    private static func text(of fact: EntityFact) -> String? {
        switch fact.presentation.style {
        case .years:
            let years = fact.values.map { value -> Int? in
                guard case .integer(let year) = value else { return nil }
                return Int(year)
            }
            return BandYears.text(formed: years.first ?? nil, ended: years.dropFirst().first ?? nil)
        case .text, .number, .year, .isbn, .country, .name:
            return fact.values.first.flatMap(text(of:))
        }
    }

    /// A stored value as text; `nil` for NULL (and a blob, which no presented column holds).
    private static func text(of value: DatabaseValue) -> String? {
        switch value {
        case .null, .blob: nil
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        }
    }
}
