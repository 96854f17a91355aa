import HTTPServer
import JSONKit

/// A request's body as a JSON object whose members are checked by name and type; anything else is a 400
/// `bad-body` saying what is wrong.
struct JSONBody {
    private let object: JSONObject

    /// The body of `request`, which must be one JSON object.
    init(_ request: HTTPRequest) throws(APIProblem) {
        let parsed: JSONNode
        do {
            parsed = try JSONReader.document(Array(request.body))
        } catch {
            throw APIProblem(
                status: .badRequest, code: .badBody,
                detail: request.body.isEmpty
                    ? "the request has no body; send a JSON object" : "the body is not JSON: \(error)")
        }
        guard let object = try? JSONObject(parsed) else {
            throw APIProblem(status: .badRequest, code: .badBody, detail: "the body must be a JSON object, {…}")
        }
        self.object = object
    }

    /// The members in the order the body gives them.
    var members: [(name: String, node: JSONNode)] { object.members }

    /// Refuses a member not in `keys` or `ignored` (a misspelt name would otherwise be dropped without a word).
    func allowOnly(_ keys: Set<String>, ignoring ignored: Set<String> = []) throws(APIProblem) {
        let names = object.members.map(\.name).sorted()
        guard let unknown = names.first(where: { !keys.contains($0) && !ignored.contains($0) }) else { return }
        throw APIProblem(
            status: .badRequest, code: .badBody,
            detail: "unknown member \"\(unknown)\"; the body takes \(keys.sorted().joined(separator: ", "))")
    }

    /// The text of member `key`, `nil` when it is absent or `null`.
    func string(_ key: String) throws(APIProblem) -> String? {
        guard let node = object.optional(key) else { return nil }
        guard let text = node.string else { throw wrongType(key, "a string") }
        return text
    }

    /// The text of member `key`, which may also be a whole number (its digits); `nil` when it is absent or `null`.
    func stringOrWholeNumber(_ key: String) throws(APIProblem) -> String? {
        // A number written with a fraction or an exponent counts when its value is whole (`12.0`, `1e2`).
        if case .number(let text)? = object.optional(key)?.value, let whole = Double(text).flatMap(Int.init(exactly:)) {
            return String(whole)
        }
        switch object.optional(key)?.value {
        case nil, .string?: return try string(key)
        default: throw wrongType(key, "a string or a whole number")
        }
    }

    /// The members of a split-view state as stored text (format 2): `sidebar`, `content`, `detail` (a route or
    /// `null`), `stack` (routes), `visibility` and `compactColumn`, each checked for its type; the routes themselves
    /// are checked when the text is restored.
    func storedState() throws(APIProblem) -> String {
        // Checked in this order (the first wrong member is the one a 400 names), written in the order of the keys'
        // bytes.
        var members: [(key: String, value: JSONNode)] = []
        for key in ["sidebar", "content", "detail", "visibility", "compactColumn"] {
            if try string(key) != nil, let node = object.optional(key) { members.append((key, node)) }
        }
        if let stack = object.optional("stack") {
            guard let routes = stack.elements, routes.allSatisfy({ $0.string != nil }) else {
                throw wrongType("stack", "an array of routes (strings)")
            }
            members.append(("stack", stack))
        }
        var state = JSONWriter(layout: .compact)
        state.beginObject()
        for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            state.key(key)
            state.node(value)
        }
        state.endObject()
        return state.text
    }

    private func wrongType(_ key: String, _ expected: String) -> APIProblem {
        APIProblem(status: .badRequest, code: .badBody, detail: "\"\(key)\" must be \(expected) or null")
    }
}
