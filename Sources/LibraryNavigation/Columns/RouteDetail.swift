/// What the detail column shows for a route: the entity's fields and its links, which can be pushed.
///
/// A book lists its authors (with their roles) and genres, an author their books and co-authors, a band
/// its genres, a genre its bands and books. Each link list is a ``ColumnList``, paged like any column.
public struct RouteDetail {
    /// The route shown.
    public let route: LibraryRoute
    /// The kind of place: "Book", "Band", "Settings".
    public let kind: String
    /// The title of the book, the name of the entity or section.
    public let title: String
    /// Labelled values, in display order; empty values are left out.
    public let fields: [DetailField]
    /// The linked routes, by topic ("Authors", "Genres"); every row can be pushed onto ``route``.
    public var sections: [ColumnList]

    /// Creates a detail.
    public init(route: LibraryRoute, kind: String, title: String, fields: [DetailField], sections: [ColumnList]) {
        self.route = route
        self.kind = kind
        self.title = title
        self.fields = fields
        self.sections = sections
    }

    /// The loaded links of every section, in display order.
    public var links: [ColumnRow] { sections.flatMap(\.rows) }

    /// The index among ``links`` of the link to `route`.
    public func linkIndex(of route: LibraryRoute?) -> Int? {
        guard let route else { return nil }
        return links.firstIndex { $0.route == route }
    }

    /// Reads more of the section holding link `index` when it nears the end of what that section loaded.
    public mutating func loadIfNeeded(aroundLink index: Int, margin: Int = 20) throws {
        var start = 0
        for position in sections.indices {
            let end = start + sections[position].rows.count
            if index < end || position == sections.count - 1 {
                try sections[position].loadIfNeeded(around: index - start, margin: margin)
                return
            }
            start = end
        }
    }
}
