/// Where a ``NavigationStore`` finds the user a name stands for: the accounts kept in the database that holds its
/// rows (the `Accounts` module's directory, made by that database's side).
package protocol NavigationUsers {
    /// The user named `name`, created on first use.
    ///
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error.
    func user(named name: String) throws -> NavigationUser

    /// The user named `name` if it exists; never creates one.
    ///
    /// - Throws: the database's error.
    func existingUser(named name: String) throws -> NavigationUser?
}
