public import Catalog
import Foundation
public import Navigation
import SQLiteDB

/// What each column of the split view lists for a scene's current state, as data: the sidebar's rows,
/// the content list of a sidebar route, and the detail of a route with the links that can be pushed.
///
/// Lists are lazy (``ColumnList``): making one reads its count and first page only.
///
/// ```swift
/// let columns = BrowserColumns(catalog: catalog, session: session)
/// let sidebar = columns.sidebar()
/// let content = try columns.content(of: .genres)       // Genres 26: Electronic, Folk, …
/// let detail = try columns.detail(of: .band(motorhead)) // Country GB, Years 1975–2015, Genres …
/// ```
public struct BrowserColumns {
    /// The catalog the columns list.
    let catalog: any BrowsableCatalog
    /// The catalog's database as the About detail names it: its file, or a PostgreSQL server.
    let databaseName: String
    /// The scene whose state the columns show.
    public let session: NavigationSession<LibraryRoute>
    /// How many rows a page reads.
    public let pageSize: Int

    /// Columns over `catalog` for the state of `session`.
    ///
    /// - Parameters:
    ///   - catalog: the catalog the session's routes point into.
    ///   - session: the browsing scene.
    ///   - pageSize: rows per page, 1…1000; a screenful or two.
    public init(catalog: LibraryCatalog, session: NavigationSession<LibraryRoute>, pageSize: Int = 100) {
        self.init(catalog: catalog, named: catalog.db.path, session: session, pageSize: pageSize)
    }

    /// Columns over `catalog` of any database, named `databaseName` in the About detail.
    package init(
        catalog: any BrowsableCatalog, named databaseName: String, session: NavigationSession<LibraryRoute>,
        pageSize: Int = 100
    ) {
        self.catalog = catalog
        self.databaseName = databaseName
        self.session = session
        self.pageSize = min(max(pageSize, 1), 1000)
    }

    // MARK: Sidebar

    /// The sidebar: the sections, with the active search and a genre selected in the sidebar as extra rows.
    public func sidebar() -> ColumnList {
        var rows = LibraryRoute.sections.map { ColumnRow(route: $0, title: $0.displayName) }
        switch session.state.sidebar {
        case .search(let text)?:
            let settings = rows.firstIndex { $0.route == .settings } ?? rows.endIndex
            rows.insert(ColumnRow(route: .search(text), title: "Search “\(text)”"), at: settings)
        case .genre(let uuid)?:
            let title = (try? catalog.name(of: .genre, uuid: uuid)) ?? nil
            rows.append(ColumnRow(route: .genre(uuid), title: title ?? "Genre (deleted)", subtitle: "genre"))
        default:
            break
        }
        return ColumnList(title: "Library", rows: rows, totalCount: rows.count)
    }

    // MARK: Content

    /// What the content column lists under sidebar route `sidebar`, or `nil` for a two-column route: the lists
    /// ``LibraryScreens/contentLists(of:)`` states.
    ///
    /// Books by title, authors and bands by sort name, genres by name, a search's hits of any kind best
    /// first, a sidebar genre's bands then its books.
    ///
    /// - Throws: `DatabaseError` when reading fails.
    public func content(of sidebar: LibraryRoute) throws -> ColumnList? {
        guard let lists = LibraryScreens.contentLists(of: sidebar) else { return nil }
        guard case .genre(let uuid) = sidebar else {
            return try list(sidebar.displayName, lists, scopeID: nil)
        }
        guard let genre = try catalog.genre(uuid: uuid) else { return ColumnList(title: "Genre (deleted)", rows: []) }
        return try list(genre.name, lists, scopeID: genre.id)
    }

    private func list(_ title: String, _ lists: [ScreenList], scopeID: Int64?) throws -> ColumnList {
        try ColumnList(title: title, lists: lists, scopeID: scopeID, catalog: catalog, pageSize: pageSize)
    }

    // MARK: Detail

    /// The detail of `route`: its fields and the linked routes that can be pushed onto it, as ``LibraryScreens``
    /// states them.
    ///
    /// A deleted entity gives a detail titled "(deleted)" with nothing in it, never an error.
    ///
    /// - Throws: `DatabaseError` when reading fails.
    public func detail(of route: LibraryRoute) throws -> RouteDetail {
        switch route {
        case .book(let uuid):
            try catalog.book(uuid: uuid).map { try entityDetail(route, $0.title, $0.id) } ?? deleted(route)
        case .author(let uuid):
            try catalog.author(uuid: uuid).map { try entityDetail(route, $0.name, $0.id) } ?? deleted(route)
        case .genre(let uuid):
            try catalog.genre(uuid: uuid).map { try entityDetail(route, $0.name, $0.id) } ?? deleted(route)
        case .band(let uuid):
            try catalog.band(uuid: uuid).map { try entityDetail(route, $0.name, $0.id) } ?? deleted(route)
        case .settings: try settingsDetail()
        case .about: try aboutDetail()
        case .books, .authors, .genres, .bands, .search:
            RouteDetail(route: route, kind: "Section", title: route.displayName, fields: [], sections: [])
        }
    }

    /// The detail of the entity `route` names, whose row id is `id`: its facts, as its table's description presents
    /// them, and its related lists.
    private func entityDetail(_ route: LibraryRoute, _ title: String, _ id: Int64) throws -> RouteDetail {
        guard let entity = route.entity else { return deleted(route) }
        return RouteDetail(
            route: route, kind: route.displayName, title: title,
            fields: LibraryScreens.details(of: try catalog.facts(of: entity.kind, uuid: entity.uuid)),
            sections: try LibraryScreens.relatedLists(of: entity.kind, entity.uuid).map { related in
                try list(related.heading, [related.list], scopeID: id)
            })
    }

    private func deleted(_ route: LibraryRoute) -> RouteDetail {
        RouteDetail(
            route: route, kind: route.displayName, title: "(deleted)",
            fields: [
                DetailField(label: "Note", value: "This \(route.displayName.lowercased()) is no longer available.")
            ],
            sections: [])
    }

    private func settingsDetail() throws -> RouteDetail {
        let history = session.history
        return RouteDetail(
            route: .settings, kind: "Section", title: "Settings",
            fields: [
                DetailField(label: "User", value: session.user.name),
                DetailField(label: "Scene", value: session.scene),
                DetailField(label: "Columns", value: session.state.visibility.rawValue),
                DetailField(label: "History", value: "entry \(history.index + 1) of \(history.count)"),
                DetailField(label: "Sessions", value: "\(try session.store.sessions(for: session.user).count) saved"),
            ],
            sections: [])
    }

    private func aboutDetail() throws -> RouteDetail {
        RouteDetail(
            route: .about, kind: "Section", title: "About this catalog",
            fields: [
                DetailField(label: "Books", value: "\(try catalog.count(BrowsingList<Book>.books))"),
                DetailField(label: "Authors", value: "\(try catalog.count(BrowsingList<Author>.authors))"),
                DetailField(label: "Genres", value: "\(try catalog.count(BrowsingList<Genre>.genres))"),
                DetailField(label: "Bands", value: "\(try catalog.count(BrowsingList<Band>.bands))"),
                DetailField(label: "Database", value: databaseName),
            ],
            sections: [])
    }

    // MARK: Breadcrumb

    /// The titles of the detail root and each pushed route, bottom first: the detail column's breadcrumb.
    ///
    /// - Throws: `DatabaseError` when reading fails.
    public func breadcrumb() throws -> [String] {
        let state = session.state
        return try ([state.detail].compactMap { $0 } + state.stack).map(catalog.title(of:))
    }
}
