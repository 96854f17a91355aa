import Foundation
import HTTPServer

/// A request's body as a JSON object whose members are checked by name and type; anything else is a 400
/// `bad-body` saying what is wrong.
struct JSONBody {
    private let object: [String: Any]

    /// The body of `request`, which must be one JSON object.
    init(_ request: HTTPRequest) throws(APIProblem) {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: request.body)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" } ?? "\(error)"
            throw APIProblem(
                status: .badRequest, code: .badBody,
                detail: request.body.isEmpty
                    ? "the request has no body; send a JSON object" : "the body is not JSON: \(reason)")
        }
        guard let object = parsed as? [String: Any] else {
            throw APIProblem(status: .badRequest, code: .badBody, detail: "the body must be a JSON object, {…}")
        }
        self.object = object
    }

    /// Refuses a member not in `keys` or `ignored` (a misspelt name would otherwise be dropped without a word).
    func allowOnly(_ keys: Set<String>, ignoring ignored: Set<String> = []) throws(APIProblem) {
        guard let unknown = object.keys.sorted().first(where: { !keys.contains($0) && !ignored.contains($0) }) else {
            return
        }
        throw APIProblem(
            status: .badRequest, code: .badBody,
            detail: "unknown member \"\(unknown)\"; the body takes \(keys.sorted().joined(separator: ", "))")
    }

    /// The text of member `key`, `nil` when it is absent or `null`.
    func string(_ key: String) throws(APIProblem) -> String? {
        switch object[key] {
        case nil, is NSNull: return nil
        case let text as String: return text
        default: throw wrongType(key, "a string")
        }
    }

    /// The text of member `key`, which may also be a whole number (its digits); `nil` when it is absent or `null`.
    func stringOrWholeNumber(_ key: String) throws(APIProblem) -> String? {
        // JSONSerialization gives numbers and booleans as NSNumber, and `is Bool` holds for a 0 or 1 too: a boolean
        // is told apart by its class (__NSCFBoolean on Linux and on Apple platforms).
        if let number = object[key] as? NSNumber, !"\(type(of: number))".contains("Boolean"),
            let whole = Int(exactly: number.doubleValue)
        {
            return String(whole)
        }
        switch object[key] {
        case nil, is NSNull, is String: return try string(key)
        default: throw wrongType(key, "a string or a whole number")
        }
    }

    /// The members of a split-view state as stored text (format 2): `sidebar`, `content`, `detail` (a route or
    /// `null`), `stack` (routes), `visibility` and `compactColumn`, each checked for its type; the routes themselves
    /// are checked when the text is restored.
    func storedState() throws(APIProblem) -> String {
        var state: [String: Any] = [:]
        for key in ["sidebar", "content", "detail", "visibility", "compactColumn"] {
            state[key] = try string(key)
        }
        switch object["stack"] {
        case nil, is NSNull: break
        case let routes as [Any]:
            guard let routes = routes as? [String] else { throw wrongType("stack", "an array of routes (strings)") }
            state["stack"] = routes
        default: throw wrongType("stack", "an array of routes (strings)")
        }
        // Strings and arrays of strings always serialize.
        let data = (try? JSONSerialization.data(withJSONObject: state, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private func wrongType(_ key: String, _ expected: String) -> APIProblem {
        APIProblem(status: .badRequest, code: .badBody, detail: "\"\(key)\" must be \(expected) or null")
    }
}
