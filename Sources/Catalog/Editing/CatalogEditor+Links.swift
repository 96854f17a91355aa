import SQLInterface
import SQLiteDB

extension CatalogEditor {
    /// A row of a link table without its position: the reference (as a row id) and, for credits, the role.
    typealias LinkRow = [DatabaseValue]

    /// Applies `changes` to the lists of the entry `id` of `kind`, writing each list that changed once.
    func apply(_ changes: [LinkChange], to kind: EntityKind, id: Int64) throws {
        guard !changes.isEmpty else { return }
        var lists: [String: [LinkRow]] = [:]
        for change in changes {
            let link = try linkTable(change.list, of: kind)
            var rows = try lists[link.name] ?? linkRows(link, of: id)
            let target = try resolve(
                link == CatalogTables.bookAuthors ? .author : .genre, change.target, creating: isAdd(change))
            let matches = { (row: LinkRow, role: ContributorRole?) in
                row[0] == .integer(target) && (role.map { row.count > 1 && row[1] == .text($0.rawValue) } ?? true)
            }
            switch change.action {
            case .add(let role):
                let row: LinkRow =
                    link == CatalogTables.bookAuthors
                    ? [.integer(target), .text((role ?? .author).rawValue)] : [.integer(target)]
                if !rows.contains(row) { rows.append(row) }
            case .remove(let role):
                let kept = rows.filter { !matches($0, role) }
                guard kept.count < rows.count else {
                    throw EditError.notInList(list: change.list, target: change.target)
                }
                rows = kept
            case .move(let position):
                guard let index = rows.firstIndex(where: { matches($0, ContributorRole?.none) }) else {
                    throw EditError.notInList(list: change.list, target: change.target)
                }
                let row = rows.remove(at: index)
                rows.insert(row, at: min(max(position, 0), rows.count))
            }
            lists[link.name] = rows
        }
        for link in kind.table.links {
            guard let rows = lists[link.name] else { continue }
            try write(rows, to: link, of: id)
        }
    }

    private func isAdd(_ change: LinkChange) -> Bool {
        if case .add = change.action { return true }
        return false
    }

    /// The link table of list `list` of `kind`.
    ///
    /// - Throws: ``EditError/unknownList(_:list:)``.
    func linkTable(_ list: String, of kind: EntityKind) throws -> LinkTable {
        guard let link = kind.table.links.first(where: { $0.key == list }) else {
            throw EditError.unknownList(kind, list: list)
        }
        return link
    }

    /// The rows of `link` owned by `ownerID`, in order, without their positions.
    func linkRows(_ link: LinkTable, of ownerID: Int64) throws -> [LinkRow] {
        let columns = link.columns.dropLast().map(\.name)
        return try fetch(
            "SELECT \(columns.joined(separator: ", ")) FROM \(link.name) WHERE \(link.owner.name) = ? ORDER BY position",
            [.integer(ownerID)]
        ) { row in columns.indices.map { row.value(at: $0) } }
    }

    /// Replaces the rows of `link` owned by `ownerID` by `rows`, positions in order, when they differ; a row given
    /// twice is kept once, where it first appears.
    func write(_ rows: [LinkRow], to link: LinkTable, of ownerID: Int64) throws {
        var seen: Set<LinkRow> = []
        let distinct = rows.filter { seen.insert($0).inserted }
        guard try linkRows(link, of: ownerID) != distinct else { return }
        try execute(link.deleteOfOwner, [.integer(ownerID)])
        guard !distinct.isEmpty else { return }
        let rows = distinct.enumerated().map { position, row in row + [.integer(Int64(position))] }
        try execute(link.insertFromOwner(rows: rows.count), rows.flatMap { $0 } + [.integer(ownerID)])
    }
}

extension LinkTable: Equatable {
    package static func == (lhs: LinkTable, rhs: LinkTable) -> Bool { lhs.name == rhs.name }
}
