/// Where a JSON value (or a syntax error) starts: line and column (1-based, the column counted in bytes) and the
/// byte offset from the input's start (0-based, a skipped byte order mark included).
package struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column in bytes, from 1.
    package var column: Int
    /// The byte offset, from 0.
    package var byteOffset: Int64

    /// `line 3, column 12, byte offset 80`.
    package var description: String { "line \(line), column \(column), byte offset \(byteOffset)" }
}
