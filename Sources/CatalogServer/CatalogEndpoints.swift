import Catalog
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer

/// The catalog's own endpoints: `/v1/health` (open to all), and for a token of scope `read` the browsing lists
/// (`/v1/books`, …), one entity (`/v1/books/{uuid}`, …) and `/v1/search`, each read in one snapshot. Bodies are the
/// JSON `catalog list`, `show` and `search` print with `--json`, made by the same ``CatalogAPI`` functions; an
/// entity carries its revision as `ETag` (``EntityAnswer``).
struct CatalogEndpoints: Sendable {
    let storage: any CatalogReading & ChangeFeedStore
    /// The program's version, reported by `/v1/health`.
    let version: String
    /// The lists' totals, counted once per catalog state.
    let totals = ListTotals()

    /// Adds health to `open`, and the lists, entities and search to `reading`.
    func register(open: RouteGroup<RequestContext>, reading: RouteGroup<CallerContext>) {
        open.get("/v1/health") { [self] context in .response(try health(context)) }
        reading.get("/v1/search") { [self] context in .response(try search(context)) }
        for kind in EntityKind.allCases {
            reading.get("/v1/\(kind.rawValue)s") { [self] context in .response(try list(kind, context)) }
            reading.get("/v1/\(kind.rawValue)s/{uuid}") { [self] context in .response(try show(kind, context)) }
        }
    }

    private func health(_ context: some RouteContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let status = try storage.feedStatus()
        let body: JSONValue = [
            "status": "ok", "database": .string(status.database), "schemaVersion": .int(status.schemaVersion),
            "lastSeq": .int(Int(status.lastSequence)), "prunedBefore": .int(Int(status.prunedBefore)),
            "version": .string(version),
        ]
        return json(JSONText.encode(body))
    }

    private func list(_ kind: EntityKind, _ context: some RouteContext) throws -> HTTPResponse {
        let parameters = try context.query(allowing: ListFilter.names + ["limit", "after"])
        let given = ListFilter.names.filter { parameters.value($0) != nil }
        guard given.count <= 1 else {
            throw APIProblem(
                status: .badRequest, code: .badFilter,
                detail:
                    "give at most one of \(ListFilter.names.joined(separator: ", ")); got \(given.joined(separator: ", "))"
            )
        }
        var filter: ListFilter?
        if let name = given.first {
            filter = ListFilter(name: name, uuid: try parameters.uuid(name))
        }
        let limit = try parameters.integer("limit", in: 1...Page<Book>.maximumLimit) ?? CatalogAPI.defaultListLimit
        let after = parameters.value("after").map(PageCursor.init)
        return try json(
            storage.readCatalog { catalog in
                try CatalogAPI.list(kind, filter: filter, after: after, limit: limit, in: catalog, totals: totals)
            })
    }

    /// `GET`: the entity with its revision as `ETag` (304 when `If-None-Match` names it); an entity merged into
    /// another is answered 308 with the `Location` of the one it was merged into.
    private func show(_ kind: EntityKind, _ context: some RouteContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        do {
            return try EntityAnswer.response(kind, uuid, from: storage, unless: context.request.ifNoneMatch)
        } catch CatalogError.notFound {
            guard let survivor = try EntityAnswer.survivor(of: kind, uuid, in: storage) else {
                throw CatalogError.notFound(kind, uuid: uuid)
            }
            var moved = APIProblem(
                status: .permanentRedirect, code: .merged,
                detail: "the \(kind.rawValue) \(uuid.uuidString.lowercased()) was merged into "
                    + "\(survivor.uuidString.lowercased()); Location names it"
            ).response
            moved.headers.append(.location, CatalogAPI.path(of: kind, uuid: survivor))
            return moved
        }
    }

    private func search(_ context: some RouteContext) throws -> HTTPResponse {
        let parameters = try context.query(allowing: ["q", "limit"])
        guard let text = parameters.value("q") else {
            throw APIProblem(status: .badRequest, code: .badParameter, detail: "give the text to look for as q")
        }
        let limit =
            try parameters.integer("limit", in: 1...Page<EntitySummary>.maximumLimit) ?? CatalogAPI.defaultSearchLimit
        return try json(storage.readCatalog { catalog in try CatalogAPI.search(text, limit: limit, in: catalog) })
    }

    private func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json", text: text)
    }
}
