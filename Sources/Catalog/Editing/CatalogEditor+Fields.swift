import Foundation
import SQLInterface
import SQLiteDB

extension CatalogEditor {
    /// Writes the patched fields to the entry `id` (a new entry when `id` is `nil`, with the uuid `uuid`, else a new
    /// one), checked as an import checks them (the repositories' rules); returns the entry's row id.
    @discardableResult
    func writeFields(_ kind: EntityKind, id: Int64?, _ patch: FieldPatch, uuid: UUID? = nil) throws -> Int64 {
        switch kind {
        case .book:
            let draft = try bookDraft(try id.flatMap { try find(Book.self, id: $0) }, patch)
            return try save(kind, id: id, try BookValues(draft).arguments, uuid: uuid)
        case .author:
            let current = try id.flatMap { try find(Author.self, id: $0) }
            let draft = AuthorDraft(
                name: try patch.required("name", current?.name ?? ""),
                sortName: patch.sortName(
                    "sortName", current: current?.sortName, nameKey: "name", currentName: current?.name,
                    derive: SortName.forPerson),
                disambiguation: patch.text("disambiguation", current?.disambiguation))
            return try save(kind, id: id, try AuthorValues(draft).arguments, uuid: uuid)
        case .genre:
            let current = try id.flatMap { try find(Genre.self, id: $0) }
            var parentID = current?.parentID
            if patch.has("parent") {
                parentID = try patch.text("parent", nil).map { try resolve(.genre, $0, creating: false) }
            }
            let draft = GenreDraft(name: try patch.required("name", current?.name ?? ""), parentID: parentID)
            return try save(kind, id: id, try genreValues(draft, of: id), uuid: uuid)
        case .band:
            let draft = try bandDraft(try id.flatMap { try find(Band.self, id: $0) }, patch)
            return try save(kind, id: id, try BandValues(draft).arguments, uuid: uuid)
        }
    }

    /// The entity of row id `id`, or `nil`.
    private func find<Entity: SelectableRecord & CatalogEntity>(_ type: Entity.Type, id: Int64) throws -> Entity? {
        try fetchOne(Entity.kind.table.selectByID, [.integer(id)]) { try Entity(columns: $0) }
    }

    /// Inserts a row of `kind` from a draft's checked values (`uuid`, or a new one, first), or sets them and
    /// `updated_at` on row `id`; returns the row id.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no row `id`; the driver's error when a unique
    ///   value is taken.
    private func save(
        _ kind: EntityKind, id: Int64?, _ arguments: StatementArguments, uuid: UUID? = nil
    ) throws -> Int64 {
        let table = kind.table
        let values = arguments.map { $0?.databaseValue ?? .null }
        guard let id else {
            return try connection.insertReturningID(
                "\(table.insertReturningNothing) RETURNING id", with: [.text((uuid ?? UUID()).lowercased)] + values)
        }
        let assignments = table.draftColumns.map { "\($0.name) = ?" } + ["updated_at = \(now)"]
        let updated = try fetchOne(
            "UPDATE \(table.name) SET \(assignments.joined(separator: ", ")) WHERE id = ? RETURNING id",
            values + [.integer(id)]
        ) { try $0.requiredInt64(at: 0) }
        guard let updated else { throw CatalogError.missingRow(kind, id: id) }
        return updated
    }

    /// A genre draft's checked values, as ``GenreRepository`` checks them: a name no other genre has (folded), a
    /// parent that exists and is not the genre or one of its descendants.
    private func genreValues(_ draft: GenreDraft, of id: Int64?) throws -> StatementArguments {
        let name = try Validation.name(draft.name, field: "genre name")
        if let existing = try genre(named: name), existing.id != id {
            throw CatalogError.duplicateGenre(name: name, existing: existing.name)
        }
        if let parentID = draft.parentID {
            guard try find(Genre.self, id: parentID) != nil else { throw CatalogError.missingRow(.genre, id: parentID) }
            if let id, try ancestors(ofGenre: parentID, including: true).contains(id) {
                throw CatalogError.invalidValue(
                    field: "parent genre", value: "\(parentID)", reason: "a genre cannot be its own ancestor")
            }
        }
        return [name, FoldKey.of(name), draft.parentID]
    }

    /// The row ids of genre `id`'s ancestors, and of the genre itself when `including` is set.
    func ancestors(ofGenre id: Int64, including: Bool) throws -> [Int64] {
        try fetch(
            """
            WITH RECURSIVE chain(id) AS (
                SELECT \(including ? "id" : "parent_id") FROM genres WHERE id = ?
                UNION SELECT g.parent_id FROM genres g JOIN chain ON g.id = chain.id WHERE g.parent_id IS NOT NULL
            ) SELECT id FROM chain WHERE id IS NOT NULL
            """, [.integer(id)]
        ) { try $0.requiredInt64(at: 0) }
    }

    /// The genre whose name folds as `name` does, or `nil`.
    private func genre(named name: String) throws -> Genre? {
        try fetchOne(
            "SELECT \(CatalogTables.genres.selection) FROM genres g WHERE g.name_key = ?", [.text(FoldKey.of(name))]
        ) { try Genre(columns: $0) }
    }

    private func bookDraft(_ current: Book?, _ patch: FieldPatch) throws -> BookDraft {
        var isbn13 = current?.isbn13
        if patch.has("isbn13") {
            isbn13 = try patch.text("isbn13", nil).flatMap(TextNormalization.cleanOrNil).map { text in
                switch ISBN.normalize(text) {
                case .success(let isbn): return isbn
                case .failure(let invalid):
                    throw CatalogError.invalidValue(field: "isbn13", value: text, reason: invalid.reason)
                }
            }
        }
        return BookDraft(
            title: try patch.required("title", current?.title ?? ""),
            sortTitle: patch.sortName(
                "sortTitle", current: current?.sortTitle, nameKey: "title", currentName: current?.title,
                derive: SortName.forTitle),
            isbn13: isbn13, year: try patch.integer("year", current?.year),
            pages: try patch.integer("pages", current?.pages), language: patch.text("language", current?.language),
            summary: patch.text("summary", current?.summary))
    }

    private func bandDraft(_ current: Band?, _ patch: FieldPatch) throws -> BandDraft {
        var status = current?.status
        if patch.has("status") {
            status = try patch.text("status", nil).flatMap(TextNormalization.cleanOrNil).map { text in
                guard let status = Band.Status(rawValue: text.lowercased()) else {
                    throw CatalogError.invalidValue(
                        field: "status", value: text, reason: "a band's status is active, hiatus or disbanded")
                }
                return status
            }
        }
        return BandDraft(
            name: try patch.required("name", current?.name ?? ""),
            sortName: patch.sortName(
                "sortName", current: current?.sortName, nameKey: "name", currentName: current?.name,
                derive: SortName.forTitle),
            country: patch.text("country", current?.country),
            formedYear: try patch.integer("formedYear", current?.formedYear),
            endedYear: try patch.integer("endedYear", current?.endedYear), status: status,
            disambiguation: patch.text("disambiguation", current?.disambiguation))
    }

    /// The row id of the author or genre `target` names: its uuid, else its name (folded as imports fold it). An
    /// author or genre of that name is created when there is none and `creating` is set.
    ///
    /// - Throws: ``EditError/ambiguousName(_:name:uuids:)`` when several authors share the name;
    ///   ``CatalogError/notFound(_:uuid:)`` for a uuid or a name that names nothing (and `creating` is not set).
    func resolve(_ kind: EntityKind, _ target: String, creating: Bool) throws -> Int64 {
        if let uuid = UUID(uuidString: TextNormalization.clean(target)) {
            guard let id = try rowID(kind, uuid: uuid.lowercased) else { throw CatalogError.notFound(kind, uuid: uuid) }
            return id
        }
        let name = try Validation.name(target, field: "\(kind.rawValue) name")
        switch kind {
        case .author:
            let matches = try fetch(
                "SELECT \(CatalogTables.authors.selection) FROM authors a WHERE a.name_key = ? ORDER BY a.id",
                [.text(FoldKey.of(name))]
            ) { try Author(columns: $0) }
            if matches.count > 1 { throw EditError.ambiguousName(.author, name: name, uuids: matches.map(\.uuid)) }
            if let match = matches.first { return match.id }
            guard creating else { throw EditError.notInList(list: "authors", target: name) }
            return try save(.author, id: nil, try AuthorValues(AuthorDraft(name: name)).arguments)
        case .genre:
            if let match = try genre(named: name) { return match.id }
            guard creating else { throw EditError.notInList(list: "genres", target: name) }
            return try save(.genre, id: nil, try genreValues(GenreDraft(name: name), of: nil))
        case .book, .band:
            throw EditError.unknownList(kind, list: name)
        }
    }
}
