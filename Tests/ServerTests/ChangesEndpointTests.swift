import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `GET /v1/changes` and `GET /v1/lookup` of `catalog serve`, with long-polls woken by other processes.
@Suite struct ChangesEndpointTests {
    @Test func changesAnswerWhatChangesPrints() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        for (query, arguments) in [
            ("", [String]()), ("?since=3&limit=5", ["--since", "3", "--limit", "5"]),
            ("?since=10000", ["--since", "10000"]),
        ] {
            let answer = try served.get("/v1/changes\(query)")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.header("content-type") == "application/x-ndjson")
            #expect(try answer.text == served.cli.run(["changes"] + arguments).standardOutput, "\(query)")
        }
    }

    @Test func untilEndsTheRunWhereItIsPinned() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let lines = try served.get("/v1/changes?since=2&until=6").text.split(separator: "\n")
        #expect(lines.count == 5)
        let trailer = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(trailer["last_seq"] as? Int == 6)
        #expect(trailer["more"] as? Bool == false)
    }

    @Test func aLongPollIsAnsweredWhenAnotherProcessCommits() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let last = try served.lastSequence()
        let database = try served.databaseUUID()
        let pending = try served.start("GET", "/v1/changes?since=\(last)&wait=60&database=\(database)")
        // Parked: with nothing new, a server that did not hold it would answer its empty trailer at once.
        #expect(!pending.isAnswered(within: .milliseconds(300)), "answered before anything was committed")
        try served.importBook("Woken Up")
        // Woken by the commit, long before its 60 s are up.
        let answer = try pending.wait(upTo: .seconds(20))
        #expect(answer.status == 200)
        let changes = answer.text.split(separator: "\n").dropLast()
        #expect(!changes.isEmpty)
        #expect(changes.contains { $0.contains("\"Woken Up\"") }, "\(answer.text)")
    }

    @Test func aHundredParkedLongPollsHoldNoThreadsAndOneCommitWakesThemAll() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let last = try served.lastSequence()
        // 120 from one address (its share is 128): 4 users with 2 tokens each, 15 a token (16 at most each).
        let tokens = try (1...4).flatMap { user in
            try (0..<2).map { _ in try served.createToken(user: "reader\(user)", scope: "read") }
        }
        let pending = try tokens.flatMap { token in
            try (0..<15).map { _ in
                try served.start(
                    "GET", "/v1/changes?since=\(last)&wait=60", headers: ["Authorization": "Bearer \(token)"])
            }
        }
        // Give the requests time to park; the thread count below is the server's either way.
        Thread.sleep(forTimeInterval: 1)
        let status = try String(
            contentsOfFile: "/proc/\(served.process.process.processIdentifier)/status", encoding: .utf8)
        let threads = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        let count = try #require(
            threads.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) })
        #expect(count < 64, "\(count) threads")
        try served.importBook("Everyone Wakes")
        for request in pending {
            let answer = try request.wait(upTo: .seconds(20))
            #expect(answer.status == 200 && answer.text.contains("Everyone Wakes"), "\(answer.status): \(answer.text)")
        }
    }

    @Test func aLongPollWithNothingNewAnswersItsEmptyTrailerWhenTheTimeIsUp() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let last = try served.lastSequence()
        let answer = try served.get("/v1/changes?since=\(last)&wait=1")
        #expect(answer.status == 200)
        let lines = answer.text.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"last_seq\":\(last)") == true, "\(answer.text)")
    }

    @Test func sigtermAnswersAParkedLongPollAtOnceAndExitsZero() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let last = try served.lastSequence()
        let pending = try served.start("GET", "/v1/changes?since=\(last)&wait=60")
        #expect(!pending.isAnswered(within: .milliseconds(300)), "answered before the server was stopped")
        let result = served.stop()
        let answer = try pending.wait(upTo: .seconds(20))
        #expect(answer.status == 200)
        #expect(answer.text.split(separator: "\n").count == 1)
        #expect(result.status == 0)
        // The access log's time for the long-poll: answered at the stop, not when its 60 seconds were up.
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("/v1/changes") })
        // METHOD PATH STATUS BYTES MICROSECONDSus USER
        let fields = line.split(separator: " ")
        #expect(fields.last.map(String.init) == ServedCatalog.user, "\(line)")
        let microseconds = try #require(fields.count == 6 ? Int(fields[4].dropLast(2)) : nil, "\(line)")
        #expect(microseconds < 30_000_000, "\(line)")
    }

    @Test func aClientOfAnotherDatabaseIs409() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let answer = try served.get("/v1/changes?since=0&database=0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(answer.status == 409)
        #expect(answer.header("content-type") == "application/problem+json")
        #expect(answer.text.contains("\"other-database\""))
        #expect(answer.text.contains("snapshot"))
    }

    @Test func aClientBehindThePrunedHorizonIs410() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let pruned = try served.cli.run("changes", "--prune-before", "10")
        #expect(pruned.status == 0, "\(pruned.standardError)")
        let behind = try served.get("/v1/changes?since=3")
        #expect(behind.status == 410)
        #expect(behind.text.contains("\"behind-horizon\""))
        #expect(behind.text.contains("snapshot"))
        #expect(try served.get("/v1/changes?since=9").status == 200)
    }

    @Test func badParametersAreProblems() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        for query in ["wait=61", "wait=-1", "since=x", "limit=0", "limit=100001", "colour=red"] {
            let answer = try served.get("/v1/changes?\(query)")
            #expect(answer.status == 400, "\(query)")
            #expect(answer.text.contains("\"bad-parameter\""), "\(query): \(answer.text)")
        }
    }

    @Test func lookupTellsCurrentDeletedOrUnknown() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let book = try served.firstUUID("books")
        let current = try #require(
            try JSONSerialization.jsonObject(with: served.get("/v1/lookup/book/\(book)").body) as? [String: Any])
        #expect(current["state"] as? String == "current")
        #expect(current["kind"] as? String == "book")
        #expect((current["entity"] as? [String: Any])?["uuid"] as? String == book)
        let unknown = try served.get("/v1/lookup/book/0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(try unknown.json().mapValues { "\($0)" } == ["state": "unknown"])
        #expect(try served.get("/v1/lookup/planet/\(book)").status == 404)
        // Deleted (here from the SQLite shell, whose deletes the change log records as any other).
        let db = try Database(path: served.cli.database)
        try db.execute("DELETE FROM books WHERE uuid = ?", [book])
        try db.close()
        let deleted = try served.get("/v1/lookup/book/\(book)")
        #expect(deleted.status == 200)
        #expect(try deleted.json().mapValues { "\($0)" } == ["state": "deleted"], "\(deleted.text)")
    }
}
