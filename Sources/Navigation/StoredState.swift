import Foundation

/// One element of a stored state: decoded, or the stored text that did not decode.
enum StoredElement<Value> {
    case value(Value)
    case invalid(String)

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
/// Writing is hand-rolled (the shape is fixed, and it runs on every save); reading goes through
/// `JSONSerialization` so each element can be decoded, and repaired, on its own.
enum StateFormat {
    /// The format written by this program.
    static let current = 2

    /// Format 1 key → format 2 key.
    private static let formatOneKeys = [
        "sidebar": "sidebar", "selection": "content", "detail": "detail", "path": "stack",
        "columnVisibility": "visibility",
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
        var fields: [String] = []
        if let sidebar { fields.append(#""sidebar":"# + quoted(sidebar)) }
        if let content { fields.append(#""content":"# + quoted(content)) }
        if let detail { fields.append(#""detail":"# + quoted(detail)) }
        if !stack.isEmpty {
            fields.append(#""stack":["# + stack.map(quoted).joined(separator: ",") + "]")
        }
        fields.append(#""visibility":"# + quoted(visibility))
        fields.append(#""compactColumn":"# + quoted(compactColumn))
        return "{" + fields.joined(separator: ",") + "}"
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
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
            var fields = object as? [String: Any]
        else { return .failed(.unreadable) }
        if format == 1 {
            fields = Dictionary(fields.compactMap { key, value in formatOneKeys[key].map { ($0, value) } }) { a, _ in a
            }
        }
        var state = StoredState<Route>()
        state.migratedFrom = format < current ? format : nil
        state.sidebar = fields["sidebar"].map(element(Route.init(path:)))
        state.content = fields["content"].map(element(Route.init(path:)))
        state.detail = fields["detail"].map(element(Route.init(path:)))
        if let stack = fields["stack"] {
            state.stack = (stack as? [Any])?.map(element(Route.init(path:))) ?? [.invalid(describe(stack))]
        }
        state.visibility = fields["visibility"].map(element(ColumnVisibility.init(rawValue:)))
        state.compactColumn = fields["compactColumn"].map(element(CompactColumn.init(rawValue:)))
        return .decoded(state)
    }

    private static func element<Value>(_ parse: @escaping (String) -> Value?) -> (Any) -> StoredElement<Value> {
        { value in
            guard let text = value as? String, let parsed = parse(text) else { return .invalid(describe(value)) }
            return .value(parsed)
        }
    }

    private static func describe(_ value: Any) -> String {
        value as? String ?? String(describing: value)
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        // Route paths rarely need escaping: skip the scalar-by-scalar copy when nothing does.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
