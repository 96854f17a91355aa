import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `catalog snapshot --from URL` and `catalog sync --from URL [--follow]` against a real `catalog serve`.
@Suite struct HTTPSyncTests {
    @Test func aSnapshotDownloadedAndSyncedOverHTTPMatchesTheServer() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
        try served.importBook("After The Snapshot")
        try served.importBooks(40, titled: "Bulk")
        let synced = try served.client(["sync", "--from", served.baseURL, "--batch-size", "7"], in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(synced.standardOutput.hasPrefix("applied 41 change(s) in 6 batch(es)"), "\(synced.standardOutput)")
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
        let again = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(again.standardOutput.hasPrefix("applied 0 change(s)"), "\(again.standardOutput)")
        let client = try Database(path: served.cli.path("client.sqlite"))
        defer { try? client.close() }
        #expect(try client.fetchOne(String.self, "SELECT server_path FROM sync_state") == served.baseURL)
    }

    /// The offline round trip: edits on the copy wait (`catalog pending`), go up with `catalog sync --from URL`, a
    /// title both sides changed is kept as a conflict (`catalog conflicts`), settled, and comes back down.
    @Test func aCopysEditsGoUpOverHTTPAndAConflictIsSettled() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let added = try served.cli.run("add", "book", "--title", "Shared Title", "--json")
        let book = try #require(try added.json()["uuid"] as? String)
        try served.downloadSnapshot("client.sqlite")
        #expect(try served.cli.run("edit", "book", book, "--title", "Mine Title", in: "client.sqlite").status == 0)
        #expect(try served.cli.run("add", "author", "--name", "Ada Offline", in: "client.sqlite").status == 0)
        #expect(try served.cli.run("edit", "book", book, "--title", "Their Title").status == 0)
        let pending = try served.cli.run("pending", "--json", in: "client.sqlite")
        let waiting = try #require(try pending.json()["pending"] as? [[String: Any]])
        #expect(waiting.map { $0["op"] as? String } == ["create", "update"], "\(pending.standardOutput)")

        let synced = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(
            synced.standardOutput.hasPrefix("uploaded 2 change(s): 1 applied, 1 conflict\nconflict "),
            "\(synced.standardOutput)")
        #expect(try served.cli.run("pending", in: "client.sqlite").standardOutput == "nothing waits for upload\n")
        #expect(try served.cli.run("search", "Ada Offline").standardOutput.contains("Ada Offline"))
        let conflicts = try served.cli.run("conflicts", "--json")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(conflicts.standardOutput.utf8)) as? [[String: Any]])
        #expect(listed.count == 1 && listed.first?["mine"] as? String == "Mine Title", "\(conflicts.standardOutput)")
        #expect(listed.first?["theirs"] as? String == "Their Title")
        let id = try #require(listed.first?["id"] as? Int)
        // The copy keeps the conflicts its uploads got, and settles them on the server over HTTP.
        let own = try served.cli.run("conflicts", in: "client.sqlite")
        #expect(
            own.standardOutput.hasPrefix("\(id)  book \(book)  title  mine \"Mine Title\""), "\(own.standardOutput)")
        let remote = try served.client(["conflicts", "--from", served.baseURL], in: "client.sqlite")
        #expect(remote.standardOutput == own.standardOutput, "\(remote.standardError)")
        let notHere = try served.cli.run("conflicts", "resolve", "\(id)", "--take", "mine", in: "client.sqlite")
        #expect(notHere.status == 64 && notHere.standardError.contains("--from URL"), "\(notHere.standardError)")
        let settled = try served.client(
            ["conflicts", "resolve", "\(id)", "--take", "mine", "--from", served.baseURL], in: "client.sqlite")
        #expect(
            settled.standardOutput == "settled conflict \(id): the client's value stands\n", "\(settled.standardError)")
        let again = try served.client(
            ["conflicts", "resolve", "\(id)", "--take", "theirs", "--from", served.baseURL], in: "client.sqlite")
        #expect(again.status == 1 && again.standardError.contains("409"), "\(again.standardError)")
        #expect(
            try served.client(["conflicts", "--from", served.baseURL], in: "client.sqlite").standardOutput
                == "no conflicts to settle\n")

        #expect(try served.client(["sync", "--from", served.baseURL], in: "client.sqlite").status == 0)
        #expect(try served.cli.run("show", "book", book, in: "client.sqlite").standardOutput.hasPrefix("Mine Title"))
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
    }

    @Test func aSnapshotIsNotWrittenOverAnExistingFile() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        let again = try served.client(
            ["snapshot", "--from", served.baseURL, served.cli.path("client.sqlite")], in: "x")
        #expect(again.status == 64)
        #expect(again.standardError.contains("exists already"), "\(again.standardError)")
    }

    @Test func aClientOfAnotherServerIsRefused() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let other = try ServedCatalog()
        defer { other.stop() }
        try other.downloadSnapshot("other-client.sqlite")
        // This server has changes the client has not: applied, they would show.
        try served.importBook("Not For That Client")
        let client = other.cli.path("other-client.sqlite")
        let before = try Self.dump(client)
        let refused = try served.client(["sync", "--from", served.baseURL], in: client)
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("take a fresh snapshot"), "\(refused.standardError)")
        #expect(try Self.dump(client) == before)
    }

    @Test func aClientBehindThePrunedHorizonIsToldToSnapshotAgainAndThenSyncs() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        try served.importBooks(5, titled: "Pruned")
        let end = try served.lastSequence()
        #expect(try served.cli.run("changes", "--prune-before", "\(end)").status == 0)
        let refused = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("410 behind-horizon"), "\(refused.standardError)")
        #expect(
            refused.standardError.contains("catalog snapshot --from \(served.baseURL)"), "\(refused.standardError)")
        try served.downloadSnapshot("fresh.sqlite")
        try served.importBook("After The Prune")
        let synced = try served.client(["sync", "--from", served.baseURL], in: "fresh.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try sameCatalog(served.cli.database, served.cli.path("fresh.sqlite")))
    }

    /// `--resnapshot`: a copy behind the pruned horizon uploads its edits, then starts again from a new snapshot in
    /// place, and holds the server's catalog with its edits in it.
    @Test func aCopyBehindThePrunedHorizonUploadsItsEditsAndStartsAgainInPlace() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let added = try served.cli.run("add", "book", "--title", "Before The Prune", "--json")
        let book = try #require(try added.json()["uuid"] as? String)
        try served.downloadSnapshot("client.sqlite")
        #expect(try served.cli.run("edit", "book", book, "--title", "Edited Offline", in: "client.sqlite").status == 0)
        try served.importBooks(5, titled: "Pruned")
        #expect(try served.cli.run("changes", "--prune-before", "\(try served.lastSequence())").status == 0)
        let refused = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(refused.standardError.contains("catalog sync --resnapshot"), "\(refused.standardError)")

        let synced = try served.client(["sync", "--from", served.baseURL, "--resnapshot"], in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(synced.standardError.contains("started again from a snapshot at sequence"), "\(synced.standardError)")
        #expect(try served.cli.run("show", "book", book).standardOutput.hasPrefix("Edited Offline"))
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
        #expect(try served.cli.run("pending", in: "client.sqlite").standardOutput == "nothing waits for upload\n")
    }

    /// Each change goes up with the server sequence the copy stood at when it was made: an entry the server did not
    /// change since is applied, edited or deleted as the copy says; a delete of one the server changed since is a
    /// conflict, and the entry stays.
    @Test func whatTheServerChangedSinceTheCopysBaseDecidesEachAnswer() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let add = { (title: String) throws -> String in
            try #require(try served.cli.run("add", "book", "--title", title, "--json").json()["uuid"] as? String)
        }
        let (edited, deleted, changedThere) = (
            try add("Edited Here"), try add("Deleted Here"), try add("Changed There")
        )
        try served.downloadSnapshot("client.sqlite")
        #expect(
            try served.cli.run("edit", "book", edited, "--title", "Edited Here Too", in: "client.sqlite").status == 0)
        for book in [deleted, changedThere] {
            #expect(try served.cli.run("delete", "book", book, in: "client.sqlite").status == 0)
        }
        #expect(try served.cli.run("edit", "book", changedThere, "--year", "1999").status == 0)

        let synced = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(
            synced.standardOutput.hasPrefix("uploaded 3 change(s): 2 applied, 1 conflict\nconflict "),
            "\(synced.standardOutput)")
        #expect(try served.cli.run("show", "book", edited).standardOutput.hasPrefix("Edited Here Too"))
        #expect(try served.cli.run("show", "book", deleted).status != 0)
        #expect(try served.cli.run("show", "book", changedThere).standardOutput.hasPrefix("Changed There"))
    }

    /// `--user`: a user's scenes and sessions travel both ways; the one changed last wins, the state a scene's
    /// change replaces stays in that side's history, and a second sync changes nothing.
    @Test func aUsersScenesAndSessionsTravelBothWaysWithSync() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let user = ServedCatalog.user
        let nav = { (arguments: [String], database: String) throws -> TestSupport.ProcessResult in
            let result = try served.cli.run(["nav", "--user", user] + arguments, in: database)
            #expect(result.status == 0, "\(result.standardError)")
            return result
        }
        let sidebar = { (database: String) throws -> String? in
            try nav(["show", "--json"], database).json()["sidebar"] as? String
        }
        let sync = { () throws -> String in
            let synced = try served.client(["sync", "--from", served.baseURL, "--user", user], in: "client.sqlite")
            #expect(synced.status == 0, "\(synced.standardError)")
            return synced.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        }
        _ = try nav(["select-sidebar", "authors"], "catalog.sqlite")
        #expect(try served.cli.run("sessions", "--user", user, "save", "on-the-web").status == 0)
        try served.downloadSnapshot("client.sqlite")

        #expect(
            try sync() == "scenes of \(user): 1 brought down, 0 sent up; sessions: 1 brought down, 0 sent up")
        #expect(try sidebar("client.sqlite") == "authors", "the laptop continues where the web page left off")
        let sessions = try served.cli.run("sessions", "--user", user, "list", in: "client.sqlite")
        #expect(sessions.standardOutput.contains("on-the-web"), "\(sessions.standardOutput)")

        _ = try nav(["select-sidebar", "bands"], "client.sqlite")
        _ = try nav(["select-sidebar", "genres"], "client.sqlite")
        let saved = try served.cli.run("sessions", "--user", user, "save", "on-the-laptop", in: "client.sqlite")
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(
            try sync() == "scenes of \(user): 0 brought down, 1 sent up; sessions: 0 brought down, 1 sent up")
        #expect(try sidebar("catalog.sqlite") == "genres", "the web page shows where the laptop went")
        _ = try nav(["back"], "catalog.sqlite")
        #expect(try sidebar("catalog.sqlite") == "bands", "the laptop's way there is in the server's history")
        _ = try nav(["back"], "catalog.sqlite")
        #expect(try sidebar("catalog.sqlite") == "authors", "the state it replaced stays in the server's history")
        _ = try nav(["forward"], "catalog.sqlite")
        _ = try nav(["forward"], "catalog.sqlite")
        #expect(try served.cli.run("sessions", "--user", user, "restore", "on-the-laptop").status == 0)
        #expect(try sidebar("catalog.sqlite") == "genres")

        #expect(
            try sync() == "scenes of \(user): 0 brought down, 0 sent up; sessions: 0 brought down, 0 sent up")
    }

    @Test func anAbsentServerIsNamedWithItsURL() throws {
        let cli = try CatalogCLI("http-sync")
        let result = try cli.run("snapshot", "--from", "http://127.0.0.1:9/", cli.path("client.sqlite"))
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("no answer from http://127.0.0.1:9/v1/snapshot"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("client.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: cli.path("client.sqlite.part")))
    }

    @Test func followKeepsTheClientCurrentUntilInterrupted() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        let follower = try served.cli.start(
            ["sync", "--from", served.baseURL, "--follow"] + served.tokenArguments, in: "client.sqlite")
        defer { follower.killIfRunning() }
        #expect(follower.firstStandardOutputLine()?.hasPrefix("applied 0 change(s)") == true)
        try served.importBook("Followed Closely")
        // Bounded polling of the client's file: the follower applies the book when its long-poll wakes.
        var found = false
        for _ in 0..<600 where !found {
            found = try served.cli.run("search", "Followed Closely", in: "client.sqlite").standardOutput.contains(
                "Followed Closely")
            if !found { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(found)
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
        served.stop()
        #expect(follower.waitUntilStandardError(contains: "trying again"))
        follower.send(SIGINT)
        #expect(follower.wait().status == 0)
    }

    @Test func aServerKilledDuringASyncLeavesTheClientAtAWholeBatchAndTheNextSyncCompletesIt() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        try served.importBooks(3000, titled: "Killed")
        let sync = try served.cli.start(
            ["sync", "--from", served.baseURL, "--batch-size", "10"] + served.tokenArguments, in: "client.sqlite")
        defer { sync.killIfRunning() }
        let client = try Database(path: served.cli.path("client.sqlite"))
        let start = try #require(try client.fetchOne(Int64.self, "SELECT last_seq FROM sync_state"))
        // The kill comes once the client has committed its first batch (bounded polling of its file): a kill
        // before any batch would prove nothing about a sync stopped part-way.
        var committed = false
        for _ in 0..<2000 where !committed {
            committed = try client.fetchOne(Int64.self, "SELECT last_seq FROM sync_state") != start
            if !committed { Thread.sleep(forTimeInterval: 0.005) }
        }
        served.stop(signal: SIGKILL)
        #expect(committed, "no batch was committed within 10 s, before the kill")
        try Self.removeSnapshotDirectories(of: served)
        let interrupted = sync.wait()
        #expect(interrupted.status == 1, "the sync ended before the kill: \(interrupted.standardOutput)")
        #expect(interrupted.standardError.contains("no answer from \(served.baseURL)"), "\(interrupted.standardError)")
        #expect(try client.fetchOne(String.self, "PRAGMA integrity_check") == "ok")
        #expect(try client.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check").isEmpty)
        let reached = try #require(try client.fetchOne(Int64.self, "SELECT last_seq FROM sync_state"))
        #expect(reached > start)
        // Whole batches only: every book of the log up to the recorded sequence, none after it.
        let server = try Database(path: served.cli.database)
        let expected = try server.fetchOne(
            Int.self,
            "SELECT count(*) FROM change_log WHERE entity_kind = 'book' AND seq <= ? AND uuid IN (SELECT uuid FROM books WHERE title LIKE 'Killed %')",
            [reached])
        let applied = try client.fetchOne(Int.self, "SELECT count(*) FROM books WHERE title LIKE 'Killed %'")
        #expect(applied ?? 0 > 0)
        #expect(applied == expected, "sync ended with \(interrupted.status): \(interrupted.standardError)")
        try client.close()
        try server.close()
        let restarted = try served.restart()
        defer { restarted.stop() }
        let completed = try served.client(["sync", "--from", restarted.baseURL], in: "client.sqlite")
        #expect(completed.status == 0, "\(completed.standardError)")
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
    }

    /// The server killed while it applies an upload (each change its own transaction): the copy heard no answer and
    /// sends the batch again to the restarted server, which answers what it applied before from what it stored and
    /// applies the rest, each once.
    @Test func aServerKilledWhileItAppliesAnUploadAppliesEachChangeOnceWhenSentAgain() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let edits = 2000
        try served.importBooks(edits, titled: "Offline")
        try served.downloadSnapshot("client.sqlite")
        let copy = try Database(path: served.cli.path("client.sqlite"))
        try copy.execute("UPDATE books SET title = 'Edited ' || title WHERE title LIKE 'Offline %'")
        // Meanwhile the server retitles every tenth: those clash, each kept as one conflict.
        let server = try Database(path: served.cli.database)
        try server.execute("UPDATE books SET title = 'Server ' || title WHERE title LIKE 'Offline %' AND id % 10 = 0")
        let clashes = try #require(
            try server.fetchOne(Int.self, "SELECT count(*) FROM books WHERE title LIKE 'Server %'"))
        let sync = try served.cli.start(
            ["sync", "--from", served.baseURL] + served.tokenArguments, in: "client.sqlite")
        defer { sync.killIfRunning() }
        // The kill comes once the server has applied part of the first batch (bounded polling of its file).
        var applied = 0
        for _ in 0..<4000 where applied == 0 {
            applied = try server.fetchOne(Int.self, "SELECT count(*) FROM uploaded_changes") ?? 0
            if applied == 0 { Thread.sleep(forTimeInterval: 0.0025) }
        }
        served.stop(signal: SIGKILL)
        let answered = try server.fetchOne(Int.self, "SELECT count(*) FROM uploaded_changes") ?? 0
        #expect(applied > 0 && answered < edits, "the kill came when \(answered) of \(edits) changes were applied")
        try Self.removeSnapshotDirectories(of: served)
        #expect(sync.wait().status == 1)
        #expect(try server.fetchOne(String.self, "PRAGMA integrity_check") == "ok")

        let restarted = try served.restart()
        defer { restarted.stop() }
        let completed = try served.client(["sync", "--from", restarted.baseURL, "--json"], in: "client.sqlite")
        #expect(completed.status == 0, "\(completed.standardError)")
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM uploaded_changes") == edits)
        let twice = try server.fetchOne(
            Int.self,
            """
            SELECT count(*) FROM (SELECT uuid FROM edit_history WHERE actor LIKE '% from client %'
                GROUP BY uuid HAVING count(*) > 1)
            """)
        #expect(twice == 0, "changes applied twice")
        #expect(try server.fetchOne(Int.self, "SELECT count(DISTINCT change_id) FROM edit_conflicts") == clashes)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM edit_conflicts") == clashes, "conflicts kept twice")
        let edited = try server.fetchOne(Int.self, "SELECT count(*) FROM books WHERE title LIKE 'Edited Offline %'")
        #expect(edited == edits - clashes)
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
    }

    /// The catalog held by the database at `path`, with its sync state.
    private static func dump(_ path: String) throws -> [String] {
        let db = try Database(path: path)
        defer { try? db.close() }
        let state = try db.fetchAll(
            String.self,
            "SELECT server_uuid || '|' || snapshot_seq || '|' || last_seq || '|' || local_seq FROM sync_state")
        return try TestSupport.canonicalDump(db) + state
    }

    /// Removes what a server killed with SIGKILL could not: its snapshot directory.
    private static func removeSnapshotDirectories(of served: ServedCatalog) throws {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "catalog-serve-\(served.process.process.processIdentifier)-"
        for name in try FileManager.default.contentsOfDirectory(atPath: temporary.path) where name.hasPrefix(prefix) {
            try FileManager.default.removeItem(at: temporary.appending(path: name))
        }
    }
}
