public import Catalog
public import Foundation

/// Why a change feed could not be read or a client could not be brought up to date, as a sentence a user can
/// act on. Nothing of the failing batch is applied when one of these is thrown; the batches a sync committed
/// before it stay, and the next sync resumes after them.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The changes after `since` were partly pruned: the log starts at `prunedBefore`.
    case behindPrunedHorizon(since: Int64, prunedBefore: Int64)
    /// The client database has no sync state: it was not made as a snapshot of a server.
    case notASnapshot(path: String)
    /// The client database follows another server.
    case wrongServer(expected: String, found: String)
    /// The client database has writes of its own since its last sync.
    case localChanges(count: Int64)
    /// The client's own changes wait for upload: the server's are applied after them.
    case notUploaded(count: Int)
    /// The changes given start after the client's position: some in between are missing.
    case gap(clientAt: Int64, changesSince: Int64)
    /// An incoming entity collides with a local one (same ISBN or genre name, another uuid) that the
    /// server does not explain.
    case conflict(kind: EntityKind, uuid: String, with: String, reason: String)
    /// A prune point beyond the end of the log.
    case invalidPrunePoint(Int64, highWater: Int64)
    /// A changes file that cannot be used: a line that is not a change or the trailer, lines out of order, or a
    /// file that changed since it was opened.
    case malformedChanges(file: String, line: Int, reason: String)
    /// A changes file without its trailer line: it was cut short; `line` is where the trailer should be.
    case changesCutShort(file: String, line: Int)

    /// The failure as a sentence for a user.
    public var description: String {
        switch self {
        case .behindPrunedHorizon(let since, let prunedBefore):
            return "changes after \(since) are no longer in the log (pruned before \(prunedBefore)); "
                + "the client needs a fresh snapshot"
        case .notASnapshot(let path):
            return "\(path) has no sync state: it was not made as a snapshot of a server, so its rows cannot be "
                + "matched with the server's; start the client from a snapshot"
        case .wrongServer(let expected, let found):
            return "the client follows database \(expected), not \(found); sync it from the server it was "
                + "snapshotted from, or take a fresh snapshot"
        case .localChanges(let count):
            return "the client database has \(count) local change(s) since its last sync that the server does "
                + "not know; nothing applied: take a fresh snapshot and make changes on the server"
        case .notUploaded(let count):
            return "the client database has \(count) local change(s) not uploaded yet; nothing applied: sync from the "
                + "server (`catalog sync --from URL` or its file), which uploads them first"
        case .gap(let clientAt, let since):
            return "the changes start after \(since) but the client is at \(clientAt); export the changes after "
                + "\(clientAt)"
        case .conflict(let kind, let uuid, let other, let reason):
            return "\(kind.rawValue) \(uuid) conflicts with local \(kind.rawValue) \(other): \(reason); "
                + "nothing applied: take a fresh snapshot"
        case .invalidPrunePoint(let point, let highWater):
            return "cannot prune before \(point): the log ends at \(highWater); give at most \(highWater + 1)"
        case .malformedChanges(let file, let line, let reason):
            return "\(file), line \(line): \(reason)"
        case .changesCutShort(let file, let line):
            return "\(file), line \(line): no trailer line ({\"last_seq\":…}): the file is cut short"
        }
    }
}

// An app shows these in an alert: the description is the message.
extension SyncError: LocalizedError {
    public var errorDescription: String? { description }
}
