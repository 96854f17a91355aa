import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `catalog browse` driven in a real pseudo-terminal through tmux, as a person would use it.
@Suite struct BrowseTmuxTests {
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func navigatesGenreToBandQuitsAndReopensOnTheSameBand() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let genres = try names(cli, ["list", "genres"])
        let metal = try #require(genres.firstIndex { $0.name == "Heavy metal" })
        let bands = try names(cli, ["list", "bands", "--genre", genres[metal].uuid])
        let motorhead = try #require(bands.firstIndex { $0.name == "Motörhead" })

        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch()
        try session.openGenres()
        try session.send(Array(repeating: "j", count: metal) + ["Enter"])  // select Heavy metal
        try session.waitFor("Bands 8")
        try session.send(Array(repeating: "j", count: motorhead) + ["Enter"])  // push Motörhead
        try session.waitFor("Heavy metal › Motörhead")
        try session.send(["q"])
        try session.waitUntilExited()

        // Relaunched at the README's size, the screen is the README's, character for character.
        try session.launch(width: 110, height: 20)
        let screen = try session.waitFor("Heavy metal › Motörhead")
        #expect(screen.contains("1975–2015"))
        #expect(screen.contains("▸ Heavy metal"))
        #expect(screen.contains("▸ Genres"))
        let readme = try ReadmeTranscriptTests.transcript(startingWith: " Library catalog · default · main")
        #expect(screen.trimmingCharacters(in: .newlines) == readme.trimmingCharacters(in: .newlines))
        try session.send(["q"])
        try session.waitUntilExited()
    }

    /// On PostgreSQL the browser opens, moves and reopens where it was left, as on a SQLite file, and its moves are
    /// the scene `catalog nav` shows.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func browsesAPostgreSQLCatalogAndReopensWhereItWasLeft() throws {
        let uri = try PostgresCluster.shared().createDatabase("browse")
        let database = ["--database", uri]
        let samples = ["library.json", "music.json"].map { TestSupport.sampleData.appending(path: $0).path }
        let imported = try CatalogCLI.run(database + ["import"] + samples)
        #expect(imported.status == 0, "\(imported.standardError)")

        let session = Tmux(database: database)
        defer { session.kill() }
        try session.launch()
        try session.openGenres()
        try session.send(["Enter"])  // select the first genre
        try session.waitFor("history 3/3")
        try session.send(["q"])
        try session.waitUntilExited()

        let state = try CatalogCLI.run(database + ["nav", "show", "--json"]).json()
        #expect(state["sidebar"] as? String == "genres")
        let genre = try #require((state["content"] as? String)?.split(separator: "/").last.map(String.init))
        try session.launch()
        let screen = try session.waitFor("history 3/3")
        let name = try #require(
            try CatalogCLI.run(database + ["show", "genre", genre, "--json"]).json()["name"] as? String)
        #expect(screen.contains("▸ \(name)"), "\(screen)")
        try session.send(["q"])
        try session.waitUntilExited()
    }

    /// Narrowed below 100 columns the view collapses to the one column in focus, with a back mark; widened again it
    /// shows the three columns, each time without a key pressed, even when started with SIGWINCH blocked.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func aResizedTerminalCollapsesAndExpandsTheColumns() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch(blockingSignals: true)
        try session.openGenres()
        try session.resize(width: 80, height: 24)
        // The one column in focus, every line of the three-column frame gone.
        try session.waitFor("‹ Genres 26", without: "│")
        try session.resize(width: 140, height: 30)
        try session.waitFor("│ Genres 26")
        try session.send(["q"])
        try session.waitUntilExited()
    }

    /// SIGTERM ends the browser, the terminal given back (the alternate screen left), and every move made before it
    /// saved, even when it was started with SIGTERM blocked.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func aTerminatedBrowserGivesTheTerminalBackAndKeepsItsMoves() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch(blockingSignals: true)
        try session.keepPaneOnExit()
        try session.openGenres()
        #expect(try session.pane("#{alternate_on}") == "1")
        let pid = try #require(pid_t(try session.pane("#{pane_pid}")))
        #expect(kill(pid, SIGTERM) == 0)
        try session.waitUntilDead()
        #expect(try session.pane("#{alternate_on}") == "0")
        #expect(session.capture()?.contains("Library catalog") == false)
        let state = try cli.run("nav", "show", "--json").json()
        #expect(state["sidebar"] as? String == "genres")
    }

    /// A scene saved on a band that was deleted since reopens repaired, and the browser says so on its status line.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func aRepairedRestoreIsShownAsANotice() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let bands = try names(cli, ["list", "bands"])
        let band = try #require(bands.first)
        #expect(try cli.run("nav", "select-sidebar", "bands").status == 0)
        #expect(try cli.run("nav", "select-content", "band/\(band.uuid)").status == 0)
        let deleted = try TestSupport.run(
            try TestSupport.installedTool("sqlite3"), [cli.database, "DELETE FROM bands WHERE uuid = '\(band.uuid)'"])
        #expect(deleted.status == 0, "\(deleted.standardError)")

        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch()
        try session.waitFor("Restored with repairs")
        try session.send(["q"])
        try session.waitUntilExited()
    }

    /// A `catalog nav` on the scene an open browser shows: the browser shows it (and says so) without a key
    /// pressed, and its next move builds on it instead of saving over it.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func aChangeMadeElsewhereIsShownAndKept() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch()
        try session.openGenres()

        #expect(try cli.run("nav", "select-sidebar", "authors").status == 0)
        try session.waitFor("Changed in another program")
        try session.waitFor("▸ Authors")
        try session.send(["Enter"])  // select the first author, where the content column's cursor is
        try session.waitFor("history 4/4")
        let state = try cli.run("nav", "show", "--json").json()
        #expect(state["sidebar"] as? String == "authors")
        #expect((state["content"] as? String)?.hasPrefix("author/") == true)
        try session.send(["q"])
        try session.waitUntilExited()
    }

    /// A search longer than a route may be is refused with the limit on the status line, and nothing is saved.
    @Test(.enabled(if: tmux != nil, "tmux is not installed: the pseudo-terminal test of catalog browse is skipped"))
    func aSearchOverTheRouteLimitIsRefusedOnTheStatusLine() throws {
        let cli = try CatalogCLI()
        #expect(try cli.importSamples().status == 0)
        let session = Tmux(cli: cli)
        defer { session.kill() }
        try session.launch()
        try session.waitFor("Library catalog")
        try session.send(["/"])
        try session.waitFor("Search: ")
        try session.send(["-l", String(repeating: "x", count: 2_100)])
        try session.send(["Enter"])
        try session.waitFor("is 2107 bytes of UTF-8, over the limit of 2048 bytes for a route")
        try session.send(["q"])
        try session.waitUntilExited()
        #expect(try cli.run("nav", "show", "--json").json()["sidebar"] is NSNull)
    }

    @Test func withoutATerminalItExits1SuggestingNav() throws {
        let result = try CatalogCLI().run("browse")
        #expect(result.status == 1)
        #expect(result.standardError.contains("needs a terminal"))
        #expect(result.standardError.contains("catalog nav"))
    }

    private func names(_ cli: CatalogCLI, _ arguments: [String]) throws -> [(name: String, uuid: String)] {
        let items = try #require(
            try cli.run(arguments + ["--json", "--limit", "100"]).json()["items"] as? [[String: Any]])
        return items.compactMap { item in
            guard let name = item["name"] as? String, let uuid = item["uuid"] as? String else { return nil }
            return (name, uuid)
        }
    }
}

/// One tmux server of its own, on a socket of its own (`-S`), so the test never touches anyone's sessions.
private struct Tmux {
    /// The options that name the database browsed: `--db FILE` or `--database URI`.
    let database: [String]
    /// In the temporary directory rather than tmux's own (`-L`), whose sockets outlive their server: ``kill()``
    /// removes it.
    let socket = FileManager.default.temporaryDirectory.appending(path: "catalog-test-\(UUID().uuidString.prefix(8))")

    init(cli: CatalogCLI) {
        database = ["--db", cli.database]
    }

    init(database: [String]) {
        self.database = database
    }

    /// Starts `catalog browse` in a new pane of `width` × `height`. With `blockingSignals`, it starts with the signals
    /// it handles blocked, as a parent that blocks them (a supervisor, a test runner) starts it: a blocked mask is
    /// inherited across exec.
    func launch(width: Int = 140, height: Int = 40, blockingSignals: Bool = false) throws {
        var command = [CatalogCLI.executable] + database + ["browse"]
        if blockingSignals {
            let block = """
                import os, signal, sys
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGWINCH})
                os.execv(sys.argv[1], sys.argv[1:])
                """
            command = [try TestSupport.installedTool("python3"), "-c", block] + command
        }
        // `exec`: the pane's process is catalog itself, so a signal sent to the pane's pid reaches it.
        let line = "exec " + command.map { "'\($0)'" }.joined(separator: " ")
        try run(["new-session", "-d", "-s", "browse", "-x", String(width), "-y", String(height), line])
    }

    /// Waits for the browser's first screen and opens Genres from the sidebar (Books, Authors, Genres).
    func openGenres() throws {
        try waitFor("Library catalog")
        try send(["j", "j", "Enter"])
        try waitFor("│ Genres 26")
    }

    /// Keeps the pane, and what the program left on it, once the program has exited.
    func keepPaneOnExit() throws {
        try run(["set-option", "-t", "browse", "remain-on-exit", "on"])
    }

    /// Resizes the window, as a terminal window dragged to a new size (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "browse", "-x", String(width), "-y", String(height)])
    }

    /// A value of the pane's, e.g. `#{pane_pid}` or `#{alternate_on}`.
    func pane(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "browse", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until the pane's program has exited (with ``keepPaneOnExit()`` set).
    func waitUntilDead() throws {
        try poll("catalog browse did not exit") { (try? pane("#{pane_dead}")) == "1" ? () : nil }
    }

    func send(_ keys: [String]) throws {
        try run(["send-keys", "-t", "browse"] + keys)
    }

    func capture() -> String? {
        try? run(["capture-pane", "-p", "-t", "browse"])
    }

    /// Polls give up when the screen stayed the same for this many polls in a row: the browser makes no progress.
    static let patience = 40
    /// Polls give up after this many in any case.
    static let maximumPolls = 200

    /// Polls the screen until it shows `text` and is the same at two polls in a row, and returns it: a redraw
    /// reaches the pane in pieces, so a capture can hold the new frame's first lines above the old one's last.
    @discardableResult
    func waitFor(_ text: String) throws -> String {
        var previous: String?
        return try poll("the screen never showed '\(text)'") {
            guard let now = capture(), now.contains(text) else {
                previous = nil
                return nil
            }
            defer { previous = now }
            return now == previous ? now : nil
        }
    }

    /// Polls the screen until it shows `text` and not `gone` (what only the frame before showed), and returns it.
    @discardableResult
    func waitFor(_ text: String, without gone: String) throws -> String {
        try poll("the screen never showed '\(text)' without '\(gone)'") {
            capture().flatMap { $0.contains(text) && !$0.contains(gone) ? $0 : nil }
        }
    }

    /// Polls until the browser quit (its session, and with it the server, is gone).
    func waitUntilExited() throws {
        try poll("catalog browse did not quit on q") { (try? run(["has-session", "-t", "browse"])) == nil ? () : nil }
    }

    /// Polls `check` until it gives a result, sleeping a little longer after each poll (up to half a second), so a
    /// slow machine gets the time it needs and a fast one does not wait. Gives up after ``patience`` polls in a row
    /// without a change of screen, or ``maximumPolls``, failing with `failure` and the last screen.
    private func poll<Result>(_ failure: String, _ check: () -> Result?) throws -> Result {
        var screen: String?
        var unchanged = 0
        var polls = 0
        while unchanged < Self.patience && polls < Self.maximumPolls {
            if let result = check() { return result }
            polls += 1
            let now = capture()
            unchanged = now == screen ? unchanged + 1 : 0
            screen = now
            Thread.sleep(forTimeInterval: min(0.5, 0.01 * pow(1.25, Double(polls))))
        }
        throw WaitFailure(
            description: "\(failure) in \(polls) polls, the last \(unchanged) without a change of screen:\n"
                + (screen ?? "(no screen)"))
    }

    /// A poll that gave up, with what it waited for and the last screen.
    struct WaitFailure: Error, CustomStringConvertible {
        let description: String
    }

    func kill() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: socket)
    }

    /// Runs tmux with `arguments` and returns what it printed.
    ///
    /// Spawned and reaped directly rather than through `Process`: Foundation's `Process` on Linux notices an
    /// exit through a descriptor the child inherits, and the tmux server that `new-session` forks keeps it open,
    /// so `waitUntilExit()` would never return.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let output = socket.deletingLastPathComponent().appending(
            path: "\(socket.lastPathComponent)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner blocks most signals, and a spawned process inherits its mask: tmux (which must see SIGCHLD
        // to know how a pane's program ended) and what it runs start with none blocked, as from a terminal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let path = BrowseTmuxTests.tmux ?? "tmux"
        let argv = ([path, "-S", socket.path, "-f", "/dev/null"] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, &attributes, argv + [nil], environ) == 0 else {
            throw CocoaError(.executableLoad)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else { throw CocoaError(.executableLoad) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
