import Catalog
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer

/// What offline clients send back: `POST /v1/changes` (scope `edit`) applies a batch of a client's changes and answers
/// each (`CatalogEditor.apply(_:)`, the path every edit takes, recorded as the token's user "from client …");
/// `GET /v1/conflicts` (scope `read`) lists the clashes kept, and `POST /v1/conflicts/{id}/resolve` (scope `edit`)
/// settles one by taking `mine` or `theirs`.
struct UploadEndpoints: Sendable {
    let storage: any CatalogEditing

    /// The most changes one request may carry: a client sends more in several.
    static let largestBatch = 1000

    /// Adds the conflicts' list to `reading` and the upload and resolution to `editing`.
    func register(reading: RouteGroup<CallerContext>, editing: RouteGroup<CallerContext>) {
        editing.post("/v1/changes") { [self] context in .response(try upload(context)) }
        reading.get("/v1/conflicts") { [self] context in .response(try conflicts(context)) }
        editing.post("/v1/conflicts/{id}/resolve") { [self] context in .response(try resolve(context)) }
    }

    /// `POST /v1/changes` `{"client": UUID, "changes": […]}`: `{"answers": […]}`, one per change, in order.
    private func upload(_ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let batch: UploadBatch
        do {
            batch = try JSONDecoder().decode(UploadBatch.self, from: Data(context.request.body))
        } catch let error as DecodingError {
            throw APIProblem(
                status: .badRequest, code: .badBody, detail: "the body is not a batch of changes: \(error.summary)")
        } catch {
            throw APIProblem(status: .badRequest, code: .badBody, detail: "the body is not JSON: \(error)")
        }
        guard !batch.client.isEmpty, batch.client.count <= 64 else {
            throw APIProblem(
                status: .badRequest, code: .badBody, detail: "\"client\" names the client: its database's uuid")
        }
        guard batch.changes.count <= Self.largestBatch else {
            throw APIProblem(
                status: .contentTooLarge, code: .badBody,
                detail: "\(batch.changes.count) changes in one request; send at most \(Self.largestBatch) at a time")
        }
        let actor = "\(EditEndpoints.actor(context)) from client \(batch.client)"
        let answers = try storage.editing(as: actor) { try $0.apply(batch) }
        return try Self.json(["answers": answers])
    }

    /// `GET /v1/conflicts[?all=true]`: the conflicts not settled yet (every one with `all`), oldest first.
    private func conflicts(_ context: CallerContext) throws -> HTTPResponse {
        let parameters = try context.query(allowing: ["all"])
        let all = parameters.value("all") == "true"
        return try Self.json(
            try storage.editing(as: EditEndpoints.actor(context)) { try $0.conflicts(includingResolved: all) })
    }

    /// `POST /v1/conflicts/{id}/resolve` `{"take": "mine"|"theirs"}`: 204 once settled.
    private func resolve(_ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        guard let id = Int64(context.parameters["id"]) else {
            throw APIProblem(
                status: .notFound, code: .notFound, detail: "'\(context.parameters["id"])' is not a conflict id")
        }
        let body = try JSONBody(context.request)
        try body.allowOnly(["take"])
        guard let take = try body.string("take"), let side = CatalogEditor.ConflictSide(rawValue: take) else {
            throw APIProblem(
                status: .badRequest, code: .badBody, detail: "the body needs \"take\": \"mine\" or \"theirs\"")
        }
        _ = try storage.editing(as: EditEndpoints.actor(context)) { try $0.resolveConflict(id, taking: side) }
        return HTTPResponse(status: .noContent)
    }

    private static func json(_ value: some Encodable) throws -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json", text: try JSONText.encode(value))
    }
}
