import Catalog
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer
import SQLiteDB

extension APIProblem {
    /// A refusal of an edit as a problem, `nil` for an error that is none: a value or field refused as 422
    /// `invalid-edit` with `errors: [{"field", "message"}]`; a stale revision as 412 `stale-revision` with the
    /// current `revision`; an entry merged away as 409 `merged` with the survivor (`into`, `location`); what the
    /// catalog refuses as it stands as 409 `edit-refused`; an undo with nothing to undo, or of an edit whose entries
    /// changed since, as 409 `nothing-to-undo` or `changed-since`, saying what to do; a database that cannot edit as 501 `unsupported`.
    init?(editing error: any Error) {
        switch error {
        case CatalogError.invalidValue(let field, _, _):
            self = .invalidEdit([(field, "\(error)")])
        case CatalogError.duplicateGenre:
            self = .invalidEdit([("name", "\(error)")])
        case let error as EditError:
            self.init(error)
        case let error as DatabaseError where error.isConstraint:
            // A unique value another entry has (an ISBN): SQLite names the column, `books.isbn13`.
            let column = error.message.components(separatedBy: ".").last ?? "value"
            self = .invalidEdit([(Self.fieldKey(column), "another entry has this \(column); \(error.message)")])
        case StoreError.unsupported:
            self.init(status: .notImplemented, code: .unsupported, detail: "\(error)")
        default:
            return nil
        }
    }

    private init(_ error: EditError) {
        switch error {
        case .unknownField(_, let field, _), .requiredField(_, let field):
            self = .invalidEdit([(field, "\(error)")])
        case .notInList(let list, _), .unknownList(_, let list):
            self = .invalidEdit([(list, "\(error)")])
        case .ambiguousName(let kind, _, _):
            self = .invalidEdit([(kind == .genre ? "genres" : "authors", "\(error)")])
        case .differentKinds, .mergeIntoItself:
            self = .invalidEdit([("into", "\(error)")])
        case .staleRevision(_, _, _, let current):
            self.init(
                status: .preconditionFailed, code: .staleRevision, detail: "\(error)",
                members: ["revision": .int(Int(current))])
        case .merged(let kind, _, let survivor):
            self.init(
                status: .conflict, code: .merged, detail: "\(error)",
                members: [
                    "into": .string(survivor.uuidString.lowercased()),
                    "location": .string(CatalogAPI.path(of: kind, uuid: survivor)),
                ])
        case .authorHasBooks:
            self.init(status: .conflict, code: .editRefused, detail: "\(error)")
        case .nothingToUndo(let kind, let uuid):
            self.init(
                status: .conflict, code: .nothingToUndo,
                detail: "\(error): every edit, delete and merge of it is undone already, or it has none; "
                    + "GET \(CatalogAPI.path(of: kind, uuid: uuid))/history shows what was recorded")
        case .changedSince(let kind, let uuid, _):
            self.init(
                status: .conflict, code: .changedSince,
                detail: "\(error); GET \(CatalogAPI.path(of: kind, uuid: uuid))/history shows what changed it: "
                    + "undo that first, or edit the entry back by hand")
        case .unknownConflict:
            self.init(status: .notFound, code: .notFound, detail: "\(error)")
        case .conflictResolved:
            self.init(status: .conflict, code: .editRefused, detail: "\(error)")
        }
    }

    /// 422 `invalid-edit` naming each field refused, with why.
    static func invalidEdit(_ errors: [(field: String, message: String)]) -> APIProblem {
        let fields = errors.map(\.field).joined(separator: ", ")
        return APIProblem(
            status: .unprocessableContent, code: .invalidEdit,
            detail: errors.count == 1
                ? errors[0].message : "\(errors.count) fields were refused (\(fields)); 'errors' says why",
            members: [
                "errors": .array(
                    errors.map { ["field": .string($0.field), "message": .string($0.message)] as JSONValue })
            ])
    }

    /// The key an edit names a column's field by: `sort_title` is `sortTitle`.
    private static func fieldKey(_ column: String) -> String {
        let words = column.split(separator: "_")
        return (words.first.map(String.init) ?? column) + words.dropFirst().map { $0.capitalized }.joined()
    }

    /// A problem whose body holds `members` beside the standard ones.
    private init(status: HTTPStatus, code: ProblemCode, detail: String, members: [String: JSONValue]) {
        self.init(status: status, code: code, detail: detail)
        self.members = members
    }
}
