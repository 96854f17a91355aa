// The `catalog` command: parses the command line, runs the subcommand, turns errors into exit statuses.
import CommandLineKit
import Foundation

let root = Command(
    name: "catalog",
    abstract: "A SQLite library catalog: books, authors, genres and bands.",
    version: CatalogVersion.current,
    options: [GlobalOptions.database, GlobalOptions.postgreSQL, GlobalOptions.wait],
    subcommands: [
        InitCommand.command, InfoCommand.command, ImportCommand.command, ListCommand.command, ShowCommand.command,
        SearchCommand.command, DuplicatesCommand.command, AddCommand.command, EditCommand.command,
        DeleteCommand.command, MergeCommand.command, HistoryCommand.command, UndoCommand.command, ServeCommand.command,
        ChangesCommand.command,
        SnapshotCommand.command,
        SyncCommand.command, PendingCommand.command, ConflictsCommand.command,
        NavCommand.command, SessionsCommand.command, BrowseCommand.command, DemoCommand.command, UsersCommand.command,
        TokensCommand.command,
    ]
)

// A file-size limit (`ulimit -f`, a quota) must fail a write like a full disk, with the message that says what to do
// and a rolled-back transaction, not kill the process with SIGXFSZ mid-write.
signal(SIGXFSZ, SIG_IGN)

do {
    switch try CommandLineParser(root: root).parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let text):
        Output.write(text)
    case .version(let version):
        Output.write(version + "\n")
    case .run(let command, let invocation):
        // Refuses --database for a subcommand that works on SQLite only, before it opens anything.
        let location = try GlobalOptions.location(invocation)
        do {
            try command.run?(invocation)
        } catch {
            throw DatabaseProblem.explain(error, at: location)
        }
    }
} catch {
    Output.report(error)
    exit(ExitStatus.for(error))
}
