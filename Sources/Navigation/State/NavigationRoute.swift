public import Foundation

/// A place a split view can show: the app's navigation vocabulary, one `enum` case per kind of place.
///
/// A route has a stable string form, written by the app and never derived from Swift type names, so
/// renaming a type never breaks saved state: `"authors"`, `"author/6ba7b810-…"`, `"settings"`. It also
/// says how the split view lays it out and which routes may appear under it.
///
/// ```swift
/// enum LibraryRoute: NavigationRoute {
///     case authors, settings
///     case author(UUID), book(UUID)
///
///     init?(path: String) { … }             // "author/<uuid>" → .author(uuid)
///     var path: String { … }                // .author(uuid) → "author/<uuid>"
///     var layout: SplitViewLayout { self == .settings ? .twoColumns : .threeColumns }
///     var isSidebarItem: Bool { self == .authors || self == .settings }
///     func allowsContent(_ child: Self) -> Bool { if case .author = child { self == .authors } else { false } }
///     func allowsPush(_ next: Self) -> Bool { … }   // author → book, book → author
///     var displayName: String { … }
///     var iconName: String { … }
/// }
/// ```
public protocol NavigationRoute: Hashable, Sendable {
    /// The URL scheme of the route's URL form; `catalog` unless the app says otherwise.
    static var urlScheme: String { get }

    /// Parses the stable string form, or returns `nil` when `path` names no route.
    ///
    /// - Parameter path: a string that ``path`` produced, e.g. `"author/<uuid>"`.
    init?(path: String)

    /// The stable string form: what is stored and what `init(path:)` reads back.
    var path: String { get }

    /// The layout the split view takes when this route is selected in the sidebar (2 or 3 columns).
    var layout: SplitViewLayout { get }

    /// A short name for the kind of place ("Authors", "Settings", "Author").
    var displayName: String { get }

    /// The name of an icon for the place (an SF Symbol name on Apple platforms).
    var iconName: String { get }

    /// Whether the route may be selected in the sidebar: a section, or a row of a sidebar list.
    var isSidebarItem: Bool { get }

    /// Whether the detail column can show the route: an entry's screen, or a two-column route's own page; not a
    /// list that only the content column shows (a section, a search). `true` unless the route says otherwise.
    var isDetail: Bool { get }

    /// Whether `child` may be selected in the content column while this route is the sidebar selection.
    ///
    /// - Parameter child: a candidate content selection.
    /// - Returns: `true` when `child` belongs to this sidebar route's list.
    func allowsContent(_ child: Self) -> Bool

    /// Whether `next` may be pushed onto the detail stack above this route.
    ///
    /// - Parameter next: a candidate for the next entry of the detail stack.
    /// - Returns: `true` when this route's screen links to `next`.
    func allowsPush(_ next: Self) -> Bool
}

extension NavigationRoute {
    /// The default URL scheme: `catalog`.
    public static var urlScheme: String { "catalog" }

    /// Every route can be shown in the detail column unless the app's route type says otherwise.
    public var isDetail: Bool { true }

    /// The URL form as text: `catalog://author/<uuid>`, the path percent-encoded where needed.
    public var urlString: String {
        "\(Self.urlScheme)://" + (path.addingPercentEncoding(withAllowedCharacters: .routePathAllowed) ?? path)
    }

    /// The URL form: `catalog://author/<uuid>`; `nil` only if the path cannot form a URL.
    public var url: URL? { URL(string: urlString) }

    /// Parses the URL form (`catalog://author/<uuid>`); `nil` for another scheme, a query, or no route.
    ///
    /// - Parameter url: a URL in the form ``urlString`` writes.
    public init?(url: URL) {
        guard let path = RouteURL.path(of: url.absoluteString, scheme: Self.urlScheme), let route = Self(path: path)
        else { return nil }
        self = route
    }
}

/// Parsing helpers shared by route URLs and deep links.
enum RouteURL {
    /// The percent-decoded route path of `text` (`scheme://path`), or `nil` when the scheme differs or the
    /// URL carries a query or fragment.
    static func path(of text: String, scheme: String) -> String? {
        let prefix = "\(scheme)://"
        guard text.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard !rest.contains("?"), !rest.contains("#") else { return nil }
        return String(rest).removingPercentEncoding
    }
}

extension CharacterSet {
    /// What a route path keeps unencoded in a URL: the path characters, `/` included.
    static let routePathAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%;"))
    /// What a route path keeps unencoded as a query value: no `&`, `=`, `+` or `#`.
    static let routeQueryAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#%?"))
}
