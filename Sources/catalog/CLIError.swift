/// Failures of the command line itself (not of the catalog).
enum CLIError: Error, CustomStringConvertible {
    case missingDatabase(path: String)
    case notATerminal

    var description: String {
        switch self {
        case .missingDatabase(let path):
            return "no database at \(path); create it with 'catalog --db \(path) init'"
        case .notATerminal:
            return "catalog browse needs a terminal: standard input and output must both be one; "
                + "to read or change the navigation state from a script or a pipe, use 'catalog nav' "
                + "(see 'catalog nav --help')"
        }
    }
}
