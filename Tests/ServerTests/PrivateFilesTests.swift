import Foundation
import SQLiteDB
import TestSupport
import Testing

/// The catalog and the users' file beside it (navigation history, token and web-session hashes) are their owner's
/// alone: the files `catalog` creates, and the `-wal` and `-shm` files of a server using them, are 0600 under the
/// usual umask 022, under which SQLite alone makes them 0644, readable by every local user.
@Suite struct PrivateFilesTests {
    /// `catalog --db DATABASE ARGUMENTS` started under umask 022.
    static func start(_ cli: CatalogCLI, _ arguments: [String], in database: String = "catalog.sqlite") throws
        -> ChildProcess
    {
        try TestSupport.start(
            "/bin/sh",
            ["-c", #"umask 022 && exec "$0" "$@""#, CatalogCLI.executable, "--db", cli.path(database)] + arguments)
    }

    /// Runs `catalog --db DATABASE ARGUMENTS` under umask 022 and requires it to succeed.
    @discardableResult
    static func run(_ cli: CatalogCLI, _ arguments: String..., in database: String = "catalog.sqlite") throws
        -> String
    {
        let result = try start(cli, arguments, in: database).wait()
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func aNewCatalogItsUsersFileAndTheirWALAndSharedMemoryAreTheOwnersAlone() throws {
        try TestSupport.requireHTTPServerLibrary()
        let cli = try CatalogCLI("private-files")
        try Self.run(cli, "init")
        #expect(TestSupport.permissions(ofFileAt: cli.database) == 0o600)
        try Self.run(cli, "import", TestSupport.sampleData.appending(path: "library.json").path)
        try Self.run(cli, "users", "add", "ada")
        let token = try Self.run(cli, "tokens", "create", "--user", "ada", "--scope", "nav")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(TestSupport.permissions(ofFileAt: cli.usersDatabase) == 0o600)
        try Self.run(cli, "snapshot", cli.path("client.sqlite"))
        #expect(TestSupport.permissions(ofFileAt: cli.path("client.sqlite")) == 0o600)

        let server = try Self.start(cli, ["serve", "--listen", "127.0.0.1:0"])
        defer {
            server.send(SIGTERM)
            _ = server.wait()
        }
        let line = try #require(server.firstStandardOutputLine(), "\(server.wait().standardError)")
        let base = String(line.dropFirst("listening on ".count))
        let url = try #require(URL(string: base + "/v1/web/session"))
        // A sign-in writes to the users' file while the server holds both files open.
        let signIn = try HTTPTestClient.start(url, method: "POST", body: Data(#"{"token": "\#(token)"}"#.utf8)).wait()
        #expect(signIn.status == 201, "\(signIn.text)")
        for path in [cli.database, cli.usersDatabase] {
            for suffix in ["", "-wal", "-shm"] {
                #expect(TestSupport.permissions(ofFileAt: path + suffix) == 0o600, "\(path)\(suffix)")
            }
        }
        // A client's copy downloaded from the server is written by other means than SQLite, and private all the same.
        let downloaded = cli.path("downloaded.sqlite")
        try Self.run(cli, "snapshot", "--from", base, "--token", token, downloaded, in: downloaded)
        #expect(TestSupport.permissions(ofFileAt: downloaded) == 0o600)
    }

    /// A users' file made by an older version (0644 under umask 022), `-wal` included, is narrowed to its owner's
    /// by the next command; a catalog keeps the permissions its owner gave it.
    @Test func anOlderUsersFileIsNarrowedAndTheCatalogIsNotChanged() throws {
        let cli = try CatalogCLI("private-files")
        try Self.run(cli, "users", "add", "ada")
        // A connection kept open keeps the users' file's -wal and -shm, as a running server would.
        let open = try Database(path: cli.usersDatabase)
        try open.execute("SELECT count(*) FROM users")
        for path in [cli.database, cli.usersDatabase, cli.usersDatabase + "-wal", cli.usersDatabase + "-shm"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        try Self.run(cli, "users", "list")
        #expect(TestSupport.permissions(ofFileAt: cli.database) == 0o644)
        for suffix in ["", "-wal", "-shm"] {
            #expect(TestSupport.permissions(ofFileAt: cli.usersDatabase + suffix) == 0o600, "users\(suffix)")
        }
        try open.close()
    }
}
