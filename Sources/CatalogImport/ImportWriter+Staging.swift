import Catalog
import SQLiteDB

extension ImportWriter {
    /// Stages `book` when it is new and plain enough to be written set-based (``StagedBooks``); `false` when the
    /// writer must write it itself.
    ///
    /// New: its source key is in neither the catalog nor the stage, and no book has its ISBN (a book without an ISBN
    /// needs a source key: a keyless one is matched by title and first author, which only the catalog's rows
    /// answer). Plain: it names no uuid of its own, no keyed author but a placeholder (an Open Library work's
    /// `/authors/OL…A`, which never updates its author) and no genre parent, whose writes can refuse or update rows.
    /// It gets what the row path would give it: the next ids, its keyed authors found by source key and its other
    /// authors and genres by folded name (in this writer's memory, the stage, then the catalog), or created in order
    /// of first mention.
    func stage(
        _ book: BookRecord, _ prepared: PreparedBook, values: BookValues, key: String, in staging: StagedBooks
    ) throws -> Bool {
        guard staging.takesRow(), book.uuid == nil, book.key != nil || values.isbn13 != nil,
            book.contributors.allSatisfy({
                $0.author.uuid == nil && ($0.author.key == nil || $0.author.isPlaceholderName)
            }),
            book.genres.allSatisfy({ $0.parentName == nil && $0.uuid == nil }),
            !staging.holds(source: source, key: key), !(values.isbn13.map(staging.holds(isbn13:)) ?? false),
            try sources.entry(source: source, key: key) == nil,
            let keyedAuthors = try knownKeyedAuthors(book, prepared, staging)
        else { return false }
        if let isbn = values.isbn13, try lookup("SELECT id FROM books WHERE isbn13 = ?", isbn) != nil { return false }
        var next = try staging.nextIDs()
        let bookID = next.book
        let bookUUID = uuids.next()
        var newAuthors: [StagedBooks.NewEntity] = []
        var credits: [(author: Int64, role: ContributorRole)] = []
        for (contributor, nameKey) in zip(book.contributors, prepared.authorKeys) {
            let arguments = { try AuthorValues(contributor.author.draft).arguments }
            let authorID =
                if let authorKey = contributor.author.key {
                    try resolve(
                        nameKey, keyed: (authorKey, contributor.author.fingerprint), known: keyedAuthors[authorKey],
                        new: &newAuthors, next: &next.author, arguments: arguments)
                } else {
                    try resolve(
                        nameKey, known: knownAuthor(nameKey: nameKey, staging), new: &newAuthors, next: &next.author,
                        arguments: arguments)
                }
            if !credits.contains(where: { $0 == (authorID, contributor.role) }) {
                credits.append((authorID, contributor.role))
            }
        }
        var newGenres: [StagedBooks.NewEntity] = []
        var genreIDs: [Int64] = []
        for (genre, nameKey) in zip(book.genres, prepared.genreKeys) {
            let genreID = try resolve(
                nameKey, known: knownGenre(nameKey: nameKey, staging), new: &newGenres, next: &next.genre
            ) {
                let name = try Validation.name(genre.name, field: "genre name")
                return [name, FoldKey.of(name), nil]
            }
            if !genreIDs.contains(genreID) { genreIDs.append(genreID) }
        }
        try staging.add(
            StagedBooks.Book(
                id: bookID, uuid: bookUUID, arguments: values.arguments, isbn13: values.isbn13, newAuthors: newAuthors,
                newGenres: newGenres, credits: credits, genreIDs: genreIDs, yearKey: book.draft.year ?? 10000,
                sortKey: values.sortKey, source: source, key: key, fingerprint: prepared.fingerprint, importedAt: stamp,
                editsSeen: handEdits.newestID))
        for author in newAuthors {
            if let keyed = author.keyed {
                placeholderAuthors[keyed.key] = author.id
            } else {
                authorsByName[author.nameKey] = author.id
            }
        }
        for genre in newGenres { genresByName[genre.nameKey] = genre.id }
        return true
    }

    /// The ids of the keyed authors `book` names that the writer remembers, the stage holds or the catalog has; `nil`
    /// when the row path must write the book: a key that names a book or band, or a credit by name alone whose folded
    /// name is a staged keyed author's (the catalog would answer it with that author once the stage is written).
    private func knownKeyedAuthors(
        _ book: BookRecord, _ prepared: PreparedBook, _ staging: StagedBooks
    ) throws -> [String: Int64]? {
        var known: [String: Int64] = [:]
        for (contributor, nameKey) in zip(book.contributors, prepared.authorKeys) {
            guard let authorKey = contributor.author.key else {
                if staging.namesKeyedAuthor(nameKey: nameKey) { return nil }
                continue
            }
            if let id = knownAuthor(key: authorKey) ?? staging.author(source: source, key: authorKey) {
                known[authorKey] = id
            } else if staging.holds(source: source, key: authorKey) {
                return nil
            } else if let entry = try sources.entry(source: source, key: authorKey) {
                guard entry.kind == EntityKind.author.rawValue else { return nil }
                placeholderAuthors[authorKey] = entry.entityID
                known[authorKey] = entry.entityID
            }
        }
        return known
    }

    /// The id of the author or genre of folded name `nameKey`, or of the author of source key `keyed.key`:
    /// `known`, else one this book already adds (in `new`: by folded name, or by key for a keyed one, as the row
    /// path matches them), else the id `next` for a new one with the columns `arguments` gives, added to `new`.
    private func resolve(
        _ nameKey: String, keyed: (key: String, fingerprint: String)? = nil, known: Int64?,
        new: inout [StagedBooks.NewEntity], next: inout Int64, arguments: () throws -> StatementArguments
    ) throws -> Int64 {
        let added = new.first { entity in keyed.map { entity.keyed?.key == $0.key } ?? (entity.nameKey == nameKey) }
        if let id = known ?? added?.id { return id }
        let columns = try arguments()
        let id = next
        next += 1
        new.append(
            StagedBooks.NewEntity(id: id, uuid: uuids.next(), nameKey: nameKey, arguments: columns, keyed: keyed))
        return id
    }

    /// The author of folded name `nameKey` the writer remembers, the stage holds or the catalog has.
    private func knownAuthor(nameKey: String, _ staging: StagedBooks) throws -> Int64? {
        if let id = authorsByName[nameKey] ?? staging.author(nameKey: nameKey) { return id }
        guard let id = try existingAuthor(nameKey: nameKey) else { return nil }
        authorsByName[nameKey] = id
        return id
    }

    /// The genre of folded name `nameKey` the writer remembers, the stage holds or the catalog has.
    private func knownGenre(nameKey: String, _ staging: StagedBooks) throws -> Int64? {
        if let id = genresByName[nameKey] ?? staging.genre(nameKey: nameKey) { return id }
        guard let id = try existingGenre(nameKey: nameKey)?.id else { return nil }
        genresByName[nameKey] = id
        return id
    }
}
