import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The columns' data over the sample catalog: lists, lazy paging, details and their links.
@Suite struct BrowserColumnsTests {
    let catalog: LibraryCatalog
    let session: NavigationSession<LibraryRoute>

    init() throws {
        let db = try DatabaseSchema.open(path: ":memory:")
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(
                contentsOf: TestSupport.sampleData.appending(path: file))
        }
        catalog = LibraryCatalog(db)
        session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "default")
    }

    func genre(_ name: String) throws -> Genre { try #require(try catalog.genres.find(named: name)) }
    func band(_ name: String) throws -> Band { try #require(try catalog.bands.find(named: name).first) }
    func book(_ title: String) throws -> Book {
        try #require(try catalog.books.page(after: nil, limit: 100).items.first { $0.title == title })
    }
    func author(_ name: String) throws -> Author { try #require(try catalog.authors.find(named: name).first) }

    @Test func sectionsListTheirKindWithCountsAndOnlyTheFirstPageLoaded() throws {
        let columns = BrowserColumns(catalog: catalog, session: session, pageSize: 5)
        var books = try #require(try columns.content(of: .books))
        #expect(books.header == "Books 36")
        #expect(books.rows.count == 5)
        #expect(!books.isComplete)
        #expect(books.rows[0].title == "Adventures of Huckleberry Finn")
        #expect(books.rows[0].subtitle == "1884")

        try books.loadIfNeeded(around: 7, margin: 3)
        #expect(books.rows.count == 15)
        while try books.loadMore() {}
        #expect(books.rows.count == 36)
        #expect(books.isComplete)
        #expect(Set(books.rows.map(\.route)).count == 36)

        #expect(try columns.content(of: .authors)?.header == "Authors 48")
        #expect(try columns.content(of: .genres)?.header == "Genres 26")
        #expect(try columns.content(of: .bands)?.rows.first?.route.entity?.kind == .band)
        #expect(try columns.content(of: .settings) == nil)
    }

    @Test func aDeepSelectionIsFoundByLoadingPagesUpToALimit() throws {
        let columns = BrowserColumns(catalog: catalog, session: session, pageSize: 4)
        var books = try #require(try columns.content(of: .books))
        let last = try book("Wuthering Heights")
        #expect(try books.load(until: .book(last.uuid), maximumRows: 8) == nil)
        #expect(books.rows.count == 8)
        let index = try #require(try books.load(until: .book(last.uuid)))
        #expect(books.rows[index].title == "Wuthering Heights")
    }

    @Test func aGenreInTheSidebarListsItsBandsThenItsBooksTaggedByKind() throws {
        let rock = try genre("Rock")
        try session.apply(.selectSidebar(.genre(rock.uuid)))
        let columns = BrowserColumns(catalog: catalog, session: session, pageSize: 3)
        var list = try #require(try columns.content(of: .genre(rock.uuid)))
        let expected = try catalog.bands.count(inGenre: rock.id) + catalog.books.count(inGenre: rock.id)
        #expect(list.header == "Rock \(expected)")
        while try list.loadMore() {}
        #expect(list.rows.count == expected)
        #expect(list.rows.first?.subtitle?.hasPrefix("band · ") == true)
        let kinds = list.rows.compactMap(\.route.entity?.kind)
        #expect(kinds == kinds.sorted { $0 == .band && $1 != .band })

        let sidebar = columns.sidebar()
        #expect(sidebar.rows.map(\.title) == ["Books", "Authors", "Genres", "Bands", "Settings", "About", "Rock"])
        #expect(sidebar.index(of: session.state.sidebar) == 6)
    }

    @Test func searchResultsOfAnyKindBecomeTheContentAndTheSidebarShowsTheSearch() throws {
        try session.apply(.selectSidebar(.search("tolk")))
        let columns = BrowserColumns(catalog: catalog, session: session)
        let results = try #require(try columns.content(of: .search("tolk")))
        #expect(results.rows.contains { $0.title == "J. R. R. Tolkien" && $0.subtitle == "author" })
        #expect(results.isComplete)
        #expect(results.header == "Search “tolk” \(results.rows.count)")
        #expect(columns.sidebar().rows.map(\.title).contains("Search “tolk”"))
    }

    @Test func aBookShowsItsFieldsAuthorsWithRolesAndGenres() throws {
        let huck = try book("Adventures of Huckleberry Finn")
        let detail = try BrowserColumns(catalog: catalog, session: session).detail(of: .book(huck.uuid))
        #expect(detail.kind == "Book")
        #expect(detail.title == "Adventures of Huckleberry Finn")
        #expect(detail.fields.map(\.label) == ["Year", "Language", "Summary"])
        #expect(detail.fields.first?.value == "1884")
        #expect(detail.sections.map(\.header) == ["Authors 2", "Genres 2"])
        #expect(
            detail.sections[0].rows.map { "\($0.title) (\($0.subtitle ?? ""))" } == [
                "Mark Twain (author)", "E. W. Kemble (illustrator)",
            ])
        #expect(detail.sections[1].rows.map(\.title).sorted() == ["Adventure", "Satire"])
        #expect(detail.links.allSatisfy { LibraryRoute.book(huck.uuid).allowsPush($0.route) })
    }

    @Test func anAuthorShowsBooksAndCoauthorsABandItsFactsAGenreItsBandsAndBooks() throws {
        let columns = BrowserColumns(catalog: catalog, session: session)
        let twain = try columns.detail(of: .author(try author("Mark Twain").uuid))
        #expect(twain.sections.map(\.title) == ["Books", "Co-authors"])
        #expect(twain.sections[1].rows.map(\.title) == ["E. W. Kemble"])
        #expect(twain.links.allSatisfy { twain.route.allowsPush($0.route) })

        let motorhead = try columns.detail(of: .band(try band("Motörhead").uuid))
        #expect(
            motorhead.fields == [
                DetailField(field: "country", label: "Country", value: "GB"),
                DetailField(field: "formedYear", label: "Years", value: "1975–2015"),
                DetailField(field: "status", label: "Status", value: "disbanded"),
            ])
        #expect(motorhead.sections.first?.rows.map(\.title).sorted() == ["Hard rock", "Heavy metal"])

        let metal = try columns.detail(of: .genre(try genre("Heavy metal").uuid))
        #expect(metal.fields == [DetailField(field: "parent", label: "Part of", value: "Rock")])
        #expect(metal.sections.map(\.header) == ["Bands 8", "Books 0"])
        #expect(metal.linkIndex(of: .band(try band("Motörhead").uuid)) != nil)
    }

    @Test func aDeletedEntityShowsAsNoLongerAvailable() throws {
        let columns = BrowserColumns(catalog: catalog, session: session)
        let ghost = try columns.detail(of: .book(UUID()))
        #expect(ghost.title == "(deleted)")
        #expect(ghost.links.isEmpty)
        let about = try columns.detail(of: .about)
        #expect(about.fields.first == DetailField(label: "Books", value: "36"))
    }

    @Test func theBreadcrumbNamesTheDetailRootAndEachPushedRoute() throws {
        let metal = try genre("Heavy metal")
        let motorhead = try band("Motörhead")
        try session.apply(.selectSidebar(.genres))
        try session.apply(.selectContent(.genre(metal.uuid)))
        try session.apply(.push(.band(motorhead.uuid)))
        #expect(try BrowserColumns(catalog: catalog, session: session).breadcrumb() == ["Heavy metal", "Motörhead"])
    }
}
