import Catalog
import CatalogImport
import CatalogSync
import CommandLineKit
import PostgreSQLCatalog

/// Exit statuses, after sysexits.h: 64 for a bad command line, 65 for bad data, 1 for other failures; 2 when an
/// import rejected some rows.
enum ExitStatus {
    static let failure: Int32 = 1
    /// An import finished but rejected some rows (the summary says how many).
    static let rowsRejected: Int32 = 2
    static let usage: Int32 = 64
    static let dataError: Int32 = 65

    static func `for`(_ error: any Error) -> Int32 {
        switch error {
        // A snapshot's OUT names a file that exists: the argument is wrong, as a bad option value is.
        case is UsageError, is SnapshotError:
            return usage
        case let problem as DatabaseProblem:
            return problem.exitStatus
        case let error as ImportError:
            switch error.category {
            case .unusableFile: return dataError
            case .invalidOption: return usage
            case .stopped: return rowsRejected
            case .unreadable: return failure
            }
        case let error as JSONCatalogError:
            if case .unreadable = error { return failure }
            return dataError
        case is SyncError, is PostgreSQLCatalogSchemaError:
            return dataError
        // A field or list the kind does not have is a wrong command line; every other refusal is the edit's.
        case EditError.unknownField, EditError.unknownList:
            return usage
        default:
            return failure
        }
    }
}
