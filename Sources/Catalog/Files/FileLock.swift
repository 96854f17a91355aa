import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a file, held by one open file until this value goes away (or its process ends, however it
/// ends): `flock(2)`, which another open of the same file, in this process or another, cannot take meanwhile.
package final class FileLock {
    private let descriptor: Int32

    /// Takes the lock of the file at `path` (made when missing, readable by its owner only) without waiting; `nil`
    /// when another holds it.
    ///
    /// - Throws: `POSIXError` when the file cannot be opened or locked.
    package init?(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError.current }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = POSIXError.current
            close(descriptor)
            if error.code == .EWOULDBLOCK { return nil }
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

extension POSIXError {
    /// The error `errno` holds.
    fileprivate static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
