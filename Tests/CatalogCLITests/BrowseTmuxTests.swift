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
        try session.waitFor("Library catalog")
        try session.send(["j", "j", "Enter"])  // Books, Authors, Genres: open Genres
        try session.waitFor("Genres 26")
        try session.send(Array(repeating: "j", count: metal) + ["Enter"])  // select Heavy metal
        try session.waitFor("Bands 8")
        try session.send(Array(repeating: "j", count: motorhead) + ["Enter"])  // push Motörhead
        try session.waitFor("Heavy metal › Motörhead")
        try session.send(["q"])
        try session.waitUntilExited()

        try session.launch()
        let screen = try session.waitFor("Heavy metal › Motörhead")
        #expect(screen.contains("1975–2015"))
        #expect(screen.contains("▸ Heavy metal"))
        #expect(screen.contains("▸ Genres"))
        try session.send(["q"])
        try session.waitUntilExited()
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

/// One tmux server of its own (`-L`), so the test never touches anyone's sessions.
private struct Tmux {
    let cli: CatalogCLI
    let socket = "catalog-test-\(UUID().uuidString.prefix(8))"

    func launch() throws {
        let command = [CatalogCLI.executable, "--db", cli.database, "browse"]
            .map { "'\($0)'" }.joined(separator: " ")
        try run(["new-session", "-d", "-s", "browse", "-x", "140", "-y", "40", command])
    }

    func send(_ keys: [String]) throws {
        try run(["send-keys", "-t", "browse"] + keys)
    }

    func capture() -> String? {
        try? run(["capture-pane", "-p", "-t", "browse"])
    }

    /// Polls the screen until it shows `text`; fails after 10 seconds with the last screen.
    @discardableResult
    func waitFor(_ text: String) throws -> String {
        var screen = ""
        for _ in 0..<200 {
            screen = capture() ?? ""
            if screen.contains(text) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the screen never showed '\(text)':\n\(screen)")
        throw CancellationError()
    }

    /// Polls until the browser quit (its session, and with it the server, is gone).
    func waitUntilExited() throws {
        for _ in 0..<200 {
            if (try? run(["has-session", "-t", "browse"])) == nil { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("catalog browse did not quit on q:\n\(capture() ?? "")")
        throw CancellationError()
    }

    func kill() {
        _ = try? run(["kill-server"])
    }

    /// Runs tmux with `arguments` and returns what it printed.
    ///
    /// Spawned and reaped directly rather than through `Process`: Foundation's `Process` on Linux notices an
    /// exit through a descriptor the child inherits, and the tmux server that `new-session` forks keeps it open,
    /// so `waitUntilExit()` would never return.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appending(path: "\(socket)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let path = BrowseTmuxTests.tmux ?? "tmux"
        let argv = ([path, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, nil, argv + [nil], environ) == 0 else {
            throw CocoaError(.executableLoad)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else { throw CocoaError(.executableLoad) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
