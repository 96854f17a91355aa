import AccessTokens
import Catalog
import CatalogStore
import CatalogSync
import Foundation
package import HTTPServer

/// What a long-poll of the change feed asks.
package struct FeedQuery: Hashable, Sendable {
    let since: Int64
    let limit: Int
    let until: Int64?

    package init(since: Int64, limit: Int, until: Int64?) {
        self.since = since
        self.limit = limit
        self.until = until
    }
}

/// A change-feed answer, and whether it has changes after the `since` asked.
package typealias FeedAnswer = (response: HTTPResponse, progressed: Bool)

/// What offline clients take from the server: the change feed as JSON lines (a long-poll with `wait`), the
/// current state of one entity, and snapshots.
struct SyncEndpoints: Sendable {
    let storage: any ChangeFeedStore
    /// Wakes the long-polls when a change to the catalog commits.
    let watcher: CommitWatcher
    let snapshots: SnapshotStore
    let longPolls: LongPollQuota
    let answers = SharedAnswers<FeedQuery, FeedAnswer>()

    /// The longest `wait` a long-poll may ask for, in seconds.
    static let longestWait = 60

    /// Adds the change feed, lookups and snapshots to `reading`.
    func register(reading: RouteGroup<CallerContext>) {
        reading.get("/v1/changes") { [self] context in try changes(context) }
        reading.get("/v1/lookup/{kind}/{uuid}") { [self] context in .response(try lookup(context)) }
        reading.get("/v1/snapshot") { [self] context in .response(try snapshot(context)) }
    }

    /// Removes the snapshot files; parked long-polls end when the storage's watcher stops.
    func stop() {
        snapshots.remove()
    }

    // MARK: Changes

    /// `GET /v1/changes?since=N&limit=M&until=U&wait=S&database=UUID`: the lines `catalog changes` prints; with
    /// `wait`, an answer without changes is held until a commit brings some or the time is up.
    private func changes(_ context: CallerContext) throws -> HTTPReply {
        let parameters = try context.query(allowing: ["since", "limit", "until", "wait", "database"])
        let since = Int64(try parameters.integer("since", in: 0...Int.max) ?? 0)
        let limit = try parameters.integer("limit", in: 1...100_000) ?? 1000
        let until = try parameters.integer("until", in: 0...Int.max).map(Int64.init)
        let wait = try parameters.integer("wait", in: 0...Self.longestWait) ?? 0
        if let expected = parameters.value("database") {
            let actual = try storage.databaseUUID()
            guard expected.lowercased() == actual else {
                throw APIProblem(
                    status: .conflict, code: .otherDatabase,
                    detail: "this server's database is \(actual), not \(expected) that the client follows; "
                        + "take a fresh snapshot (GET /v1/snapshot, or catalog snapshot --from URL)")
            }
        }
        let storage = storage
        let read: @Sendable () throws -> FeedAnswer = {
            var text = ""
            let trailer = try storage.writeChanges(since: since, limit: limit, until: until) { text += $0 }
            return (
                HTTPResponse(status: .ok, contentType: "application/x-ndjson", text: text),
                trailer.lastSequence > since
            )
        }
        let token = watcher.token
        let first = try read()
        guard wait > 0, !first.progressed else { return .response(first.response) }
        let deferred = DeferredResponse()
        try longPolls.admit(deferred, for: context.caller, from: context.request.remoteAddress)
        let query = FeedQuery(since: since, limit: limit, until: until)
        park(deferred, after: token, until: .now + .seconds(wait), query: query, read: read)
        return .deferred(deferred)
    }

    /// Completes `deferred` with `read`'s answer to `query` once a commit makes it progress, the deadline passes
    /// or the server stops; waiters woken by one commit with the same query share one read. A response completed
    /// meanwhile (its client gone) waits no more.
    private func park(
        _ deferred: DeferredResponse, after token: CommitWatcher.Token, until deadline: ContinuousClock.Instant,
        query: FeedQuery, read: @escaping @Sendable () throws -> FeedAnswer
    ) {
        watcher.waitForCommit(after: token, until: deadline) { [self] wake in
            guard !deferred.isCompleted else { return }
            let next = watcher.token
            do {
                let answer = try answers.answer(query, at: next, read: read)
                guard answer.progressed || wake != .committed else {
                    return park(deferred, after: next, until: deadline, query: query, read: read)
                }
                deferred.complete(with: answer.response)
            } catch {
                deferred.complete(with: APIProblem(error).response)
            }
        }
    }

    // MARK: Lookup

    /// `GET /v1/lookup/{kind}/{uuid}`: what the feed knows of one entity now, which a syncing client asks when a
    /// row of its own collides with an incoming one.
    private func lookup(_ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        guard let kind = EntityKind(rawValue: context.parameters["kind"]) else {
            throw APIProblem(
                status: .notFound, code: .noRoute,
                detail: "no resource at \(context.request.path): the kind is one of "
                    + EntityKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let lookup = try storage.lookup(kind, uuid: context.parameters["uuid"].lowercased())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPResponse(
            status: .ok, headers: [.contentType: "application/json"], body: try encoder.encode(lookup))
    }

    // MARK: Snapshot

    /// `GET /v1/snapshot`: a consistent copy of the database that starts a client, with an ETag, by range.
    private func snapshot(_ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let snapshot = try snapshots.snapshot(of: storage)
        return try HTTPResponse.file(
            at: snapshot.path, contentType: "application/vnd.sqlite3", etag: snapshot.etag, for: context.request)
    }
}
