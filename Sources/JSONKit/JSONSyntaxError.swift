/// The JSON text is not well-formed, or is over a ``JSONLimits``, at `position`.
package struct JSONSyntaxError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, as a sentence without its place: `expected ':' after a member name`.
    package var reason: String
    /// Where the reader stopped.
    package var position: JSONPosition

    /// An error.
    package init(reason: String, position: JSONPosition) {
        self.reason = reason
        self.position = position
    }

    /// `line 1, column 9, byte offset 8: expected ':' after a member name`.
    package var description: String { "\(position): \(reason)" }
}
