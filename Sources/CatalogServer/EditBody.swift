import Catalog
import Foundation
import HTTPServer
import JSONKit

/// The body of a `POST /v1/{kind}s` (a new entry) or a `PATCH /v1/{kind}s/{uuid}` (a change): one JSON object in
/// the JSON import's vocabulary. Each field by its key (`title`, `year`, `sortName`, `parent` …) as text or a whole
/// number, `null` clearing it; a field not named stays as it is. A list (`authors`, `genres`) is given whole, in
/// order: each entry a name or a uuid (made when it names no author or genre yet), a credit also
/// `{"author": NAME-OR-UUID, "role": "editor"}`; in a `PATCH` it replaces the entry's list.
///
/// Every member of the wrong type is named in one 422 `invalid-edit`; the library checks the rest (which fields the
/// kind has, the values themselves) as an import checks them.
struct EditBody {
    /// One entry of a list: an author or genre by name or uuid, and a credit's role.
    struct ListEntry {
        let target: String
        let role: ContributorRole?
    }

    /// The fields given, by key: the new text, or `nil` to clear.
    let fields: [String: String?]
    /// The lists given, by key, whole.
    let lists: [(key: String, entries: [ListEntry])]

    /// The body of `request`, an edit of an entry of `kind`.
    ///
    /// - Throws: 400 `bad-body` when it is not a JSON object; 422 `invalid-edit` naming each member of the wrong type.
    init(_ request: HTTPRequest, kind: EntityKind) throws(APIProblem) {
        let body = try JSONBody(request)
        let listKeys = Set(kind.table.links.map(\.key))
        var fields: [String: String?] = [:]
        var lists: [(String, [ListEntry])] = []
        var errors: [(field: String, message: String)] = []
        for (name, node) in body.members {
            if listKeys.contains(name) {
                guard let entries = Self.entries(node, list: name) else {
                    errors.append((name, Self.listShape(name)))
                    continue
                }
                lists.append((name, entries))
            } else if let value = Self.fieldValue(node) {
                fields[name] = value
            } else {
                errors.append((name, "\"\(name)\" must be text, a whole number or null; got \(node.kindName)"))
            }
        }
        guard errors.isEmpty else { throw .invalidEdit(errors) }
        self.fields = fields
        self.lists = lists
    }

    /// Whether the body changes nothing.
    var isEmpty: Bool { fields.isEmpty && lists.isEmpty }

    /// The edit that makes a new entry: its fields, and each list's entries added in order.
    var creation: EntityEdit {
        EntityEdit(
            fields: fields,
            links: lists.flatMap { list in
                list.entries.map { LinkChange(list: list.key, target: $0.target, action: .add(role: $0.role)) }
            })
    }

    /// The edit that changes an entry whose lists now hold `current` (by key, the uuids of their entries): its
    /// fields, and each list given replaced by its entries, in order.
    func update(replacing current: [String: [UUID]]) -> EntityEdit {
        var links: [LinkChange] = []
        for list in lists {
            // A credited author may hold several roles: removed once, all its credits go.
            var removed: Set<UUID> = []
            for uuid in current[list.key] ?? [] where removed.insert(uuid).inserted {
                links.append(
                    LinkChange(list: list.key, target: uuid.uuidString.lowercased(), action: .remove(role: nil)))
            }
            links += list.entries.map { LinkChange(list: list.key, target: $0.target, action: .add(role: $0.role)) }
        }
        return EntityEdit(fields: fields, links: links)
    }

    /// A field's new value: the text, a whole number's digits, `.some(nil)` for `null`; `nil` for any other value.
    private static func fieldValue(_ node: JSONNode) -> String?? {
        switch node.value {
        case .null: return .some(nil)
        case .string(let text): return text
        case .number(let text):
            // A number written with a fraction or an exponent counts when its value is whole (`1884.0`).
            guard let whole = Double(text).flatMap(Int.init(exactly:)) else { return nil }
            return String(whole)
        default: return nil
        }
    }

    /// The entries of list `list`, or `nil` when it is not an array of names (and, for credits, of
    /// `{"author", "role"}` objects).
    private static func entries(_ node: JSONNode, list: String) -> [ListEntry]? {
        guard let elements = node.elements else { return nil }
        var entries: [ListEntry] = []
        for element in elements {
            if let target = element.string {
                entries.append(ListEntry(target: target, role: nil))
            } else if list == "authors", let target = element["author"]?.string {
                let role = element["role"]
                guard role == nil || role?.isNull == true || role?.string != nil else { return nil }
                entries.append(ListEntry(target: target, role: role?.string.map(ContributorRole.init(rawValue:))))
            } else {
                return nil
            }
        }
        return entries
    }

    /// What list `list` takes, for a 422.
    private static func listShape(_ list: String) -> String {
        list == "authors"
            ? "\"authors\" must be an array of names or uuids, or {\"author\": NAME, \"role\": ROLE} objects"
            : "\"\(list)\" must be an array of names or uuids"
    }
}
