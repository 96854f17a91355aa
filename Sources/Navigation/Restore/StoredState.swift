import JSONKit

/// One element of a stored state: decoded, or the stored text that did not decode.
enum StoredElement<Value> {
    case value(Value)
    case invalid(String)

    /// The decoded value, or `nil` for a text that did not decode.
    var value: Value? {
        if case .value(let value) = self { value } else { nil }
    }

    /// The stored text, for a repair report.
    func text(_ describe: (Value) -> String) -> String {
        switch self {
        case .value(let value): describe(value)
        case .invalid(let text): text
        }
    }
}

/// The outcome of decoding a stored text.
enum DecodedText<Route: NavigationRoute> {
    case decoded(StoredState<Route>)
    case failed(Repair.Reason)
}

/// A stored state decoded element by element, before any check: what the repair step works on.
struct StoredState<Route: NavigationRoute> {
    var sidebar: StoredElement<Route>?
    var content: StoredElement<Route>?
    var detail: StoredElement<Route>?
    var stack: [StoredElement<Route>] = []
    var visibility: StoredElement<ColumnVisibility>?
    var compactColumn: StoredElement<CompactColumn>?
    /// The format the text was written in, when older than the current one.
    var migratedFrom: Int?
}

/// The stored text form of a state, by format version.
///
/// - Format 2 (current): `{"sidebar":…,"content":…,"detail":…,"stack":[…],"visibility":…,"compactColumn":…}`,
///   routes as their stable paths, empty selections left out.
/// - Format 1 (the first prototype's): `{"sidebar":…,"selection":…,"detail":…,"path":[…],"columnVisibility":…}`,
///   without a compact column. Read by renaming the keys; the compact column is then derived from the
///   selections like any missing one.
///
/// Both go through JSONKit: a value read as a tree, so each element can be decoded, and repaired, on its own;
/// text written in the fixed order above, control characters escaped as this format always escaped them.
enum StateFormat {
    /// The format written by this program.
    static let current = 2

    /// Format 2 key → format 1 key (format 1 had no compact column).
    private static let formatOneKeys = [
        "sidebar": "sidebar", "content": "selection", "detail": "detail", "stack": "path",
        "visibility": "columnVisibility",
    ]

    /// The current format's text for `state`.
    static func encode<Route>(_ state: SplitViewState<Route>) -> String {
        encode(
            sidebar: state.sidebar?.path, content: state.content?.path, detail: state.detail?.path,
            stack: state.stack.map(\.path), visibility: state.visibility.rawValue,
            compactColumn: state.compactColumn.rawValue)
    }

    /// The current format's text for a state's parts, each as its text.
    private static func encode(
        sidebar: String?, content: String?, detail: String?, stack: [String], visibility: String, compactColumn: String
    ) -> String {
        var writer = JSONWriter(layout: .compact, controls: .shortForWhitespaceOnly)
        writer.beginObject()
        for (key, route) in [("sidebar", sidebar), ("content", content), ("detail", detail)] {
            guard let route else { continue }
            writer.key(key)
            writer.string(route)
        }
        if !stack.isEmpty {
            writer.key("stack")
            writer.beginArray()
            for route in stack { writer.string(route) }
            writer.endArray()
        }
        writer.key("visibility")
        writer.string(visibility)
        writer.key("compactColumn")
        writer.string(compactColumn)
        writer.endObject()
        return writer.text
    }

    /// ``NavigationLimits/violation(in:)`` for a state given as text in the current format (a client's whole state),
    /// before it is checked and repaired: its first route over the limit, else the whole over the limit as this program
    /// would store it (a missing visibility or compact column counted as its default); `nil` when it fits, or cannot
    /// be read at all (the repair replaces it).
    static func limitViolation<Route: NavigationRoute>(inText text: String, as: Route.Type) -> NavigationError? {
        guard case .decoded(let stored) = decode(text, format: current, as: Route.self) else { return nil }
        let path = { (element: StoredElement<Route>) in element.text(\.path) }
        let routes = [stored.sidebar, stored.content, stored.detail].compactMap { $0 } + stored.stack
        for route in routes.lazy.map(path) where route.utf8.count > NavigationLimits.routeBytes {
            return .routeTooLong(route: NavigationLimits.excerpt(route), bytes: route.utf8.count)
        }
        let bytes = encode(
            sidebar: stored.sidebar.map(path), content: stored.content.map(path), detail: stored.detail.map(path),
            stack: stored.stack.map(path),
            visibility: stored.visibility?.text(\.rawValue) ?? ColumnVisibility.automatic.rawValue,
            compactColumn: stored.compactColumn?.text(\.rawValue) ?? CompactColumn.sidebar.rawValue
        ).utf8.count
        return bytes > NavigationLimits.stateBytes ? .stateTooLarge(bytes: bytes) : nil
    }

    /// Decodes `text` written in `format`, element by element.
    ///
    /// - Returns: the elements, or why the text cannot be used at all.
    static func decode<Route>(_ text: String, format: Int, as: Route.Type) -> DecodedText<Route> {
        guard format == 1 || format == current else { return .failed(.unknownFormat(format)) }
        guard let object = try? JSONReader.document(Array(text.utf8)), case .object = object.value else {
            return .failed(.unreadable)
        }
        let field = { (key: String) in format == 1 ? formatOneKeys[key].flatMap { object[$0] } : object[key] }
        var state = StoredState<Route>()
        state.migratedFrom = format < current ? format : nil
        state.sidebar = field("sidebar").map(element(Route.init(path:)))
        state.content = field("content").map(element(Route.init(path:)))
        state.detail = field("detail").map(element(Route.init(path:)))
        if let stack = field("stack") {
            state.stack = stack.elements?.map(element(Route.init(path:))) ?? [.invalid(describe(stack))]
        }
        state.visibility = field("visibility").map(element(ColumnVisibility.init(rawValue:)))
        state.compactColumn = field("compactColumn").map(element(CompactColumn.init(rawValue:)))
        return .decoded(state)
    }

    private static func element<Value>(_ parse: @escaping (String) -> Value?) -> (JSONNode) -> StoredElement<Value> {
        { node in
            guard let text = node.string, let parsed = parse(text) else { return .invalid(describe(node)) }
            return .value(parsed)
        }
    }

    /// A string's text, anything else as compact JSON.
    private static func describe(_ node: JSONNode) -> String {
        if let text = node.string { return text }
        var writer = JSONWriter(layout: .compact)
        writer.node(node)
        return writer.text
    }
}
