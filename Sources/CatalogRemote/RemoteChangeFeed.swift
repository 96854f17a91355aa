public import Catalog
public import CatalogSync
import Foundation
import JSONKit

/// A server's change feed over HTTP, as a source a `SyncClient` syncs from: the same batches, lookups and
/// refusals as a server file.
///
/// Each batch is one request, so a run of them cannot share one read transaction as a file's can; ``reading(_:)``
/// pins the run instead to the log's end when it starts (`until`), so it ends there however busy the server is.
/// Each batch is read in one transaction on the server and applied in one on the client.
public struct RemoteChangeFeed: ChangeSource, Sendable {
    /// The server.
    public let server: RemoteCatalog
    /// The database the client follows, sent with each read.
    public let followedDatabase: String?
    /// The last sequence this run reads up to, once pinned.
    private var until: Int64?

    init(server: RemoteCatalog, following databaseUUID: String?) {
        self.server = server
        followedDatabase = databaseUUID
    }

    /// The identity of the server's database (from `/v1/health`).
    public func databaseUUID() throws -> String {
        try field("database", of: server.object("/v1/health"), \.string)
    }

    /// The changes after `sequence`, at most `limit`, from `GET /v1/changes`.
    ///
    /// - Throws: ``RemoteError`` when the server cannot be reached, refuses (409 for another database, 410
    ///   behind the pruned horizon) or answers something else than change lines.
    public func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch {
        try changes(after: sequence, limit: limit, wait: 0)
    }

    /// Waits up to `seconds` (at most 60) for a change after `sequence`: a long-poll.
    ///
    /// - Returns: the changes (none when the time was up first).
    public func waitForChanges(after sequence: Int64, limit: Int, seconds: Int) throws -> ChangeBatch {
        try changes(after: sequence, limit: limit, wait: seconds)
    }

    /// What the server knows of one entity now, from `GET /v1/lookup/{kind}/{uuid}`.
    public func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        let path = "/v1/lookup/\(kind.rawValue)/\(uuid)"
        let body = try server.data(path)
        let lookup: EntityLookup
        do {
            lookup = try JSONDecoder().decode(EntityLookup.self, from: body)
        } catch {
            throw RemoteError.badAnswer(url: try server.endpoint(path).absoluteString, reason: "\(error)")
        }
        if case .current(let payload) = lookup, payload.kind != kind || payload.uuid != uuid {
            throw RemoteError.badAnswer(
                url: try server.endpoint(path).absoluteString, reason: "it answered for another entity")
        }
        return lookup
    }

    /// Runs `body` with this feed pinned to where the server's log ends now.
    public func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T {
        var pinned = self
        pinned.until = try field("lastSeq", of: server.object("/v1/health"), \.integer)
        return try body(pinned)
    }

    private func changes(after sequence: Int64, limit: Int, wait: Int) throws -> ChangeBatch {
        var query = [URLQueryItem(name: "since", value: "\(sequence)"), URLQueryItem(name: "limit", value: "\(limit)")]
        if let until { query.append(URLQueryItem(name: "until", value: "\(until)")) }
        if wait > 0 { query.append(URLQueryItem(name: "wait", value: "\(wait)")) }
        if let followedDatabase { query.append(URLQueryItem(name: "database", value: followedDatabase)) }
        let body = try server.data("/v1/changes", query: query, idleTimeout: TimeInterval(wait + 60))
        do {
            return try Self.batch(from: body)
        } catch {
            throw RemoteError.badAnswer(
                url: try server.endpoint("/v1/changes", query: query).absoluteString, reason: "\(error)")
        }
    }

    /// The batch in JSON lines: the changes, then the trailer.
    static func batch(from body: Data) throws -> ChangeBatch {
        let lines = body.split(separator: UInt8(ascii: "\n"))
        guard let last = lines.last, case .trailer(let trailer) = try ChangeLine(last) else {
            throw BatchLinesError.noTrailer
        }
        let changes = try lines.dropLast().map { line in
            guard case .change(let change) = try ChangeLine(line) else { throw BatchLinesError.trailerBeforeTheEnd }
            return change
        }
        return ChangeBatch(
            since: trailer.since, changes: changes, lastSequence: trailer.lastSequence, hasMore: trailer.more,
            databaseUUID: trailer.database, prunedBefore: trailer.prunedBefore)
    }

    private func field<T>(_ name: String, of object: JSONObject, _ value: (JSONNode) -> T?) throws -> T {
        guard let value = object.optional(name).flatMap(value) else {
            throw RemoteError.badAnswer(
                url: try server.endpoint("/v1/health").absoluteString, reason: "no '\(name)' in the health answer")
        }
        return value
    }

    private enum BatchLinesError: Error, CustomStringConvertible {
        case noTrailer
        case trailerBeforeTheEnd
        var description: String {
            switch self {
            case .noTrailer: "no trailer line at the end"
            case .trailerBeforeTheEnd: "a trailer line before the last line"
            }
        }
    }
}
