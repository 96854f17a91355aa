/// Failures of the command line itself (not of the catalog).
enum CLIError: Error, CustomStringConvertible {
    case missingDatabase(path: String)

    var description: String {
        switch self {
        case .missingDatabase(let path):
            return "no database at \(path); create it with 'catalog --db \(path) init'"
        }
    }
}
