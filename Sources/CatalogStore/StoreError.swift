/// Why a store could not do what was asked of it.
package enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store has no `capability` (yet) on `database`.
    case unsupported(StoreCapability, database: String)

    package var description: String {
        switch self {
        case .unsupported(let capability, let database):
            "\(capability.description) works on a SQLite catalog file only so far; \(database) cannot do it yet"
        }
    }
}
