/// A user whose navigation state is stored: the handle every ``NavigationStore`` query is scoped by.
///
/// Only the store makes one (``NavigationStore/user(named:)``), so code holding a user can reach that
/// user's rows and nobody else's. It is deliberately not `Codable`: decoding one would forge access. (Within
/// this package, the accounts, kept beside the access tokens in the `Accounts` module, make one from a `users`
/// row, and the access tokens from the row a token belongs to; the navigation only scopes its rows by it.)
public struct NavigationUser: Sendable, Hashable, CustomStringConvertible {
    /// The user's unique name.
    public let name: String
    /// The `users.id` of the row.
    package let id: Int64

    /// The user of the `users` row `id`.
    package init(name: String, id: Int64) {
        self.name = name
        self.id = id
    }

    /// The user's name.
    public var description: String { name }
}
