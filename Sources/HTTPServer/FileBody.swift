public import Foundation

/// A response body sent from part of an open file, which the server hands to the system (`sendfile`) rather
/// than reading into memory.
public struct FileBody: Sendable, Equatable {
    /// The file; the server sends from a duplicate of its descriptor, so the handle may be closed (or the file
    /// removed) once the response is given.
    public var file: FileHandle
    /// Where the body starts in the file.
    public var offset: UInt64
    /// How many bytes are sent.
    public var length: UInt64
}
