import Foundation

/// Why a file's bytes cannot be read.
public enum FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// Reading failed part-way (an I/O error).
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open the file: \(reason)."
        case .readFailed(let path, let reason): "\(path): reading failed: \(reason)."
        }
    }
}

/// Where an input reader gets its raw bytes: a file read in chunks, or bytes in memory (tests).
package protocol ByteSource {
    /// A name for messages: the file path, or a label for in-memory input.
    var name: String { get }
    /// The total size in bytes, when known.
    var size: Int64? { get }
    /// Reads up to `count` bytes; an empty array means end of input.
    mutating func read(upTo count: Int) throws(FileReadError) -> [UInt8]
}

/// A file read sequentially through a `FileHandle`, never loaded whole.
package final class FileByteSource: ByteSource {
    package let name: String
    package let size: Int64?
    private let handle: FileHandle

    /// Opens a file for reading.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: ``FileReadError/cannotOpen(path:reason:)`` when it does not exist or is unreadable.
    package init(path: String) throws(FileReadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .cannotOpen(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .cannotOpen(path: path, reason: "it is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "permission denied or unreadable")
        }
        self.name = path
        self.handle = handle
        self.size = Self.regularFileSize(path)
    }

    deinit {
        try? handle.close()
    }

    /// One `read(2)`: a pipe hands over what its writer has written so far, where `FileHandle` would wait until
    /// `count` bytes or the end (and an import from a pipe would hold back rows already written).
    package func read(upTo count: Int) throws(FileReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let got = bytes.withUnsafeMutableBytes { systemRead(handle.fileDescriptor, $0) }
            if got >= 0 {
                bytes.removeLast(count - got)
                return bytes
            }
            guard errno == EINTR else { throw .readFailed(path: name, reason: String(cString: strerror(errno))) }
        }
    }

    /// Reads up to `count` bytes at `offset`, leaving the sequential position where it is.
    package func read(at offset: Int, count: Int) throws(FileReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes[filled...].withUnsafeMutableBytes { buffer in
                pread(handle.fileDescriptor, buffer.baseAddress, buffer.count, off_t(offset + filled))
            }
            if got == 0 { break }
            guard got > 0 else {
                if errno == EINTR { continue }
                throw .readFailed(path: name, reason: String(cString: strerror(errno)))
            }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Whether `path` names neither a file nor a folder but a pipe, a device or a socket: bytes that can be read only
    /// once, from the start, and have no size.
    package static func isReadOnce(_ path: String) -> Bool {
        guard let status = status(path) else { return false }
        let type = status.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    private static func regularFileSize(_ path: String) -> Int64? {
        guard let status = status(path), status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// `stat(2)` of `path` (links followed), or `nil` when there is nothing there.
    private static func status(_ path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }
}

/// `read(2)` into `buffer`, under a name the source's own `read` methods do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

// A file handle is a single cursor; sharing it across tasks would interleave reads.
@available(*, unavailable)
extension FileByteSource: Sendable {}

/// Bytes already in memory, served in chunks like a file (for tests and small inputs).
package struct MemoryByteSource: ByteSource {
    package let name: String
    private let bytes: [UInt8]
    private var position = 0

    package var size: Int64? { Int64(bytes.count) }

    /// Wraps bytes as a source.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - name: The name used in messages.
    package init(_ bytes: [UInt8], name: String = "<memory>") {
        self.bytes = bytes
        self.name = name
    }

    package mutating func read(upTo count: Int) throws(FileReadError) -> [UInt8] {
        let end = min(bytes.count, position + count)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}
