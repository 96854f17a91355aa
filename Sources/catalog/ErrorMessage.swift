import Catalog
import CatalogImport
import CatalogRemote
import CatalogSync
import Foundation
import LibraryNavigation
import Navigation

/// Where an error becomes the sentence the terminal shows: the library's own description, or, where the person at
/// the terminal can do something about it, a sentence that names the command or flag to use. Libraries never name
/// the command line; this is where it is named, except for problems with a catalog file, which ``DatabaseProblem``
/// words because it knows which option named the file.
enum ErrorMessage {
    /// What to print for `error` (without the `error: ` prefix).
    static func text(for error: any Error) -> String {
        switch error {
        case let error as ImportError: text(for: error)
        case let error as SyncError: text(for: error)
        case let error as RemoteError: text(for: error)
        case NavigationError.notFound(let path): missingEntity(path) ?? "\(error)"
        default: "\(error)"
        }
    }

    private static func text(for error: ImportError) -> String {
        switch error {
        case .file(let error):
            return text(for: error)
        case .catalogFile(.unsupportedFormat):
            return "\(error) (upgrade catalog for newer versions)"
        case .unknownFormat(let path):
            return
                "\(path): cannot tell the format from the file name; pass --format json, csv, tsv, openlibrary, marc, "
                + "marcxml or calibre."
        case .emptySourceName:
            return "--source: a source name must not be empty."
        case .errorsFileIsTheInput(let path):
            return "--errors \(path): this is the file being imported; name another file for its rejected rows."
        case .stoppedAtRejection(let rejection):
            return "\(rejection)\n--strict: stopped at the first rejected row; nothing of the file was imported."
        case .catalogFile, .cannotWriteErrorsFile:
            return "\(error)"
        }
    }

    private static func text(for error: ReaderError) -> String {
        switch error {
        case .invalidUTF8:
            return "\(error) If the file uses another encoding, pass it with --encoding latin1 or --encoding cp1252."
        case .missingRequiredColumn(_, let field, _):
            return "\(error) Name a column '\(field)' or pass --map \(field)=COLUMN."
        case .unknownColumn(let path, let field, let column, let columns):
            return "\(path): --map \(field)=\(column): the file has no column '\(column)'. Columns in the file: "
                + ReaderError.list(columns) + "."
        case .notMultiValued(let field, _):
            return "--split \(field): \(error)"
        case .encodingDoesNotApply:
            return "--encoding: \(error)"
        case .malformedPair(let kind, let argument):
            return "\(kind == .columnMapping ? "--map" : "--split") \(argument): expected FIELD=VALUE."
        case .file, .unterminatedQuote, .missingHeader, .oversizedHeaderCell, .tooManyHeaderCells, .unknownField,
            .unknownProfile, .catalogJSON, .malformedXML, .calibreLibrary:
            return "\(error)"
        }
    }

    private static func text(for error: SyncError) -> String {
        switch error {
        case .behindPrunedHorizon(let since, let prunedBefore):
            return "changes after \(since) are no longer in the log (pruned before \(prunedBefore)); "
                + "take a fresh snapshot with 'catalog snapshot', or start this copy again from one, keeping its "
                + "own writes, with 'catalog sync --resnapshot'"
        case .notASnapshot(let path):
            return "\(path) has no sync state: it was not made by 'catalog snapshot', so its rows cannot be "
                + "matched with the server's; start the client from 'catalog --db SERVER snapshot \(path)'"
        case .gap(let clientAt, let since):
            return "the changes start after \(since) but the client is at \(clientAt); export them with "
                + "'catalog changes --since \(clientAt)'"
        case .changesCutShort:
            return "\(error); export it again with 'catalog changes'"
        case .wrongServer, .localChanges, .notUploaded, .conflict, .invalidPrunePoint, .malformedChanges:
            return "\(error)"
        }
    }

    private static func text(for error: RemoteError) -> String {
        let description = error.localizedDescription
        switch error {
        case .problem(let url, _, let code, _) where code == "other-database" || code == "behind-horizon":
            let server = url.components(separatedBy: "/v1/").first ?? url
            let inPlace =
                code == "behind-horizon"
                ? ", or in place, keeping its own writes, with 'catalog sync --resnapshot'" : ""
            return
                "\(description); start the client again from 'catalog snapshot --from \(server) NEW.sqlite'\(inPlace)"
        case .problem(_, 401, _, _), .problem(_, 403, _, _):
            return "\(description); give a token with --token or CATALOG_TOKEN"
        default:
            return description
        }
    }

    /// "no band with uuid …; find one with 'catalog list bands'" for a route naming a catalog entity.
    private static func missingEntity(_ path: String) -> String? {
        guard let entity = LibraryRoute(path: path)?.entity else { return nil }
        let kind = entity.kind.rawValue
        return "no \(kind) with uuid \(entity.uuid.uuidString.lowercased()); find one with 'catalog list \(kind)s'"
    }
}
