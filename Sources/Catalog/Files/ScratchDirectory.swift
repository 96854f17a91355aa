package import Foundation

/// A temporary directory that belongs to one process: named `PREFIX-PID-UUID`, readable by its owner only, and
/// removed by ``remove()``.
///
/// A process killed before it removes its directory cannot clean up (an import's working copy can be as large as the
/// catalog), so making a new one first removes every directory of the same prefix whose process no longer runs.
package struct ScratchDirectory: Sendable {
    /// The directory.
    package let url: URL

    /// Makes a new directory under `parent`, after removing the ones of `prefix` left by processes that ended.
    ///
    /// - Throws: `CocoaError` when the directory cannot be made.
    package init(prefix: String, in parent: URL = FileManager.default.temporaryDirectory) throws {
        Self.removeAbandoned(prefix: prefix, in: parent)
        let pid = ProcessInfo.processInfo.processIdentifier
        url = parent.appending(path: "\(prefix)-\(pid)-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Removes the directory and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Removes the directories of `prefix` in `parent` whose process (the number after the prefix) is gone.
    private static func removeAbandoned(prefix: String, in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix + "-") {
            guard let pid = owner(of: name.dropFirst(prefix.count + 1)), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appending(path: name))
        }
    }

    /// The process of a directory named `PID-UUID` after its prefix (as ``init(prefix:in:)`` names them, the uuid in
    /// lowercase), or `nil` for any other name, which is never removed.
    private static func owner(of suffix: Substring) -> pid_t? {
        let parts = suffix.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, parts[1] == parts[1].lowercased(),
            UUID(uuidString: String(parts[1])) != nil
        else { return nil }
        return pid
    }

    /// Whether a process numbered `pid` exists (one of another user's counts: it may be the owner).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
