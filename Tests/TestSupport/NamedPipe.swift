import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe (FIFO) that a test writes a process's input through in parts, so the process is held at a known
/// place: it has read what was written so far and waits for more.
public final class NamedPipe {
    /// Why the pipe could not be made or written.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private var handle: FileHandle?

    /// Makes the pipe at `path`.
    public init(path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw Failure(description: "mkfifo \(path): \(Self.text(of: errno))") }
        // A write after the reader is gone must fail with EPIPE, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        self.path = path
    }

    deinit { close() }

    /// Writes `text`. The first write waits, at most `timeout`, for a reader to open the pipe.
    public func write(_ text: String, timeout: Duration = .seconds(60)) throws {
        let handle = try handle ?? connect(timeout)
        self.handle = handle
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Closes the write end: the reader then meets the end of its input.
    public func close() {
        try? handle?.close()
        handle = nil
    }

    /// Opens the write end once a reader has opened the pipe: a non-blocking open fails with ENXIO until then, so
    /// the wait is bounded rather than an open that could block for ever.
    private func connect(_ timeout: Duration) throws -> FileHandle {
        let deadline = ContinuousClock.now + timeout
        var descriptor: Int32
        while true {
            descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { break }
            let error = errno
            guard error == ENXIO, ContinuousClock.now < deadline else {
                throw Failure(
                    description: "opening \(path) for writing: \(Self.text(of: error)) (no reader within \(timeout))")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        // From here on a write waits for the reader instead of failing with EAGAIN.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    private static func text(of error: Int32) -> String { String(cString: strerror(error)) }
}
