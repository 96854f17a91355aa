import Foundation

/// Where a ``TextInput`` gets its raw bytes: a file read in chunks, or bytes in memory (tests).
protocol ByteSource {
    /// A name for messages: the file path, or a label for in-memory input.
    var name: String { get }
    /// The total size in bytes, when known.
    var size: Int64? { get }
    /// Reads up to `count` bytes; an empty array means end of input.
    mutating func read(upTo count: Int) throws(ReaderError) -> [UInt8]
}

/// A file read sequentially through a `FileHandle`, never loaded whole.
final class FileByteSource: ByteSource {
    let name: String
    let size: Int64?
    private let handle: FileHandle

    /// Opens a file for reading.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: ``ReaderError/cannotOpen(path:reason:)`` when it does not exist or is unreadable.
    init(path: String) throws(ReaderError) {
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

    func read(upTo count: Int) throws(ReaderError) -> [UInt8] {
        do {
            guard let data = try handle.read(upToCount: count) else { return [] }
            return [UInt8](data)
        } catch {
            throw .readFailed(path: name, reason: "\(error)")
        }
    }

    /// Reads up to `count` bytes at `offset`, leaving the sequential position where it is.
    func read(at offset: Int, count: Int) throws(ReaderError) -> [UInt8] {
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

    private static func regularFileSize(_ path: String) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.int64Value
    }
}

// A file handle is a single cursor; sharing it across tasks would interleave reads.
@available(*, unavailable)
extension FileByteSource: Sendable {}

/// Bytes already in memory, served in chunks like a file (for tests and small inputs).
struct MemoryByteSource: ByteSource {
    let name: String
    private let bytes: [UInt8]
    private var position = 0

    var size: Int64? { Int64(bytes.count) }

    /// Wraps bytes as a source.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - name: The name used in messages.
    init(_ bytes: [UInt8], name: String = "<memory>") {
        self.bytes = bytes
        self.name = name
    }

    mutating func read(upTo count: Int) throws(ReaderError) -> [UInt8] {
        let end = min(bytes.count, position + count)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}
