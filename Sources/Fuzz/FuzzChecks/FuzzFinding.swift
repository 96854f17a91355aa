/// A property a fuzz check expects that did not hold for an input.
public struct FuzzFinding: Error, CustomStringConvertible {
    /// What went wrong, with the values involved.
    public let description: String

    /// A finding described by `description`.
    ///
    /// - Parameter description: what went wrong.
    public init(_ description: String) {
        self.description = description
    }
}

/// Throws a ``FuzzFinding`` when `condition` is false.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFinding) {
    if !condition { throw FuzzFinding(message()) }
}
