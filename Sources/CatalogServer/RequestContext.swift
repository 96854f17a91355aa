package import AccessTokens
package import Foundation
package import HTTPServer
import Navigation

/// What a handler is given: the request, its path's parameters and its typed query; a route behind the
/// authentication stage is given a ``CallerContext``, whose caller is always there.
package protocol RouteContext: Sendable {
    /// The request.
    var request: HTTPRequest { get }
    /// The `{name}` segments of the route's pattern.
    var parameters: PathParameters { get }
}

extension RouteContext {
    /// The request's query, which may only hold the names in `allowed`.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` naming the first item `allowed` does not hold.
    package func query(allowing allowed: [String]) throws(APIProblem) -> QueryParameters {
        try QueryParameters(request, allowed: allowed)
    }
}

/// A request as the router hands it to the first stage of its route's group.
package struct RequestContext: RouteContext {
    package let request: HTTPRequest
    package let parameters: PathParameters
    /// Who the access log says the request was for, told by the stages that accept its credentials.
    let attribution: Attribution

    /// A request with the parameters of the route it matched.
    init(request: HTTPRequest, parameters: PathParameters) {
        self.request = request
        self.parameters = parameters
        attribution = Attribution()
    }
}

/// A request whose credentials were accepted: its caller is known.
package struct CallerContext: RouteContext {
    /// The request as it reached the authentication stage.
    package let base: RequestContext
    /// Who sent it.
    package let caller: Caller
    /// The web session its cookie named, when it came with one rather than a bearer token; the CSRF stage checks
    /// such requests.
    package let session: WebSession?

    package var request: HTTPRequest { base.request }
    package var parameters: PathParameters { base.parameters }

    /// Tells the access log the request was for ``caller``.
    func attribute() {
        base.attribution.user = caller.user.name
    }
}

/// The user a request is logged as (the Common Log Format's `authuser`); set while the request passes its stages,
/// on the thread that answers it, and read once its handler returns.
final class Attribution: @unchecked Sendable {
    // Invariant: `name` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var name: String?

    var user: String? {
        get { lock.withLock { name } }
        set { lock.withLock { name = newValue } }
    }
}

/// The `{name}` segments of a route's pattern, taken from the request's path.
package struct PathParameters: Sendable {
    private let values: [String: String]

    init(_ values: [String: String]) {
        self.values = values
    }

    /// The segment the pattern names `name` (never empty); empty for a name the pattern does not have.
    package subscript(_ name: String) -> String { values[name] ?? "" }
}

/// A request's query items, checked against the names an endpoint takes, read as the types the endpoint wants.
package struct QueryParameters {
    let request: HTTPRequest

    /// The query of `request`, which may only hold the names in `allowed`.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` naming the first item `allowed` does not hold.
    package init(_ request: HTTPRequest, allowed: [String]) throws(APIProblem) {
        if let unknown = request.queryItems.first(where: { !allowed.contains($0.name) }) {
            let takes = allowed.isEmpty ? "takes no parameters" : "takes \(allowed.joined(separator: ", "))"
            throw APIProblem(
                status: .badRequest, code: .badParameter,
                detail: "unknown parameter '\(unknown.name)': \(request.path) \(takes)")
        }
        self.request = request
    }

    /// The value of the last item called `name` (empty for a name without `=`), `nil` when absent.
    package func value(_ name: String) -> String? { request.query(name) }

    /// The item `name` as a whole number in `range`, `nil` when absent.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` for anything else.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws(APIProblem) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw APIProblem(
                status: .badRequest, code: .badParameter,
                detail: "\(name) takes a whole number, \(range.lowerBound)–\(range.upperBound); got '\(text)'")
        }
        return number
    }

    /// The item `name` as a uuid.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` when it is absent or not a uuid.
    package func uuid(_ name: String) throws(APIProblem) -> UUID {
        let text = value(name) ?? ""
        guard let uuid = UUID(uuidString: text) else {
            throw APIProblem(
                status: .badRequest, code: .badParameter,
                detail: "\(name) takes a uuid such as 0f8fad5b-d9cb-469f-a165-70867728950e; got '\(text)'")
        }
        return uuid
    }
}
