import Catalog

/// What one column lists, loaded lazily page by page through the catalog's keyset cursors.
///
/// Only the first page is read when the list is made, so a column over a million books opens as fast as
/// one over ten; ``loadMore()`` reads the next page, and ``loadIfNeeded(around:margin:)`` does it when a
/// cursor nears the end of what is loaded. A list can chain several catalog lists (a genre in the sidebar
/// lists its bands, then its books).
///
/// ```swift
/// var books = try BrowserColumns(catalog: catalog, session: session).content(of: .books)
/// print(books?.header)                 // "Books 36"
/// try books?.loadIfNeeded(around: 80)  // reads on while row 80 is near the end
/// ```
public struct ColumnList {
    /// The column header: a section name, a genre's name, "Authors" in a book's detail.
    public let title: String
    /// The rows loaded so far, in list order.
    public private(set) var rows: [ColumnRow]
    /// How many rows the whole list has, or `nil` when unknown (search results).
    public let totalCount: Int?
    /// The catalog lists the rows are read from, in turn, as ``LibraryScreens`` states them; none for fixed rows.
    public let lists: [ScreenList]

    private let catalog: (any BrowsableCatalog)?
    private let pageSize: Int
    /// The sources still to read, the current one first.
    private var pending: [ColumnSource]
    private var cursor: PageCursor?
    /// Rows read from the current source.
    private var loadedFromSource = 0
    /// Whether each row's subtitle starts with its kind, in a list mixing kinds.
    private let tagsKinds: Bool

    /// A list of fixed rows: the sidebar, or test data.
    ///
    /// - Parameters:
    ///   - title: the header.
    ///   - rows: every row.
    ///   - totalCount: the count to show, `rows.count` when `nil`.
    public init(title: String, rows: [ColumnRow], totalCount: Int? = nil) {
        self.title = title
        self.rows = rows
        self.totalCount = totalCount ?? rows.count
        lists = []
        catalog = nil
        pageSize = max(1, rows.count)
        pending = []
        tagsKinds = false
    }

    /// A list read from `lists` in turn, each scoped (when it is) to the entity with the row id `scopeID`; the first
    /// page is read at once, and the total counted unless a list is not counted. A list of several lists tags each
    /// row's subtitle with its kind ("band · GB", "book · 1937").
    init(
        title: String, lists: [ScreenList], scopeID: Int64?, catalog: any BrowsableCatalog, pageSize: Int
    ) throws {
        // The description states only lists the catalog reads; one it could not would show no rows.
        let sources = lists.compactMap { ColumnSource($0, scopeID: scopeID) }
        let counts = try sources.map { try $0.count(in: catalog) }
        tagsKinds = lists.count > 1
        self.title = title
        self.lists = lists
        rows = []
        totalCount = counts.contains { $0 == nil } ? nil : counts.reduce(0) { $0 + ($1 ?? 0) }
        self.catalog = catalog
        self.pageSize = pageSize
        pending = sources
        try loadMore()
    }

    /// Whether every row is loaded.
    public var isComplete: Bool { pending.isEmpty }

    /// The header with the count: "Books 36", "Search “tolk” 20+" while more may follow.
    public var header: String {
        if let totalCount { return "\(title) \(totalCount)" }
        return "\(title) \(rows.count)\(isComplete ? "" : "+")"
    }

    /// The index of the row leading to `route` among the loaded rows.
    public func index(of route: LibraryRoute?) -> Int? {
        guard let route else { return nil }
        return rows.firstIndex { $0.route == route }
    }

    /// Reads the next page; does nothing when the list is complete.
    ///
    /// - Returns: whether rows were added.
    /// - Throws: `DatabaseError` when reading fails.
    @discardableResult
    public mutating func loadMore() throws -> Bool {
        let before = rows.count
        // A source can end exactly on a page boundary: go on to the next source until rows come or none is left.
        while rows.count == before, let source = pending.first, let catalog {
            let page = try source.rows(in: catalog, after: cursor, loaded: loadedFromSource, limit: pageSize)
            rows += tagsKinds ? page.rows.map(Self.tagged) : page.rows
            loadedFromSource += page.rows.count
            cursor = page.next
            if page.isLast {
                pending.removeFirst()
                cursor = nil
                loadedFromSource = 0
            }
        }
        return rows.count > before
    }

    /// Reads pages while row `index` is within `margin` rows of the end of what is loaded.
    public mutating func loadIfNeeded(around index: Int, margin: Int = 20) throws {
        while index + margin >= rows.count, try loadMore() {}
    }

    /// Reads pages until the row leading to `route` is loaded, or `maximumRows` are loaded.
    ///
    /// A restored selection can lie deep in a long list; this finds it for the highlight without reading a
    /// million rows.
    ///
    /// - Returns: the row's index, or `nil` when it is not within the first `maximumRows`.
    @discardableResult
    public mutating func load(until route: LibraryRoute?, maximumRows: Int = 10_000) throws -> Int? {
        guard let route else { return nil }
        while index(of: route) == nil, rows.count < maximumRows, try loadMore() {}
        return index(of: route)
    }

    private static func tagged(_ row: ColumnRow) -> ColumnRow {
        var row = row
        row.subtitle = [row.route.entity?.kind.rawValue, row.subtitle].compactMap { $0 }.joined(separator: " · ")
        return row
    }
}
