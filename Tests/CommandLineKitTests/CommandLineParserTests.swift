import CommandLineKit
import Testing

@Suite struct CommandLineParserTests {
    static let limit = TypedOption<Int?>("limit", short: "n", valueName: "N", parser: .integer(), help: "How many.")
    static let json = Flag("json", help: "JSON.")
    static let map = TypedOption<[String]>("map", valueName: "F=C", parser: .string, help: "Mapping.")
    static let database = TypedOption<String?>("db", valueName: "PATH", help: "Database.", inherited: true)
    static let list = Command(
        name: "list", abstract: "List things.", options: [limit, json, map],
        arguments: [Argument("KIND", help: "What to list.")],
        run: { _ in })
    static let importCommand = Command(
        name: "import", abstract: "Import files.", arguments: [Argument("FILE", help: "Files.", variadic: true)],
        run: { _ in })
    static let root = Command(
        name: "catalog", abstract: "A catalog.", version: "1.2.3",
        options: [database],
        subcommands: [list, importCommand])

    let parser = CommandLineParser(root: root)

    func invocation(_ arguments: [String]) throws -> (String, Invocation) {
        guard case .run(let command, let invocation) = try parser.parse(arguments) else {
            Issue.record("expected a command to run")
            throw UsageError("no run", commandPath: [])
        }
        return (command.name, invocation)
    }

    func usageError(_ arguments: [String]) throws -> UsageError {
        try #require(throws: UsageError.self) { try parser.parse(arguments) }
    }

    @Test func parsesOptionsFlagsAndPositionals() throws {
        let (name, invocation) = try invocation(["--db", "x.sqlite", "list", "books", "--limit=5", "--json"])
        #expect(name == "list")
        #expect(invocation.commandPath == ["catalog", "list"])
        #expect(try invocation[Self.database] == "x.sqlite")
        #expect(try invocation[Self.limit] == 5)
        #expect(invocation[Self.json])
        #expect(invocation.positionals == ["books"])
    }

    @Test func inheritedOptionsAreAcceptedAfterTheSubcommand() throws {
        let (_, invocation) = try invocation(["list", "books", "--db", "y.sqlite"])
        #expect(try invocation[Self.database] == "y.sqlite")
    }

    @Test func shortOptionsAndRepeatableValues() throws {
        let (_, invocation) = try invocation(["list", "-n", "3", "--map", "title=Name", "--map", "year=Y", "books"])
        #expect(try invocation[Self.limit] == 3)
        #expect(try invocation[Self.map] == ["title=Name", "year=Y"])
        let (_, attached) = try self.invocation(["list", "-n7", "books"])
        #expect(try attached[Self.limit] == 7)
    }

    @Test func doubleDashEndsOptions() throws {
        let (_, invocation) = try invocation(["import", "--", "--weird-file.csv", "-"])
        #expect(invocation.positionals == ["--weird-file.csv", "-"])
    }

    @Test func negativeNumbersArePositionals() throws {
        let (_, invocation) = try invocation(["list", "-5"])
        #expect(invocation.positionals == ["-5"])
    }

    @Test func unknownSubcommandSuggestsTheClosest() throws {
        let error = try usageError(["lst"])
        #expect(error.message == "unknown subcommand 'lst'")
        #expect(error.hint == "did you mean 'list'? See 'catalog --help'")
        let far = try usageError(["nonsense"])
        #expect(far.hint == "the subcommands are list, import; see 'catalog --help'")
    }

    @Test(arguments: [
        (["list", "--limt", "3", "x"], "unknown option '--limt'"),
        (["list", "x", "--limit"], "--limit needs a value"),
        (["list", "x", "--json=yes"], "--json is a flag and takes no value"),
        (["list"], "missing argument KIND"),
        (["list", "a", "b"], "unexpected argument 'b'"),
        ([], "missing subcommand"),
        (["list", "x", "--limit", "1", "--limit", "2"], "--limit was given twice"),
        (["list", "x", "-z"], "unknown option '-z'"),
    ])
    func usageErrorsSayWhatIsWrong(arguments: [String], message: String) throws {
        #expect(try usageError(arguments).message == message)
    }

    @Test func helpAtEveryLevel() throws {
        guard case .help(let rootHelp) = try parser.parse(["--help"]) else { throw UsageError("", commandPath: []) }
        #expect(rootHelp.contains("USAGE: catalog [--db PATH] <subcommand>"))
        #expect(rootHelp.contains("  list                  List things."))
        guard case .help(let listHelp) = try parser.parse(["list", "-h"]) else { throw UsageError("", commandPath: []) }
        #expect(listHelp.contains("USAGE: catalog list [--limit N] [--json] [--map F=C]... [--db PATH] KIND"))
        guard case .help(let viaHelp) = try parser.parse(["help", "list"]) else {
            throw UsageError("", commandPath: [])
        }
        #expect(viaHelp == listHelp)
    }

    @Test func helpOfANestedSubcommandIsItsOwn() throws {
        // `nav` has a `list` of its own: `catalog nav help list` is about it, not about `catalog list`.
        let navList = Command(name: "list", abstract: "List scenes.", run: { _ in })
        let nav = Command(name: "nav", abstract: "Navigate.", subcommands: [navList])
        let parser = CommandLineParser(
            root: Command(name: "catalog", abstract: "A catalog.", subcommands: [Self.list, nav]))
        guard case .help(let viaHelp) = try parser.parse(["nav", "help", "list"]),
            case .help(let viaFlag) = try parser.parse(["nav", "list", "--help"])
        else { throw UsageError("", commandPath: []) }
        #expect(viaHelp == viaFlag)
        #expect(viaHelp.contains("List scenes.") && viaHelp.contains("USAGE: catalog nav list"))
        #expect(throws: UsageError.self) { try parser.parse(["nav", "help", "import"]) }
    }

    @Test func versionOnTheRoot() throws {
        guard case .version(let version) = try parser.parse(["--version"]) else {
            throw UsageError("", commandPath: [])
        }
        #expect(version == "1.2.3")
    }
}
