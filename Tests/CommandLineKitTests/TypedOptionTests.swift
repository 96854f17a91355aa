import CommandLineKit
import Testing

@Suite struct TypedOptionTests {
    enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    static let limit = TypedOption<Int>(
        "limit", short: "n", valueName: "N", parser: .integer(in: 1...100), default: 20, help: "Items per page.")
    static let since = TypedOption<Int?>("since", valueName: "N", parser: .integer(in: 0...Int.max), help: "After N.")
    static let format = TypedOption<Format>(
        "format", valueName: "FORMAT", parser: .choice(Format.self), default: .text, help: "text or json.")
    static let user = TypedOption<String>("user", valueName: "NAME", default: "default", help: "Whose state.")
    static let token = TypedOption<String?>(
        "token", valueName: "TOKEN", help: "The bearer token.", whenAbsent: "$TOKEN")
    static let map = TypedOption<[String]>(
        "map", valueName: "F=C", parser: .string, help: "Read F from column C")
    static let ports = TypedOption<[Int]>(
        "port", valueName: "PORT", parser: .integer(in: 0...65535), help: "A port; repeatable.",
        whenAbsent: "none")
    static let wait = TypedOption<Duration?>(
        "wait", valueName: "SECONDS", parser: .seconds, help: "Give up after SECONDS.", whenAbsent: "never")
    static let expires = TypedOption<Duration?>("expires", valueName: "DURATION", parser: .duration, help: "Lifetime.")
    static let json = Flag("json", help: "Print JSON.")

    static let command = Command(
        name: "tool", abstract: "A tool.",
        options: [limit, since, format, user, token, map, ports, wait, expires, json], run: { _ in })

    func invocation(_ arguments: String...) throws -> Invocation {
        guard case .run(_, let invocation) = try CommandLineParser(root: Self.command).parse(arguments) else {
            throw UsageError("expected a command to run", commandPath: [])
        }
        return invocation
    }

    /// The message of the usage error reading `option` from `arguments` throws.
    func refusal<Value>(_ option: TypedOption<Value>, _ arguments: String...) throws -> String {
        let invocation = try CommandLineParser(root: Self.command).parse(arguments)
        guard case .run(_, let invocation) = invocation else { throw UsageError("no run", commandPath: []) }
        return try #require(throws: UsageError.self) { try invocation[option] }.message
    }

    @Test func absentOptionsReadAsTheirDefaults() throws {
        let invocation = try invocation()
        #expect(try invocation[Self.limit] == 20)
        #expect(try invocation[Self.since] == nil)
        #expect(try invocation[Self.format] == .text)
        #expect(try invocation[Self.user] == "default")
        #expect(try invocation[Self.token] == nil)
        #expect(try invocation[Self.map] == [])
        #expect(try invocation[Self.wait] == nil)
        #expect(!invocation[Self.json])
        #expect(!invocation.isGiven(Self.limit) && !invocation.isGiven(Self.json))
        #expect(invocation.text(of: Self.limit) == nil)
    }

    @Test func givenOptionsReadAsTypedValues() throws {
        let invocation = try invocation(
            "-n", "7", "--since=0", "--format", "json", "--user", "ada", "--token", "t", "--map", "a=A", "--map",
            "b=B", "--port", "80", "--port", "443", "--wait", "0.5", "--expires", "90m", "--json")
        #expect(try invocation[Self.limit] == 7)
        #expect(try invocation[Self.since] == 0)
        #expect(try invocation[Self.format] == .json)
        #expect(try invocation[Self.user] == "ada")
        #expect(try invocation[Self.token] == "t")
        #expect(try invocation[Self.map] == ["a=A", "b=B"])
        #expect(try invocation[Self.ports] == [80, 443])
        #expect(try invocation[Self.wait] == .milliseconds(500))
        #expect(try invocation[Self.expires] == .seconds(5_400))
        #expect(invocation[Self.json])
        #expect(invocation.isGiven(Self.limit) && invocation.isGiven(Self.json) && invocation.isGiven(Self.map))
        #expect(invocation.text(of: Self.expires) == "90m")
    }

    @Test func durationsOfEveryUnit() throws {
        for (text, seconds) in [("30s", 30), ("2m", 120), ("1.5h", 5_400), ("30d", 2_592_000)] {
            #expect(try invocation("--expires", text)[Self.expires] == .seconds(seconds), "\(text)")
        }
        #expect(try invocation("--wait", "0")[Self.wait] == .zero)
    }

    /// `Duration.seconds(_:)` traps past about 292 billion years; such a time is the longest duration instead.
    @Test func durationsPastTheRangeAreTheLongest() throws {
        #expect(try invocation("--wait", "1e300")[Self.wait] == .seconds(Int64.max))
        #expect(try invocation("--expires", "1e300d")[Self.expires] == .seconds(Int64.max))
    }

    /// Options are parsed when read, so an invalid one that a command never reads (or reads after checking
    /// another) does not fail the command line itself.
    @Test func valuesAreCheckedWhenRead() throws {
        let invocation = try invocation("--limit", "lots", "--json")
        #expect(invocation[Self.json])
        #expect(invocation.isGiven(Self.limit))
        #expect(throws: UsageError.self) { try invocation[Self.limit] }
    }

    @Test(arguments: [
        (["--limit", "lots"], "--limit takes a whole number, 1–100; got 'lots'"),
        (["--limit", "0"], "--limit takes a whole number, 1–100; got '0'"),
        (["--limit", "101"], "--limit takes a whole number, 1–100; got '101'"),
        (["-n", "2.5"], "--limit takes a whole number, 1–100; got '2.5'"),
    ])
    func integersOutsideTheirRangeAreRefused(arguments: [String], message: String) throws {
        let invocation = try CommandLineParser(root: Self.command).parse(arguments)
        guard case .run(_, let invocation) = invocation else { throw UsageError("no run", commandPath: []) }
        let error = try #require(throws: UsageError.self) { try invocation[Self.limit] }
        #expect(error.message == message)
        #expect(error.hint == "see 'tool --help'")
    }

    @Test func refusalsSayWhatTheOptionTakes() throws {
        #expect(try refusal(Self.since, "--since", "-1") == "--since takes a whole number, 0 or more; got '-1'")
        #expect(try refusal(Self.format, "--format", "xml") == "--format must be one of text, json; got 'xml'")
        #expect(
            try refusal(Self.ports, "--port", "80", "--port", "http")
                == "--port takes a whole number, 0–65535; got 'http'")
        #expect(
            try refusal(Self.wait, "--wait", "-1")
                == "--wait takes a number of seconds, 0 or more (e.g. 30 or 0.5); got '-1'")
        #expect(try refusal(Self.wait, "--wait", "nan").hasSuffix("got 'nan'"))
        for text in ["10", "-5m", "0d", "m", "infd", "5w"] {
            #expect(
                try refusal(Self.expires, "--expires", text)
                    == "--expires takes a positive number and s, m, h or d, e.g. 90m or 30d; got '\(text)'")
        }
    }

    @Test func aCustomParserSaysItsOwnRequirement() throws {
        let level = TypedOption<String?>(
            "level", valueName: "LEVEL",
            parser: ValueParser(requirement: "must be low or high") { ["low", "high"].contains($0) ? $0 : nil },
            help: "How loud.")
        let parser = CommandLineParser(
            root: Command(name: "tool", abstract: "A tool.", options: [level], run: { _ in }))
        guard case .run(_, let invocation) = try parser.parse(["--level", "mid"]) else {
            throw UsageError("no run", commandPath: [])
        }
        let error = try #require(throws: UsageError.self) { try invocation[level] }
        #expect(error.message == "--level must be low or high; got 'mid'")
    }

    @Test func theHelpPrintsEachDefaultFromItsDeclaration() throws {
        guard case .help(let help) = try CommandLineParser(root: Self.command).parse(["--help"]) else {
            throw UsageError("no help", commandPath: [])
        }
        let lines = help.split(separator: "\n").map(String.init)
        for line in [
            "  -n, --limit N         Items per page (default: 20).",
            "  --since N             After N.",
            "  --format FORMAT       text or json (default: text).",
            "  --user NAME           Whose state (default: default).",
            "  --token TOKEN         The bearer token (default: $TOKEN).",
            "  --map F=C             Read F from column C",
            "  --port PORT           A port; repeatable (default: none).",
            "  --wait SECONDS        Give up after SECONDS (default: never).",
            "  --json                Print JSON.",
        ] {
            #expect(lines.contains(line), "\(line)\n\(help)")
        }
        #expect(help.contains("USAGE: tool [--limit N] [--since N] [--format FORMAT] [--user NAME] [--token TOKEN] "))
        #expect(help.contains("[--map F=C]... [--port PORT]... "))
    }

    @Test func aDefaultWithoutAFinalPeriodIsAppended() {
        let option = TypedOption<Int>("n", valueName: "N", parser: .integer(), default: 3, help: "How many")
        #expect(option.declaration.help == "How many")
        #expect(option.declaration.defaultDescription == "3")
        let command = Command(name: "tool", abstract: "A tool.", options: [option], run: { _ in })
        guard case .help(let help) = try? CommandLineParser(root: command).parse(["-h"]) else {
            Issue.record("no help")
            return
        }
        #expect(help.contains("  --n N                 How many (default: 3)\n"), "\(help)")
    }
}
