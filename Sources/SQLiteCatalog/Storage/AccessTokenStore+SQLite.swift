package import AccessTokens
package import SQLiteDB

extension AccessTokenStore {
    /// The tokens of the SQLite database `writer` writes: a connection for the command line, a pool for a server
    /// (whose readers then check tokens side by side).
    package init(_ writer: any DatabaseWriter) {
        self.init(SQLiteConnections(writer))
    }
}
