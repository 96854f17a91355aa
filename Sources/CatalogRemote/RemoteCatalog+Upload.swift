public import Catalog
import Foundation

/// A server over HTTP takes a client's offline changes: `POST /v1/changes` with the client's token (scope `edit`).
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
}
