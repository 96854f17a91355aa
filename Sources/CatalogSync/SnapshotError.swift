public import Foundation

/// Why a snapshot was not written. Nothing is written then, and the file already at the path is left as it was.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Something already exists at the path the snapshot was to be written to: a snapshot starts a new client, so
    /// it is only ever written to a new file.
    case fileExists(path: String)

    /// The failure as a sentence for a user.
    public var description: String {
        switch self {
        case .fileExists(let path):
            return "\(path) exists already; the snapshot was not written and the file was left as it was: "
                + "remove it or give another file name"
        }
    }

    /// Refuses `path` when something is there already.
    package static func requireNewFile(_ path: String) throws {
        // Any kind of entry (a directory, a dangling symlink) counts: none of them is a new file.
        var status = stat()
        guard lstat(path, &status) != 0 else { throw SnapshotError.fileExists(path: path) }
    }
}

// An app shows these in an alert: the description is the message.
extension SnapshotError: LocalizedError {
    public var errorDescription: String? { description }
}
