import CatalogStore
import SQLiteCatalog

/// A catalog file that cannot be opened or used, told to the person at the terminal: the library's explanation of
/// what happened, with what to do here (which option to check, which command makes a catalog).
struct DatabaseProblem: Error, CustomStringConvertible {
    let problem: CatalogFileError
    /// The option that named the file, e.g. `--db`.
    let option: String

    /// The error to report for `error`, raised while working on the database at `path` (named by `option`):
    /// problems with the file explained, other errors as they are.
    static func explain(_ error: any Error, path: String, option: String = "--db") -> any Error {
        guard let problem = CatalogFileError(error, path: path) else { return error }
        return DatabaseProblem(problem: problem, option: option)
    }

    /// ``explain(_:path:option:)`` for the database at `location`, named by `--db` or `--database`.
    static func explain(_ error: any Error, at location: StoreLocation) -> any Error {
        let option = if case .postgreSQL = location { "--database" } else { "--db" }
        return explain(error, path: location.description, option: option)
    }

    var description: String {
        switch problem {
        case .missing(let path):
            return "\(problem); create it with 'catalog --db \(path) init'"
        case .empty(let path):
            return "\(path) is an empty file, not a catalog database (was it truncated or copied badly?); "
                + "restore it from a backup, or run 'catalog --db \(path) init' to start a new catalog in it"
        case .notADatabase(let path):
            return "\(problem); check the \(option) path, "
                + "or move the file away and run 'catalog --db \(path) init' to create a new catalog"
        case .damaged(let path, _):
            return "\(problem), or try to salvage it with 'sqlite3 \(path) .recover'"
        case .newerSchema(let path, let unknown, let latest):
            let versions = unknown.map(String.init).joined(separator: ", ")
            return "\(path): the database was created by a newer version of catalog (it has migration \(versions); "
                + "this program knows up to \(latest)); upgrade catalog"
        case .cannotOpen(let path, let reason), .readOnly(let path, let reason):
            let hint: String
            switch reason {
            case .isDirectory, .notARegularFile: hint = "; \(option) takes the path of a database file"
            default: hint = ""
            }
            return "cannot open \(path): \(reason)\(hint)"
        case .changedMigration, .migrationFailed, .diskFull, .ioError, .busy, .userStateConflict:
            return problem.description
        }
    }

    /// 65 when the file holds unusable data, 1 when it cannot be reached or written.
    var exitStatus: Int32 {
        switch problem {
        case .empty, .notADatabase, .damaged, .newerSchema, .changedMigration, .userStateConflict:
            ExitStatus.dataError
        case .missing, .migrationFailed, .cannotOpen, .readOnly, .diskFull, .ioError, .busy:
            ExitStatus.failure
        }
    }
}
