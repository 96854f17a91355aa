public import Catalog
import SQLiteDB

extension SyncClient {
    /// What an upload sent, and what the server made of it.
    public struct UploadReport: Sendable, Hashable {
        /// The changes answered, by result.
        public var results: [UploadAnswer.Result: Int] = [:]
        /// The clashes the server kept (the server's value stands; settle them there).
        public var conflicts: [UploadConflict] = []
        /// The changes refused, with why.
        public var rejected: [UploadAnswer] = []

        /// How many changes were answered.
        public var changes: Int { results.values.reduce(0, +) }
    }

    /// Sends the client's own writes to its server: first the changes frozen for an earlier upload that got no answer
    /// (with the ids the server knows them by), then the queue, frozen into changes with new ids. Each batch's
    /// answers are recorded in one transaction; an interrupted upload sends what has no answer again, and the server
    /// applies a change once.
    ///
    /// - Parameters:
    ///   - target: the server: its catalog file, or its HTTP API.
    ///   - batchSize: changes per request (the HTTP API takes 1,000).
    /// - Returns: the answers, counted.
    /// - Throws: ``SyncError/notASnapshot(path:)``, ``SyncError/wrongServer(expected:found:)``; what the target throws
    ///   (the batches before stay answered).
    @discardableResult
    public func upload(to target: some UploadTarget, batchSize: Int = 1000) throws -> UploadReport {
        let (state, client) = try database.write { db in
            let state = try requireState(in: db)
            try UploadQueue.installTriggers(in: db)
            try UploadQueue.freeze(in: db)
            return (state, try ChangeFeed(db).databaseUUID())
        }
        let server = try target.databaseUUID()
        guard server == state.serverUUID else { throw SyncError.wrongServer(expected: state.serverUUID, found: server) }
        var report = UploadReport()
        let sent = try database.read { db in try UploadQueue.sent(in: db) }
        for start in stride(from: 0, to: sent.count, by: max(1, batchSize)) {
            let batch = UploadBatch(client: client, changes: Array(sent[start..<min(start + batchSize, sent.count)]))
            let answers = try target.upload(batch)
            try database.write { db in try UploadQueue.record(answers, in: db) }
            for answer in answers {
                report.results[answer.result, default: 0] += 1
                report.conflicts += answer.conflicts
                if answer.result == .rejected { report.rejected.append(answer) }
            }
        }
        return report
    }
}
