package import Accounts
package import SQLiteDB

extension UserDirectory {
    /// The users of the SQLite database `writer` writes: a connection or a pool.
    package init(_ writer: any DatabaseWriter) {
        self.init(SQLiteConnections(writer))
    }
}
