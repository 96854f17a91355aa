public import Catalog
import Foundation

/// A server over HTTP takes a client's offline changes: `POST /v1/changes` with the client's token (scope `edit`);
/// the conflicts they left are listed (`GET /v1/conflicts`) and settled (`POST /v1/conflicts/ID/resolve`) there.
extension RemoteCatalog: UploadTarget {
    public func databaseUUID() throws -> String {
        try changeFeed(following: nil).databaseUUID()
    }

    public func upload(_ batch: UploadBatch) throws -> [UploadAnswer] {
        var body = Data()
        try get(
            "/v1/changes", headers: ["Content-Type": "application/json"], posting: try JSONEncoder().encode(batch)
        ) { body.append($0) }
        struct Answers: Decodable { let answers: [UploadAnswer] }
        do {
            return try JSONDecoder().decode(Answers.self, from: body).answers
        } catch {
            throw RemoteError.badAnswer(url: try endpoint("/v1/changes").absoluteString, reason: "\(error)")
        }
    }

    /// The conflicts clients' uploads left on the server, oldest first: those not settled yet, or every one.
    ///
    /// - Throws: ``RemoteError``.
    public func conflicts(includingResolved: Bool = false) throws -> [UploadConflict] {
        var body = Data()
        let query = includingResolved ? [URLQueryItem(name: "all", value: "true")] : []
        try get("/v1/conflicts", query: query) { body.append($0) }
        do {
            return try JSONDecoder().decode([UploadConflict].self, from: body)
        } catch {
            throw RemoteError.badAnswer(url: try endpoint("/v1/conflicts").absoluteString, reason: "\(error)")
        }
    }

    /// Settles conflict `id` on the server by `side`, as the token's user.
    ///
    /// - Throws: ``RemoteError``: a problem 404 for an unknown conflict, 409 for one settled already.
    public func resolveConflict(_ id: Int64, taking side: CatalogEditor.ConflictSide) throws {
        try get(
            "/v1/conflicts/\(id)/resolve", headers: ["Content-Type": "application/json"],
            posting: try JSONEncoder().encode(["take": side.rawValue])
        ) { _ in }
    }
}
