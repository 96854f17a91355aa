/// Failures of the command line itself. A database that cannot be used is a ``DatabaseProblem``.
enum CLIError: Error, CustomStringConvertible {
    case notATerminal

    var description: String {
        switch self {
        case .notATerminal:
            return "catalog browse needs a terminal: standard input and output must both be one; "
                + "to read or change the navigation state from a script or a pipe, use 'catalog nav' "
                + "(see 'catalog nav --help')"
        }
    }
}
