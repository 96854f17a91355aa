/// One row of a browser column: where selecting it goes, and what it shows.
public struct ColumnRow: Sendable, Hashable {
    /// The route selected (sidebar, content) or pushed (detail links) when the row is chosen.
    public var route: LibraryRoute
    /// The title of a book, the name of anything else, the name of a section.
    public var title: String
    /// A short qualifier shown after the title: a year, a role, a country, the kind of a search hit.
    public var subtitle: String?

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - route: where the row leads.
    ///   - title: the main text.
    ///   - subtitle: secondary text, or `nil`.
    public init(route: LibraryRoute, title: String, subtitle: String? = nil) {
        self.route = route
        self.title = title
        self.subtitle = subtitle
    }
}
