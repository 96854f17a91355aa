import Foundation
import SQLiteDB

extension CatalogEditor {
    /// Writes the patched fields to the entry `id` (a new entry when `id` is `nil`) through its repository, which
    /// validates them as an import does; returns the entry's row id.
    @discardableResult
    func writeFields(_ kind: EntityKind, id: Int64?, _ patch: FieldPatch) throws -> Int64 {
        let catalog = LibraryCatalog(db)
        switch kind {
        case .book:
            let current = try id.flatMap { try catalog.books.find(id: $0) }
            let draft = try bookDraft(current, patch)
            guard let id else { return try catalog.books.create(draft).id }
            return try catalog.books.update(id: id, with: draft).id
        case .author:
            let current = try id.flatMap { try catalog.authors.find(id: $0) }
            let draft = AuthorDraft(
                name: try patch.required("name", current?.name ?? ""),
                sortName: patch.sortName(
                    "sortName", current: current?.sortName, nameKey: "name", currentName: current?.name,
                    derive: SortName.forPerson),
                disambiguation: patch.text("disambiguation", current?.disambiguation))
            guard let id else { return try catalog.authors.create(draft).id }
            return try catalog.authors.update(id: id, with: draft).id
        case .genre:
            let current = try id.flatMap { try catalog.genres.find(id: $0) }
            var parentID = current?.parentID
            if patch.has("parent") {
                parentID = try patch.text("parent", nil).map { try resolve(.genre, $0, creating: false) }
            }
            let draft = GenreDraft(name: try patch.required("name", current?.name ?? ""), parentID: parentID)
            guard let id else { return try catalog.genres.create(draft).id }
            return try catalog.genres.update(id: id, with: draft).id
        case .band:
            let current = try id.flatMap { try catalog.bands.find(id: $0) }
            let draft = try bandDraft(current, patch)
            guard let id else { return try catalog.bands.create(draft).id }
            return try catalog.bands.update(id: id, with: draft).id
        }
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
        let catalog = LibraryCatalog(db)
        if let uuid = UUID(uuidString: TextNormalization.clean(target)) {
            guard let summary = try catalog.summary(of: kind, uuid: uuid) else {
                throw CatalogError.notFound(kind, uuid: uuid)
            }
            return summary.id
        }
        let name = try Validation.name(target, field: "\(kind.rawValue) name")
        switch kind {
        case .author:
            let matches = try catalog.authors.find(named: name)
            if matches.count > 1 { throw EditError.ambiguousName(.author, name: name, uuids: matches.map(\.uuid)) }
            if let match = matches.first { return match.id }
            guard creating else { throw EditError.notInList(list: "authors", target: name) }
            return try catalog.authors.create(AuthorDraft(name: name)).id
        case .genre:
            if let match = try catalog.genres.find(named: name) { return match.id }
            guard creating else { throw EditError.notInList(list: "genres", target: name) }
            return try catalog.genres.create(GenreDraft(name: name)).id
        case .book, .band:
            throw EditError.unknownList(kind, list: name)
        }
    }
}
