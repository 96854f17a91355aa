import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// `catalog nav`, `catalog sessions` and `catalog demo` from separate processes: each run is a relaunch.
@Suite struct NavCLITests {
    let cli: CatalogCLI

    init() throws {
        cli = try CatalogCLI()
        let imported = try cli.importSamples()
        #expect(imported.status == 0, "\(imported.standardError)")
    }

    /// The uuid of the first item of `catalog list ARGS --json` whose name or title is `name`.
    func uuid(_ arguments: [String], named name: String) throws -> String {
        let items = try #require(try cli.run(arguments + ["--json"]).json()["items"] as? [[String: Any]])
        let item = try #require(items.first { ($0["name"] ?? $0["title"]) as? String == name })
        return try #require(item["uuid"] as? String)
    }

    func nav(_ arguments: String...) throws -> [String: Any] {
        let result = try cli.run(["nav"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try result.json()
    }

    @Test func genreBandGenreWalkSurvivesRelaunches() throws {
        let metal = try uuid(["list", "genres"], named: "Heavy metal")
        let motorhead = try uuid(["list", "bands", "--genre", metal], named: "Motörhead")
        _ = try nav("select-sidebar", "genres")
        _ = try nav("select-content", "genre/\(metal)")
        let pushed = try nav("push", "band/\(motorhead)")
        #expect(pushed["layout"] as? Int == 3)
        #expect(pushed["sidebar"] as? String == "genres")
        #expect(pushed["content"] as? String == "genre/\(metal)")
        #expect(pushed["detail"] as? String == "genre/\(metal)")
        #expect(pushed["stack"] as? [String] == ["band/\(motorhead)"])
        #expect(pushed["compactColumn"] as? String == "detail")
        #expect((pushed["titles"] as? [String: Any])?["stack"] as? [String] == ["Motörhead"])

        let shown = try nav("show")
        #expect(shown["stack"] as? [String] == ["band/\(motorhead)"])
        #expect((shown["history"] as? [String: Int]) == ["position": 4, "count": 4])

        let back = try nav("back")
        #expect(back["stack"] as? [String] == [])
        let forward = try nav("forward")
        #expect(forward["stack"] as? [String] == ["band/\(motorhead)"])
    }

    @Test func settingsIsATwoColumnRoute() throws {
        let settings = try nav("select-sidebar", "settings")
        #expect(settings["layout"] as? Int == 2)
        #expect(settings["detail"] as? String == "settings")
        #expect(settings["content"] is NSNull)
    }

    @Test func aRefusedIntentExits1AndChangesNothing() throws {
        let metal = try uuid(["list", "genres"], named: "Heavy metal")
        _ = try nav("select-sidebar", "authors")
        let before = try cli.run("nav", "show", "--json").standardOutput
        let refused = try cli.run("nav", "select-content", "genre/\(metal)")
        #expect(refused.status == 1)
        #expect(refused.standardError == "error: genre/\(metal) is not listed under authors\n")
        // Nothing saved: the whole state and the history position are as they were.
        #expect(try cli.run("nav", "show", "--json").standardOutput == before)

        let missing = try cli.run("nav", "select-sidebar", "genre/00000000-0000-4000-8000-000000000000")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no genre with uuid 00000000-0000-4000-8000-000000000000"))

        let notARoute = try cli.run("nav", "push", "shelf/7")
        #expect(notARoute.status == 64)
        #expect(notARoute.standardError.contains("'shelf/7' is not a route"))
    }

    /// A route over 2 KiB (a long search) or a deep link whose state would pass 16 KiB exits 1 saying the limit and
    /// what to do, without repeating what it refused, and saves nothing.
    @Test func aRouteOrAStateOverTheLimitsExits1AndChangesNothing() throws {
        _ = try nav("select-sidebar", "books")
        let before = try cli.run("nav", "show", "--json").standardOutput
        let search = "search/" + String(repeating: "x", count: 3_000)
        let longRoute = try cli.run("nav", "select-sidebar", search)
        #expect(longRoute.status == 1)
        #expect(
            longRoute.standardError
                == "error: the route \(search.prefix(60))… is 3007 bytes of UTF-8, over the limit of 2048 bytes for a "
                + "route: shorten it\n")

        let twain = try uuid(["list", "authors"], named: "Mark Twain")
        let huck = try uuid(["list", "books", "--author", twain], named: "Adventures of Huckleberry Finn")
        let stack = Array(repeating: "stack=book/\(huck)&stack=author/\(twain)", count: 200).joined(separator: "&")
        let longLink = try cli.run("nav", "open", "catalog://authors?content=author/\(twain)&\(stack)")
        #expect(longLink.status == 1)
        #expect(longLink.standardError.contains("over the limit of 16384 bytes for a saved state: pop entries off"))
        #expect(longLink.standardError.utf8.count < 300)
        #expect(try cli.run("nav", "show", "--json").standardOutput == before)
    }

    /// A state an older program saved over the limits is repaired when the scene is restored, reported once.
    @Test func aStoredRouteOverTheLimitIsRepairedAndReportedOnce() throws {
        _ = try nav("select-sidebar", "books")
        let search = "search/" + String(repeating: "x", count: 100_000)
        let users = try Database(path: DatabaseSchema.userStatePath(forCatalog: cli.database))
        try users.execute(
            "UPDATE nav_scenes SET state = ? WHERE scene = 'main'", [#"{"sidebar":"\#(search)","visibility":"all"}"#])
        try users.close()

        let text = try cli.run("nav", "show")
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput.contains(
                "repaired: sidebar \(search.prefix(60))… is 100007 bytes, over the limit of 2048 bytes for a route: "
                    + "removed \(search.prefix(60))…\n"), "\(text.standardOutput.prefix(1_000))")
        let shown = try nav("show")
        #expect(shown["sidebar"] is NSNull && shown["visibility"] as? String == "all")
        #expect((shown["repairs"] as? [Any])?.isEmpty == true)
    }

    @Test func usersAndScenesAreSeparate() throws {
        _ = try nav("--user", "ada", "--scene", "left", "select-sidebar", "books")
        _ = try nav("--user", "ada", "--scene", "right", "select-sidebar", "bands")
        _ = try nav("--user", "grace", "select-sidebar", "authors")
        #expect(try nav("--user", "ada", "--scene", "left", "show")["sidebar"] as? String == "books")
        #expect(try nav("--user", "ada", "--scene", "right", "show")["sidebar"] as? String == "bands")
        #expect(try nav("--user", "grace", "show")["sidebar"] as? String == "authors")
        // A scene never opened starts from the user's most recently used one.
        #expect(try nav("--user", "ada", "--scene", "new-window", "show")["sidebar"] as? String == "bands")
    }

    @Test func deletingABookInTheSavedStackIsRepairedAndReported() throws {
        let twain = try uuid(["list", "authors"], named: "Mark Twain")
        let huck = try uuid(["list", "books", "--author", twain], named: "Adventures of Huckleberry Finn")
        _ = try nav("select-sidebar", "authors")
        _ = try nav("select-content", "author/\(twain)")
        _ = try nav("push", "book/\(huck)")

        let db = try Database(path: cli.database)
        try db.execute("DELETE FROM books WHERE uuid = ?", [huck])
        try db.close()

        let text = try cli.run("nav", "show")
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("repaired: detail stack entry 1 book/\(huck) is no longer available"))
        let shown = try nav("show")
        #expect(shown["detail"] as? String == "author/\(twain)")
        #expect(shown["stack"] as? [String] == [])
    }

    @Test func sessionsSaveListRestoreRenameDelete() throws {
        _ = try nav("select-sidebar", "bands")
        #expect(try cli.run("sessions", "save", "music").status == 0)
        _ = try nav("select-sidebar", "books")
        let list = try cli.run("sessions", "list")
        #expect(list.standardOutput.hasPrefix("music"))
        let restored = try cli.run("sessions", "restore", "music", "--json").json()
        #expect(restored["sidebar"] as? String == "bands")
        #expect(try cli.run("sessions", "rename", "music", "bands").status == 0)
        #expect(try cli.run("sessions", "delete", "bands").status == 0)
        let gone = try cli.run("sessions", "restore", "bands")
        #expect(gone.status == 1)
        #expect(!gone.standardError.isEmpty)
    }

    @Test(arguments: [
        (
            ["nav", "--user", String(repeating: "x", count: 120_000), "show"],
            "--user: a user name has 120000 characters; it can have at most 64"
        ),
        (
            ["nav", "--user", "ada\nroot", "show"],
            "--user: a user name cannot contain control or invisible formatting characters (U+000A at character 4)"
        ),
        (["nav", "--scene", "a/b", "select-sidebar", "books"], "--scene: a scene name cannot contain '/'"),
        (["sessions", "--user", " ada", "list"], "--user: a user name cannot begin or end with whitespace"),
        (
            ["sessions", "save", "night\u{1}"],
            "NAME: a session name cannot contain control or invisible formatting characters (U+0001 at character 6)"
        ),
        (["sessions", "rename", "music", ".."], "NEW: a session name cannot be '.' or '..'"),
    ])
    func badNamesExit64NamingTheOptionAndTouchNothing(arguments: [String], message: String) throws {
        let fresh = cli.path("fresh.sqlite")
        let result = try cli.run(arguments, in: fresh)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("error: \(message)\n"), "\(result.standardError.prefix(300))")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test func demoPrintsTheRestoredScene() throws {
        let demo = try cli.run("demo", "--sample-data", TestSupport.sampleData.path)
        #expect(demo.status == 0, "\(demo.standardError)")
        #expect(demo.standardOutput.contains("Relaunch"))
        #expect(demo.standardOutput.contains("→"))
        let shown = try nav("--user", "demo", "show")
        #expect(shown["sidebar"] as? String == "authors")
        #expect((shown["stack"] as? [String])?.count == 2)
        let again = try cli.run("demo", "--sample-data", TestSupport.sampleData.path)
        #expect(again.standardOutput.contains("0 inserted, 0 updated"))
    }
}

/// The intents of `catalog nav` one by one, each checked by the whole state it prints: what it changes and that
/// nothing else moved.
@Suite struct NavIntentCLITests {
    let cli: CatalogCLI
    let twain: String
    let huck: String
    let kemble: String
    let metal: String
    let motorhead: String

    init() throws {
        cli = try CatalogCLI("nav-intents")
        let imported = try cli.importSamples()
        #expect(imported.status == 0, "\(imported.standardError)")
        twain = try Self.uuid(cli, ["list", "authors"], named: "Mark Twain")
        huck = try Self.uuid(cli, ["list", "books", "--author", twain], named: "Adventures of Huckleberry Finn")
        kemble = try Self.uuid(cli, ["list", "authors", "--book", huck], named: "E. W. Kemble")
        metal = try Self.uuid(cli, ["list", "genres"], named: "Heavy metal")
        motorhead = try Self.uuid(cli, ["list", "bands", "--genre", metal], named: "Motörhead")
    }

    static func uuid(_ cli: CatalogCLI, _ arguments: [String], named name: String) throws -> String {
        let items = try #require(try cli.run(arguments + ["--json"]).json()["items"] as? [[String: Any]])
        let item = try #require(items.first { ($0["name"] ?? $0["title"]) as? String == name })
        return try #require(item["uuid"] as? String)
    }

    /// A route and the title the state prints for it.
    typealias Titled = (route: String, title: String)

    /// The whole `nav --json` object of user `default`, scene `main`.
    func state(
        sidebar: Titled?, content: Titled? = nil, detail: Titled? = nil, stack: [Titled] = [], layout: Int = 3,
        visibility: String = "automatic", compactColumn: String, history: Int, of count: Int? = nil,
        repairs: [[String: Any]] = [], sidebarMarked: Bool? = nil
    ) -> [String: Any] {
        let route = { (titled: Titled?) -> Any in titled?.route ?? NSNull() }
        let title = { (titled: Titled?) -> Any in titled?.title ?? NSNull() }
        // The deep link: the detail is left out when the content (or a two-column sidebar) implies it.
        let implied = content?.route ?? (layout == 2 ? sidebar?.route : nil)
        let items =
            [
                content.map { "content=\($0.route)" },
                detail.flatMap { $0.route == implied ? nil : "detail=\($0.route)" },
            ]
            .compactMap { $0 } + stack.map { "stack=\($0.route)" }
        let link = "catalog://\(sidebar?.route ?? "")" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        return [
            "user": "default", "scene": "main", "layout": layout,
            "sidebar": route(sidebar), "sidebarMarked": sidebarMarked ?? (sidebar != nil),
            "content": route(content), "detail": route(detail),
            "stack": stack.map(\.route), "link": link, "visibility": visibility, "compactColumn": compactColumn,
            "history": ["position": history, "count": count ?? history],
            "titles": [
                "sidebar": title(sidebar), "content": title(content), "detail": title(detail),
                "stack": stack.map(\.title),
            ],
            "repairs": repairs,
            "contentLists": layout == 3 ? contentLists(of: sidebar?.route) : [],
            "detailPath": (stack.last ?? detail).flatMap { Self.entityPath($0.route) } ?? NSNull(),
        ]
    }

    /// The lists the content column shows under `sidebar`: a section's entities, a sidebar genre's bands then books.
    func contentLists(of sidebar: String?) -> [[String: Any]] {
        guard let sidebar else { return [] }
        if ["books", "authors", "genres", "bands"].contains(sidebar) {
            return [["kind": String(sidebar.dropLast()), "path": "/v1/\(sidebar)", "paged": true]]
        }
        if sidebar.hasPrefix("genre/") {
            let genre = sidebar.dropFirst("genre/".count)
            return ["band", "book"].map { ["kind": $0, "path": "/v1/\($0)s?genre=\(genre)", "paged": true] }
        }
        return []
    }

    /// `/v1/books/UUID` for the route `book/UUID`, `nil` for a section.
    static func entityPath(_ route: String) -> String? {
        let parts = route.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, ["book", "author", "genre", "band"].contains(parts[0]) else { return nil }
        return "/v1/\(parts[0])s/\(parts[1])"
    }

    /// JSON text with sorted keys, so two objects compare whole.
    func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Runs `catalog nav ARGUMENTS --json` and checks the whole printed state.
    func expectNav(
        _ arguments: String..., is expected: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try cli.run(["nav"] + arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(try canonical(result.json()) == canonical(expected), sourceLocation: sourceLocation)
    }

    /// Runs a refused `catalog nav ARGUMENTS`: its status and message, and the saved state as it was.
    func expectRefused(
        _ arguments: String..., status: Int32 = 1, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try cli.run("nav", "show", "--json").standardOutput
        let result = try cli.run(["nav"] + arguments)
        #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError == message, sourceLocation: sourceLocation)
        #expect(try cli.run("nav", "show", "--json").standardOutput == before, sourceLocation: sourceLocation)
    }

    var authors: Titled { ("authors", "Authors") }
    var twainRoute: Titled { ("author/\(twain)", "Mark Twain") }
    var huckRoute: Titled { ("book/\(huck)", "Adventures of Huckleberry Finn") }
    var kembleRoute: Titled { ("author/\(kemble)", "E. W. Kemble") }

    @Test func popPopToRootAndCompactBackWalkBackOneStepAtATime() throws {
        try expectNav("select-sidebar", "authors", is: state(sidebar: authors, compactColumn: "content", history: 2))
        try expectNav(
            "select-content", twainRoute.route,
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "detail", history: 3))
        _ = try cli.run("nav", "push", huckRoute.route)
        try expectNav(
            "push", kembleRoute.route,
            is: state(
                sidebar: authors, content: twainRoute, detail: twainRoute, stack: [huckRoute, kembleRoute],
                compactColumn: "detail", history: 5))
        try expectNav(
            "pop",
            is: state(
                sidebar: authors, content: twainRoute, detail: twainRoute, stack: [huckRoute], compactColumn: "detail",
                history: 6))
        _ = try cli.run("nav", "push", kembleRoute.route)
        try expectNav(
            "pop-to-root",
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "detail", history: 8))
        try expectRefused("pop", message: "error: the detail stack is empty: nothing to pop\n")
        // Collapsed: the back button pops first, then clears the deepest selection one column at a time.
        _ = try cli.run("nav", "push", huckRoute.route)
        try expectNav(
            "compact-back",
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "detail", history: 10))
        try expectNav("compact-back", is: state(sidebar: authors, compactColumn: "content", history: 11))
        try expectNav("compact-back", is: state(sidebar: nil, compactColumn: "sidebar", history: 12))
        try expectRefused("compact-back", message: "error: the sidebar is already on top: nothing to go back to\n")
    }

    /// `pop-to N` keeps the first N entries of the detail stack (a breadcrumb's middle entry); past the stack it is
    /// refused and changes nothing, and N must be a whole number.
    @Test func popToKeepsTheFirstEntriesOfTheStack() throws {
        _ = try cli.run("nav", "select-sidebar", "authors")
        _ = try cli.run("nav", "select-content", twainRoute.route)
        _ = try cli.run("nav", "push", huckRoute.route)
        _ = try cli.run("nav", "push", kembleRoute.route)
        try expectRefused(
            "pop-to", "3",
            message: "error: cannot pop to entry 3: the detail stack holds 2 entries; pop to 0 (its root) to 2\n")
        try expectNav(
            "pop-to", "1",
            is: state(
                sidebar: authors, content: twainRoute, detail: twainRoute, stack: [huckRoute], compactColumn: "detail",
                history: 6))
        try expectNav(
            "pop-to", "0",
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "detail", history: 7))
        let notANumber = try cli.run("nav", "pop-to", "one")
        #expect(notANumber.status == 64, "\(notANumber.standardError)")
        #expect(notANumber.standardError.contains("'one' is not a whole number of stack entries (0 or more)"))
        #expect(try cli.run("nav", "pop-to", "--help").standardOutput.contains("INDEX"))
    }

    @Test func showDetailKeepsTheContentOnlyWhenItIsTheSameRouteAndClearContentClearsTheDetail() throws {
        _ = try cli.run("nav", "select-sidebar", "authors")
        _ = try cli.run("nav", "select-content", twainRoute.route)
        _ = try cli.run("nav", "push", huckRoute.route)
        // The content's own route: kept, the stack cleared.
        try expectNav(
            "show-detail", twainRoute.route,
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "detail", history: 5))
        // Another route: the content selection goes.
        try expectNav(
            "show-detail", huckRoute.route,
            is: state(sidebar: authors, detail: huckRoute, compactColumn: "detail", history: 6))
        _ = try cli.run("nav", "select-content", twainRoute.route)
        _ = try cli.run("nav", "push", huckRoute.route)
        try expectNav("clear-content", is: state(sidebar: authors, compactColumn: "content", history: 9))
        try expectRefused(
            "show-detail", "book/00000000-0000-4000-8000-000000000000",
            message: "error: no book with uuid 00000000-0000-4000-8000-000000000000; find one with "
                + "'catalog list books'\n")
    }

    @Test func compactColumnAndVisibilityChangeOnlyThemselves() throws {
        _ = try cli.run("nav", "select-sidebar", "authors")
        _ = try cli.run("nav", "select-content", twainRoute.route)
        try expectNav(
            "compact-column", "sidebar",
            is: state(sidebar: authors, content: twainRoute, detail: twainRoute, compactColumn: "sidebar", history: 4))
        try expectNav(
            "visibility", "detailOnly",
            is: state(
                sidebar: authors, content: twainRoute, detail: twainRoute, visibility: "detailOnly",
                compactColumn: "sidebar", history: 5))
        try expectRefused(
            "compact-column", "middle", status: 64,
            message: "error: 'middle' is not one of sidebar, content, detail\n"
                + "hint: see 'catalog nav compact-column --help'\n")
        _ = try cli.run("nav", "select-sidebar", "settings")
        try expectRefused(
            "compact-column", "content",
            message: "error: settings shows two columns: there is no content list to select in\n")
    }

    @Test func openAppliesADeepLinkAsOneWholeStateOrNothing() throws {
        _ = try cli.run("nav", "visibility", "all")
        let genres: Titled = ("genres", "Genres")
        let metalRoute: Titled = ("genre/\(metal)", "Heavy metal")
        try expectNav(
            "open", "catalog://genres?content=genre/\(metal)&stack=band/\(motorhead)",
            is: state(
                sidebar: genres, content: metalRoute, detail: metalRoute, stack: [("band/\(motorhead)", "Motörhead")],
                visibility: "all", compactColumn: "detail", history: 3))
        let wrong = "catalog://authors?content=genre/\(metal)"
        try expectRefused(
            "open", wrong, message: "error: cannot open \(wrong): genre/\(metal) is not listed under authors\n")
        try expectRefused("open", "notalink", message: "error: cannot open notalink: not a catalog:// link\n")
    }

    /// A deleted detail root (shown from the toolbar, not selected in the content list) clears the detail and its
    /// stack at the next launch, which says so once.
    @Test func aDeletedDetailRootIsRepairedAndReportedOnce() throws {
        _ = try cli.run("nav", "select-sidebar", "authors")
        _ = try cli.run("nav", "show-detail", huckRoute.route)
        try expectNav(
            "push", kembleRoute.route,
            is: state(sidebar: authors, detail: huckRoute, stack: [kembleRoute], compactColumn: "detail", history: 4))

        let db = try Database(path: cli.database)
        try db.execute("DELETE FROM books WHERE uuid = ?", [huck])
        try db.close()

        let text = try cli.run("nav", "show")
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput
                == """
                user default · scene main · 3 columns · visibility automatic · compact column content · history 4 of 4
                sidebar  Authors  [authors]
                content  —
                detail   —
                repaired: detail root book/\(huck) is no longer available: removed book/\(huck), author/\(kemble)

                """)
        // The repaired state was saved: the next launch has nothing to report.
        try expectNav("show", is: state(sidebar: authors, compactColumn: "content", history: 4))
    }

    /// Three `catalog nav` processes pushing and popping on one scene at once, past the history's 100 entries:
    /// each save is checked against the scene as saved and applied again on what another process saved, so every
    /// command succeeds and no state is recorded twice in a row (blind saves left identical neighbours).
    @Test func parallelNavProcessesRecordNoEntryTwice() throws {
        let book = try Self.uuid(cli, ["list", "books"], named: "Adventures of Huckleberry Finn")
        let twain = try Self.uuid(cli, ["list", "authors"], named: "Mark Twain")
        #expect(try cli.run("nav", "select-sidebar", "authors").status == 0)
        #expect(try cli.run("nav", "select-content", "author/\(twain)").status == 0)
        // A push onto a book another process pushed, or a pop of a stack another emptied, is refused (exit 1,
        // said on standard error); anything else fails the loop.
        let loop = """
            for i in $(seq 60); do
              for intent in "push book/$2" pop; do
                "$0" --db "$1" nav $intent >/dev/null 2>>"$3"
                [ $? -le 1 ] || exit 1
              done
            done
            """
        let writers = try (0..<3).map { index in
            try TestSupport.start(
                "/bin/sh", ["-c", loop, CatalogCLI.executable, cli.database, book, cli.path("errors-\(index)")])
        }
        for (index, writer) in writers.enumerated() {
            let result = writer.wait()
            #expect(result.status == 0, "\(result.standardError)")
            let errors = (try? String(contentsOfFile: cli.path("errors-\(index)"), encoding: .utf8)) ?? ""
            for line in errors.split(separator: "\n") {
                #expect(line.contains("cannot be pushed onto") || line.contains("nothing to pop"), "\(line)")
            }
        }
        let users = try Database(path: DatabaseSchema.userStatePath(forCatalog: cli.database))
        let entries = try users.fetchAll(
            String.self,
            """
            SELECT h.state FROM nav_history h JOIN nav_scenes s ON s.id = h.scene_id
            WHERE s.scene = 'main' AND h.position BETWEEN s.history_first AND s.history_last ORDER BY h.position
            """)
        #expect(entries.count == 100)
        #expect(zip(entries, entries.dropFirst()).filter { $0 == $1 }.isEmpty)
    }
}
