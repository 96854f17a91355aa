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
                status: 400, code: "bad-body",
                detail: request.body.isEmpty
                    ? "the request has no body; send a JSON object" : "the body is not JSON: \(error)")
        }
        guard let object = try? JSONObject(parsed) else {
            throw APIProblem(status: 400, code: "bad-body", detail: "the body must be a JSON object, {…}")
        }
        self.object = object
    }

    /// Refuses a member not in `keys` or `ignored` (a misspelt name would otherwise be dropped without a word).
    func allowOnly(_ keys: Set<String>, ignoring ignored: Set<String> = []) throws(APIProblem) {
        let names = object.members.map(\.name).sorted()
        guard let unknown = names.first(where: { !keys.contains($0) && !ignored.contains($0) }) else { return }
        throw APIProblem(
            status: 400, code: "bad-body",
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
        var state = JSONWriter(layout: .compact)
        state.beginObject()
        // In the order of the keys' bytes.
        for key in ["compactColumn", "content", "detail", "sidebar", "stack", "visibility"] {
            if key == "stack" {
                guard let stack = object.optional(key) else { continue }
                guard let routes = stack.elements, routes.allSatisfy({ $0.string != nil }) else {
                    throw wrongType(key, "an array of routes (strings)")
                }
                state.key(key)
                state.node(stack)
            } else if let text = try string(key) {
                state.key(key)
                state.string(text)
            }
        }
        state.endObject()
        return state.text
    }

    private func wrongType(_ key: String, _ expected: String) -> APIProblem {
        APIProblem(status: 400, code: "bad-body", detail: "\"\(key)\" must be \(expected) or null")
    }
}
