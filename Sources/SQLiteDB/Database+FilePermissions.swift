import Foundation

/// Who may read a database file: a file this package creates is its owner's alone.
///
/// SQLite creates a database file with mode 0644 less the umask: readable by every local user under the common
/// umask 022. It gives the file's `-wal`, `-shm` and `-journal` files the mode of the database file itself, whatever
/// the umask, so a database file created 0600 keeps all four private.
extension Database {
    /// The mode of a database file a connection creates: read and write for its owner, nothing for anyone else.
    static let newFilePermissions = 0o600

    /// Takes group and other permissions away from the database file at `path` and from its `-wal`, `-shm` and
    /// `-journal` files, for a database that holds secrets: permissions are never added, and a file the caller may
    /// not change (another user's), or one that is not there, is left as it is.
    ///
    /// Call it before opening the database: SQLite gives a `-wal` or `-shm` file it creates later the database
    /// file's mode, and one opened already keeps the access it was opened with.
    ///
    /// ```swift
    /// Database.restrictToOwner(path: "users.sqlite")   // 0644 → 0600, 0640 → 0600, 0600 stays
    /// let db = try Database(path: "users.sqlite")
    /// ```
    public static func restrictToOwner(path: String) {
        guard isFile(path) else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            var info = stat()
            guard stat(path + suffix, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0
            else { continue }
            _ = chmod(path + suffix, info.st_mode & 0o700)
        }
    }

    /// Creates an empty file at `path`, with ``newFilePermissions`` whatever the umask, when nothing is there: for
    /// SQLite to open as a new database, or for a database written by other means (a download).
    ///
    /// - Returns: whether it created the file. When it did not, anything in the way (a file, a dangling link, a
    ///   directory that cannot be written) is left to the caller: SQLite opens it or says why it cannot.
    @discardableResult
    package static func createPrivateFile(_ path: String) -> Bool {
        guard isFile(path) else { return false }
        return createNewFile(path, mode: mode_t(newFilePermissions))
    }

    /// Whether `path` names a file rather than a private in-memory or temporary database.
    private static func isFile(_ path: String) -> Bool {
        path != ":memory:" && !path.isEmpty
    }
}

/// Creates an empty file at `path` with exactly `mode` unless something is there, and says whether it did (outside
/// ``Database``, whose `close()` would hide the system's).
private func createNewFile(_ path: String, mode: mode_t) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { return false }
    // The umask may have taken the owner's own bits away too (umask 0277 would leave 0400).
    _ = fchmod(descriptor, mode)
    close(descriptor)
    return true
}
