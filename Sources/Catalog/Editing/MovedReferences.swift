/// The list rows naming an entry that a merge pointed at the survivor in place (the reference changed, the position
/// and role kept), recorded as the uuids of the lists' owners rather than as their states: a merge of an author
/// credited on 10,000 books records 10,000 uuids, not 10,000 books before and after, and its undo points those rows
/// back in one statement per few hundred owners. Owners whose list named the survivor too are not here: their lists
/// were rewritten (a credit both had kept once), so the edit records their states in full.
struct MovedReferences: Codable, Equatable {
    /// The uuid of the entry the rows name after the merge (the survivor, of the kind of the entry whose state holds
    /// this record).
    var into: String
    /// Per link table (`book_authors`), the uuids of the owners whose rows naming `from` now name `into`.
    var owners: [String: [String]]

    /// Whether no row moved.
    var isEmpty: Bool { owners.values.allSatisfy(\.isEmpty) }

    /// The keys (`book:<uuid>`) of the owners, which the edit's change-log seqs still list.
    var ownerKeys: [(kind: EntityKind, uuid: String)] {
        owners.sorted { $0.key < $1.key }.flatMap { name, uuids -> [(kind: EntityKind, uuid: String)] in
            guard let link = CatalogTables.links.first(where: { $0.name == name }), let kind = link.ownerKind else {
                return []
            }
            return uuids.map { (kind, $0) }
        }
    }
}

extension LinkTable {
    /// The kind of the entities that own the table's rows.
    var ownerKind: EntityKind? {
        CatalogTables.entities.first { $0.name == owner.references }?.kind
    }
}
