import CatalogServer
import CatalogStore
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The caller's navigation state over HTTP: `/v1/me/scenes/{scene}` answers what `catalog nav` prints and changes it
/// as `catalog nav` does, conditionally on ETags.
@Suite struct SceneEndpointTests {
    @Test func getAnswersWhatNavShowPrintsWithAnETagAnd304WhenUnchanged() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let user = ServedCatalog.user
        #expect(try served.cli.run("nav", "--user", user, "select-sidebar", "genres").status == 0)
        let answer = try served.get("/v1/me/scenes/main")
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "application/json")
        #expect(try answer.text == served.cli.run("nav", "--user", user, "show", "--json").standardOutput)
        let etag = try #require(answer.header("etag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 34)
        for field in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let unchanged = try served.get("/v1/me/scenes/main", headers: ["If-None-Match": field])
            #expect(unchanged.status == 304, "\(field)")
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.header("etag") == etag)
        }
        #expect(try served.get("/v1/me/scenes/main", headers: ["If-None-Match": "\"other\""]).status == 200)
        // Another process changes the scene: the next GET sees it, with another ETag.
        #expect(try served.cli.run("nav", "--user", user, "select-sidebar", "books").status == 0)
        let changed = try served.get("/v1/me/scenes/main", headers: ["If-None-Match": etag])
        #expect(changed.status == 200)
        #expect(changed.header("etag") != etag)
        #expect(try changed.text == served.cli.run("nav", "--user", user, "show", "--json").standardOutput)
    }

    /// `GET /v1/navigation` names the sidebar's sections and every intent the scenes take, with their arguments.
    @Test func theNavigationNamesTheSectionsAndEveryIntent() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let answer = try served.get("/v1/navigation")
        #expect(answer.status == 200)
        let navigation = try answer.json()
        let sections = try #require(navigation["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["route"] as? String } == LibraryScreens.sections.map(\.path))
        #expect(sections.compactMap { $0["title"] as? String } == LibraryScreens.sections.map(\.displayName))
        #expect(sections.compactMap { $0["layout"] as? Int } == [3, 3, 3, 3, 2, 2])
        #expect(navigation["searchRoute"] as? String == "search/")
        let intents = try #require(navigation["intents"] as? [[String: Any]])
        #expect(intents.compactMap { $0["name"] as? String } == NamedIntent.all.map(\.name))
        let visibility = try #require(intents.first { $0["name"] as? String == "visibility" })
        #expect(visibility["values"] as? [String] == ColumnVisibility.allCases.map(\.rawValue))
        #expect(intents.first { $0["name"] as? String == "pop" }?["argument"] is NSNull)
        #expect(try served.get("/v1/navigation?x=1").status == 400)
    }

    @Test func anIntentIsAppliedAsNavAppliesIt() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let genre = try served.firstUUID("genres", where: "bands")
        let first = try served.intent("select-sidebar", "genres")
        #expect(first.status == 200, "\(first.text)")
        let second = try served.intent("select-content", "genre/\(genre)")
        #expect(second.status == 200, "\(second.text)")
        #expect(second.header("etag") != first.header("etag"))
        #expect(try second.json()["detail"] as? String == "genre/\(genre)")
        let shown = try served.cli.run("nav", "--user", ServedCatalog.user, "show", "--json").standardOutput
        #expect(second.text == shown)
        #expect(try served.get("/v1/me/scenes/main").header("etag") == second.header("etag"))
        // An intent without an argument, and `back`, which moves through the history.
        #expect(try served.intent("back").json()["content"] is NSNull)
        #expect(try served.intent("clear-sidebar").json()["sidebar"] is NSNull)
    }

    /// The history endpoint gives the scene's states oldest first and the current one's index, which `back` moves.
    @Test func theHistoryListsTheScenesStatesAndWhichIsCurrent() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        for sidebar in ["authors", "genres"] { #expect(try served.intent("select-sidebar", sidebar).status == 200) }
        #expect(try served.intent("back").status == 200)
        let history = try served.get("/v1/me/scenes/main/history")
        #expect(history.status == 200, "\(history.text)")
        let entries = try #require(try history.json()["entries"] as? [[String: Any]])
        #expect(entries.suffix(2).map { $0["sidebar"] as? String } == ["authors", "genres"], "\(history.text)")
        #expect(try history.json()["index"] as? Int == entries.count - 2)
        #expect(try served.get("/v1/me/scenes/main/history?x=1").status == 400)
    }

    /// `pop-to` keeps the first N entries of the detail stack, N given as a string or a JSON number, as
    /// `catalog nav pop-to N` does; past the stack it is refused and changes nothing.
    @Test func popToKeepsTheFirstEntriesOfTheStack() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let author = try served.firstUUID("authors", where: "books")
        let books = try #require(
            try served.cli.run("show", "author", author, "--json").json()["books"] as? [[String: Any]])
        let book = try #require(books.first?["uuid"] as? String)
        for (name, argument) in [
            ("select-sidebar", "authors"), ("select-content", "author/\(author)"), ("push", "book/\(book)"),
            ("push", "author/\(author)"),
        ] {
            #expect(try served.intent(name, argument).status == 200)
        }
        let etag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let past = try served.request(
            "POST", "/v1/me/scenes/main/intents", body: Data(#"{"intent": "pop-to", "argument": 3}"#.utf8))
        #expect(past.status == 422, "\(past.text)")
        #expect(try problemCode(past) == "intent-refused")
        #expect(past.text.contains("cannot pop to entry 3: the detail stack holds 2 entries"), "\(past.text)")
        #expect(try served.get("/v1/me/scenes/main", headers: ["If-None-Match": etag]).status == 304)
        for body in [#"{"intent": "pop-to", "argument": true}"#, #"{"intent": "pop-to", "argument": 1.5}"#] {
            let wrong = try served.request("POST", "/v1/me/scenes/main/intents", body: Data(body.utf8))
            #expect(wrong.status == 400, "\(body): \(wrong.text)")
        }
        let one = try served.request(
            "POST", "/v1/me/scenes/main/intents", body: Data(#"{"intent": "pop-to", "argument": 1}"#.utf8))
        #expect(one.status == 200, "\(one.text)")
        #expect(try one.json()["stack"] as? [String] == ["book/\(book)"])
        let root = try served.intent("pop-to", "0")
        #expect(try root.json()["stack"] as? [String] == [])
        #expect(try root.json()["detail"] as? String == "author/\(author)")
    }

    @Test func ifMatchMakesAnIntentConditional() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let etag = try #require(try served.intent("select-sidebar", "genres").header("etag"))
        #expect(try served.cli.run("nav", "--user", ServedCatalog.user, "select-sidebar", "authors").status == 0)
        let stale = try served.intent("select-sidebar", "books", headers: ["If-Match": etag])
        #expect(stale.status == 412)
        #expect(try problemCode(stale) == "stale-scene")
        let current = try served.get("/v1/me/scenes/main")
        let scene = try #require(try stale.json()["scene"] as? [String: Any])
        #expect(scene["sidebar"] as? String == "authors")
        #expect(stale.header("etag") == current.header("etag"))
        #expect(try current.json()["sidebar"] as? String == "authors")
        let fresh = try served.intent("select-sidebar", "books", headers: ["If-Match": current.header("etag") ?? ""])
        #expect(fresh.status == 200)
        #expect(try fresh.json()["sidebar"] as? String == "books")
        // A weak tag never matches If-Match.
        let weak = try served.intent("pop-to-root", headers: ["If-Match": "W/\(fresh.header("etag") ?? "")"])
        #expect(weak.status == 412)
    }

    /// A change with If-Match is checked inside the transaction that saves it. Another program takes the users' file's
    /// write lock while an intent (then a PUT) is under way, so the request reads the scene at its If-Match and waits
    /// to save; the program changes the scene and commits. The request must see that change in its own transaction:
    /// refused 412 with the other program's state, which stays, rather than saved over it.
    @Test func ifMatchIsCheckedInsideTheSavingTransactionSoAWriterInBetweenIsNotOverwritten() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let user = ServedCatalog.user
        let writer = try Database(path: served.cli.usersDatabase)
        defer { try? writer.close() }
        var configuration = NavigationStore<LibraryRoute>.Configuration()
        configuration.checkpoints = .sqliteAutomatic
        let store = try NavigationStore<LibraryRoute>(database: writer, configuration: configuration)
        let changes: [(request: String, body: String, between: LibraryRoute)] = [
            ("POST /v1/me/scenes/main/intents", #"{"intent": "select-sidebar", "argument": "genres"}"#, .books),
            ("PUT /v1/me/scenes/main", #"{"sidebar": "genres", "visibility": "all"}"#, .bands),
        ]
        for (request, body, between) in changes {
            // Read now, so the request itself has nothing to write before the scene's save (its token was just used).
            let etag = try #require(try served.intent("select-sidebar", "authors").header("etag"))
            try writer.execute("BEGIN IMMEDIATE")
            let (method, path) = (String(request.prefix { $0 != " " }), String(request.drop { $0 != " " }.dropFirst()))
            let pending = try served.start(method, path, headers: ["If-Match": etag], body: Data(body.utf8))
            let waited = !pending.isAnswered(within: .seconds(1))
            try store.openSession(scene: "main", forUserNamed: user).apply(.selectSidebar(between))
            try writer.execute("COMMIT")
            #expect(waited, "\(request) was answered while another program held the lock to save")
            let answer = try pending.wait(upTo: .seconds(10))
            #expect(answer.status == 412, "\(request): \(answer.text)")
            #expect(try problemCode(answer) == "stale-scene", "\(request)")
            let scene = try #require(try answer.json()["scene"] as? [String: Any], "\(request): \(answer.text)")
            #expect(scene["sidebar"] as? String == between.path, "\(request)")
            let current = try served.get("/v1/me/scenes/main")
            #expect(try current.json()["sidebar"] as? String == between.path, "\(request) overwrote the change")
            #expect(answer.header("etag") == current.header("etag"), "\(request)")
        }
    }

    @Test func refusedAndMalformedIntentsChangeNothing() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let absent = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let etag = try #require(try served.intent("select-sidebar", "genres").header("etag"))
        let cases: [(body: String, status: Int, code: String)] = [
            (#"{"intent": "select-content", "argument": "genre/\#(absent)"}"#, 422, "intent-refused"),
            (#"{"intent": "select-content", "argument": "books"}"#, 422, "intent-refused"),
            (#"{"intent": "pop"}"#, 422, "intent-refused"),
            (#"{"intent": "jump"}"#, 400, "unknown-intent"),
            (#"{"intent": "select-sidebar"}"#, 400, "bad-argument"),
            (#"{"intent": "pop", "argument": "books"}"#, 400, "bad-argument"),
            (#"{"intent": "select-sidebar", "argument": "nowhere"}"#, 400, "bad-argument"),
            (#"{"intent": "visibility", "argument": "half"}"#, 400, "bad-argument"),
            (#"{"intent": "pop-to", "argument": "-1"}"#, 400, "bad-argument"),
            (#"{"intent": "pop-to"}"#, 400, "bad-argument"),
            (#"{"intent": "select-sidebar", "argument": 7}"#, 400, "bad-body"),
            (#"{"intent": "pop", "user": "someone"}"#, 400, "bad-body"),
            (#"{"argument": "books"}"#, 400, "bad-body"),
            (#"{"intent": "#, 400, "bad-body"),
            (#"["pop"]"#, 400, "bad-body"),
            ("", 400, "bad-body"),
            ("\u{FF}\u{FE}", 400, "bad-body"),
        ]
        for (body, status, code) in cases {
            let answer = try served.request("POST", "/v1/me/scenes/main/intents", body: Data(body.utf8))
            #expect(answer.status == status, "\(body): \(answer.text)")
            #expect(try problemCode(answer) == code, "\(body): \(answer.text)")
        }
        #expect(try served.get("/v1/me/scenes/main", headers: ["If-None-Match": etag]).status == 304)
    }

    /// An import keeps the catalog's write lock for as long as it runs. Scenes are saved in the users' file, so
    /// intents are answered meanwhile; with `--wait 0`, any wait for a lock would fail them at once.
    @Test func intentsAreAnsweredWhileAWriterHoldsTheCatalog() throws {
        let served = try InProcessCatalog(wait: .zero)
        defer { served.stop() }
        let book = try served.firstUUID("books")
        let importer = try Database(path: served.cli.database)
        try importer.execute("BEGIN IMMEDIATE")
        try importer.execute("UPDATE books SET title = 'Renamed mid-import' WHERE uuid = ?", [book])
        defer { try? importer.execute("ROLLBACK") }
        for body in [
            #"{"intent": "select-sidebar", "argument": "books"}"#,
            #"{"intent": "select-content", "argument": "book/\#(book)"}"#,
        ] {
            let answer = try served.request("POST", "/v1/me/scenes/main/intents", body: Data(body.utf8))
            #expect(answer.status == 200, "\(body): \(answer.text)")
        }
        let scene = try served.get("/v1/me/scenes/main")
        #expect(scene.status == 200)
        #expect(scene.text.contains(book))
        #expect(!scene.text.contains("Renamed mid-import"))
    }

    /// Another program holding the users' file longer than the server waits: a 503 to retry, not a server error.
    @Test func aLockHeldLongerThanTheServerWaitsIsA503ToRetry() throws {
        let served = try InProcessCatalog(wait: .zero)
        defer { served.stop() }
        let holder = try Database(path: served.cli.usersDatabase)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let body = Data(#"{"intent": "select-sidebar", "argument": "books"}"#.utf8)
        let answer = try served.request("POST", "/v1/me/scenes/main/intents", body: body)
        #expect(answer.status == 503, "\(answer.text)")
        #expect(try problemCode(answer) == "database-busy")
        #expect(answer.header("retry-after") == "1")
    }

    @Test func putReplacesAWholeStateOnlyWithTheCurrentETag() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let author = try served.firstUUID("authors", where: "books")
        let absent = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let body = Data(#"{"sidebar": "authors", "content": "author/\#(author)", "detail": "author/\#(author)"}"#.utf8)
        let missing = try served.request("PUT", "/v1/me/scenes/main", body: body)
        #expect(missing.status == 428)
        #expect(try problemCode(missing) == "precondition-required")
        let read = try served.get("/v1/me/scenes/main")
        let etag = try #require(read.header("etag"))
        let put = try served.request("PUT", "/v1/me/scenes/main", headers: ["If-Match": etag], body: body)
        #expect(put.status == 200, "\(put.text)")
        #expect(try put.json()["detail"] as? String == "author/\(author)")
        #expect(put.text == (try served.cli.run("nav", "--user", ServedCatalog.user, "show", "--json").standardOutput))
        // The same ETag again is stale now.
        let stale = try served.request("PUT", "/v1/me/scenes/main", headers: ["If-Match": etag], body: body)
        #expect(stale.status == 412)
        // A state sent back as GET gave it, with a deleted entity in its stack, is repaired like a restore.
        var state = try put.json()
        state["stack"] = ["book/\(absent)"]
        let repaired = try served.request(
            "PUT", "/v1/me/scenes/main", headers: ["If-Match": put.header("etag") ?? ""],
            body: try JSONSerialization.data(withJSONObject: state))
        #expect(repaired.status == 200, "\(repaired.text)")
        let answer = try repaired.json()
        #expect(answer["stack"] as? [String] == [])
        #expect((answer["repairs"] as? [[String: Any]])?.count == 1)
        // Wrong types are refused before anything is saved.
        for bad in [#"{"stack": "book/x"}"#, #"{"sidebar": 3}"#, #"{"stack": [1]}"#, #"{"colour": "red"}"#, "[]"] {
            let refused = try served.request(
                "PUT", "/v1/me/scenes/main", headers: ["If-Match": repaired.header("etag") ?? ""],
                body: Data(bad.utf8))
            #expect(refused.status == 400, "\(bad)")
            #expect(try problemCode(refused) == "bad-body", "\(bad): \(refused.text)")
        }
    }

    /// A route over 2 KiB (a 100 KB search, as an intent or inside a deep link) and a state over 16 KiB (a PUT with a
    /// long stack, or a long route) are refused with 422, say so in a short answer, and change nothing.
    @Test func routesAndStatesOverTheLimitsAreRefusedWith422AndChangeNothing() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        #expect(try served.intent("select-sidebar", "books").status == 200)
        let etag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let longSearch = "search/" + String(repeating: "x", count: 100_000)
        let book = "book/" + (try served.firstUUID("books", where: "authors"))
        let longStack = try JSONSerialization.data(
            withJSONObject: [
                "sidebar": "books", "content": book, "detail": book, "stack": Array(repeating: book, count: 2_000),
            ])
        let refusals: [(answer: HTTPTestClient.Answer, code: String)] = [
            (try served.intent("select-sidebar", longSearch), "route-too-long"),
            (try served.intent("open", "catalog://" + longSearch), "route-too-long"),
            (
                try served.request(
                    "PUT", "/v1/me/scenes/main", headers: ["If-Match": etag],
                    body: Data(#"{"sidebar": "\#(longSearch)"}"#.utf8)), "route-too-long"
            ),
            (
                try served.request("PUT", "/v1/me/scenes/main", headers: ["If-Match": etag], body: longStack),
                "state-too-large"
            ),
        ]
        for (answer, code) in refusals {
            #expect(answer.status == 422, "\(answer.text.prefix(300))")
            #expect(try problemCode(answer) == code)
            #expect(answer.body.count < 1_000, "the answer repeats what was refused: \(answer.body.count) bytes")
        }
        #expect(refusals[0].answer.text.contains("over the limit of 2048 bytes for a route"))
        #expect(refusals[3].answer.text.contains("over the limit of 16384 bytes for a saved state"))
        #expect(try served.get("/v1/me/scenes/main", headers: ["If-None-Match": etag]).status == 304)
        // At the limit, a search is a route like any other.
        let longest = "search/" + String(repeating: "x", count: 2_048 - 7)
        #expect(try served.intent("select-sidebar", longest).json()["sidebar"] as? String == longest)
    }

    @Test func twoUsersNeverSeeEachOthersScenes() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let ada = try served.createToken(user: "ada", scope: "nav")
        let bob = try served.createToken(user: "bob", scope: "nav")
        let adaAuth = ["Authorization": "Bearer \(ada)"]
        let bobAuth = ["Authorization": "Bearer \(bob)"]
        #expect(try served.intent("select-sidebar", "genres", headers: adaAuth).status == 200)
        #expect(
            try served.request("PUT", "/v1/me/sessions/shared", headers: adaAuth).status == 200)
        let bobs = try served.get("/v1/me/scenes/main", headers: bobAuth)
        #expect(try bobs.json()["user"] as? String == "bob")
        #expect(try bobs.json()["sidebar"] is NSNull)
        #expect(try served.get("/v1/me/sessions", headers: bobAuth).text == "[\n\n]\n")
        let restore = try served.request("POST", "/v1/me/sessions/shared/restore", headers: bobAuth)
        #expect(restore.status == 404)
        #expect(try problemCode(restore) == "no-such-session")
        #expect(try served.intent("select-sidebar", "books", headers: bobAuth).status == 200)
        #expect(try served.get("/v1/me/scenes/main", headers: adaAuth).json()["sidebar"] as? String == "genres")
        // Each ETag is its user's: bob's does not satisfy ada's If-Match.
        let bobsTag = try served.get("/v1/me/scenes/main", headers: bobAuth).header("etag") ?? ""
        let crossed = try served.intent("pop-to-root", headers: adaAuth.merging(["If-Match": bobsTag]) { $1 })
        #expect(crossed.status == 412)
    }

    @Test func sessionsAreSavedListedRestoredAndDeletedAsCatalogSessionsDoes() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let user = ServedCatalog.user
        #expect(try served.intent("select-sidebar", "authors", scene: "side").status == 200)
        let saved = try served.request("PUT", "/v1/me/sessions/reading?scene=side")
        #expect(saved.status == 200)
        #expect(try saved.json()["name"] as? String == "reading")
        let listed = try served.get("/v1/me/sessions")
        #expect(try listed.text == served.cli.run("sessions", "--user", user, "list", "--json").standardOutput)
        let restored = try served.request("POST", "/v1/me/sessions/reading/restore?scene=main")
        #expect(restored.status == 200)
        #expect(try restored.json()["sidebar"] as? String == "authors")
        #expect(try restored.json()["scene"] as? String == "main")
        #expect(restored.header("etag") == (try served.get("/v1/me/scenes/main").header("etag")))
        #expect(try served.request("DELETE", "/v1/me/sessions/reading").status == 204)
        #expect(try served.request("DELETE", "/v1/me/sessions/reading").status == 404)
        #expect(try served.cli.run("sessions", "--user", user, "list", "--json").standardOutput == "[\n\n]\n")
    }

    @Test func concurrentIntentsOnOneSceneEachGetAnAnswerAndTheLastSavedStateIsServed() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let sections = ["books", "authors", "genres", "bands", "settings", "about", "books", "genres"]
        let pending = try sections.map { section in
            try served.start(
                "POST", "/v1/me/scenes/main/intents",
                body: Data(#"{"intent": "select-sidebar", "argument": "\#(section)"}"#.utf8))
        }
        var saved: [String: String] = [:]
        for request in pending {
            let answer = try request.wait()
            // 409 scene-busy only when others saved the scene again and again meanwhile; never another failure.
            #expect([200, 409].contains(answer.status), "\(answer.text)")
            if answer.status == 200, let etag = answer.header("etag") {
                saved[etag] = try answer.json()["sidebar"] as? String
            }
        }
        #expect(!saved.isEmpty)
        let current = try served.get("/v1/me/scenes/main")
        let etag = try #require(current.header("etag"))
        #expect(saved[etag] == (try current.json()["sidebar"] as? String), "the served state is one a request saved")
    }

    /// Another writer saves the scene between each reading and saving of a change, five times in a row: the
    /// change gives up with 409 `scene-busy`, saving nothing, and the scene is as the other writer left it.
    @Test func aChangeOvertakenEveryTimeIs409SceneBusy() throws {
        let served = try InProcessCatalog { storage, userState in
            OvertakingStorage(inner: storage, userState: userState, user: ServedCatalog.user)
        }
        defer { served.stop() }
        let before = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let answer = try served.intent("select-sidebar", "books")
        #expect(answer.status == 409, "\(answer.text)")
        #expect(answer.header("content-type") == "application/problem+json")
        #expect(
            try answer.json()["detail"] as? String
                == "the scene was changed by others 5 times while this change was being saved; send it again")
        #expect(try problemCode(answer) == "scene-busy")
        let after = try served.get("/v1/me/scenes/main")
        #expect(after.header("etag") != before)
        #expect(try after.json()["sidebar"] as? String != "books")
    }

    /// A storage whose route checks let another writer save `user`'s scene `main` first: each check of a route an
    /// intent brings in selects another sidebar section (genres, then authors, …) through a store of its own, so
    /// the intent's save always finds the scene changed since it was read.
    struct OvertakingStorage: ForwardingStorage {
        let inner: any CatalogStore
        let userState: DatabasePool
        let user: String

        func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T)
            throws -> T
        {
            let validator = Overtaking(checks: CatalogRouteValidator(userState), userState: userState, user: user)
            return try body(try Overtaking.store(userState, validator: validator), validator)
        }
    }

    /// Checks routes as `checks` does, after saving another state of the scene.
    struct Overtaking: RouteValidator {
        let checks: CatalogRouteValidator
        let userState: DatabasePool
        let user: String

        /// A store on `userState` that leaves checkpoints to SQLite, as the server's are.
        static func store(
            _ userState: DatabasePool, validator: any RouteValidator<LibraryRoute> = RouteValidation.acceptingAll
        ) throws -> NavigationStore<LibraryRoute> {
            var configuration = NavigationStore<LibraryRoute>.Configuration()
            configuration.checkpoints = .sqliteAutomatic
            return try NavigationStore(database: userState, validator: validator, configuration: configuration)
        }

        func exists(_ route: LibraryRoute) throws -> Bool {
            let store = try Self.store(userState)
            let session = try store.openSession(scene: "main", forUserNamed: user)
            try session.apply(.selectSidebar(session.state.sidebar == .genres ? .authors : .genres))
            return try checks.exists(route)
        }

        func isLinked(_ route: LibraryRoute, from origin: LibraryRoute) throws -> Bool {
            try checks.isLinked(route, from: origin)
        }
    }

    @Test(arguments: ["/v1/me/scenes/%20main", "/v1/me/scenes/a%0Ab", "/v1/me/sessions/%E2%80%8Bx"])
    func badNamesAre400(path: String) throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let answer = try served.request(path.contains("sessions") ? "PUT" : "GET", path)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(try problemCode(answer) == "bad-name")
    }
}

extension CatalogEndpoint {
    /// Posts one intent to `scene`.
    func intent(
        _ name: String, _ argument: String? = nil, scene: String = "main", headers: [String: String] = [:]
    ) throws -> HTTPTestClient.Answer {
        var body: [String: Any] = ["intent": name]
        body["argument"] = argument
        return try request(
            "POST", "/v1/me/scenes/\(scene)/intents", headers: headers,
            body: try JSONSerialization.data(withJSONObject: body))
    }
}

extension HTTPTestClient.Answer {
    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(text)")
    }
}

/// `GET /v1/me/scenes/{scene}?wait=S` with `If-None-Match`: a second device follows the user's scene live.
@Suite struct SceneLongPollTests {
    @Test func aWaitingGetIsAnsweredWhenAnotherProcessChangesTheScene() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let user = ServedCatalog.user
        #expect(try served.cli.run("nav", "--user", user, "select-sidebar", "genres").status == 0)
        let etag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let waiting = try served.start("GET", "/v1/me/scenes/main?wait=60", headers: ["If-None-Match": etag])
        // Parked: a server that did not hold it would answer its 304 at once.
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered before the scene changed")
        #expect(try served.cli.run("nav", "--user", user, "select-sidebar", "books").status == 0)
        // Woken by the commit, long before its 60 s are up.
        let answer = try waiting.wait(upTo: .seconds(20))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.header("etag") != etag)
        #expect(try answer.text == served.cli.run("nav", "--user", user, "show", "--json").standardOutput)
    }

    @Test func aWaitWithNoChangeEndsIn304AndAStaleETagIsAnsweredAtOnce() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let etag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let waiting = try served.start("GET", "/v1/me/scenes/main?wait=2", headers: ["If-None-Match": etag])
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered before its time was up")
        // A commit to the users' file during the wait that leaves the scene as it is (a new user) does not end it.
        let users = try Database(path: served.cli.usersDatabase)
        try users.execute("INSERT INTO users (name, created_at) VALUES ('someone-else', '2026-01-01T00:00:00Z')")
        try users.close()
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered at a commit that left the scene as it was")
        let unchanged = try waiting.wait(upTo: .seconds(20))
        #expect(unchanged.status == 304)
        #expect(unchanged.header("etag") == etag)
        let stale = try served.get("/v1/me/scenes/main?wait=30", headers: ["If-None-Match": "\"stale\""])
        #expect(stale.status == 200)
        #expect(stale.header("etag") == etag)
        for wait in ["61", "-1", "soon"] {
            let refused = try served.get("/v1/me/scenes/main?wait=\(wait)", headers: ["If-None-Match": etag])
            #expect(refused.status == 400, "wait=\(wait)")
        }
    }

    @Test func stoppingTheServerAnswersAWaitingGetAtOnce() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let etag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        let waiting = try served.start("GET", "/v1/me/scenes/main?wait=60", headers: ["If-None-Match": etag])
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered before the server was stopped")
        #expect(served.stop().status == 0)
        // At once: well before its 60 s are up.
        let answer = try waiting.wait(upTo: .seconds(20))
        #expect(answer.status == 304)
    }
}
