import Catalog
import SQLiteDB

extension ImportWriter {
    /// Stages `book` when it is new and plain enough to be written set-based (``StagedBooks``); `false` when the
    /// writer must write it itself.
    ///
    /// New: its source key is in neither the catalog nor the stage, and no book has its ISBN (a book without an ISBN
    /// needs a source key: a keyless one is matched by title and first author, which only the catalog's rows
    /// answer). Plain: it names no uuid of its own, no keyed author and no genre parent, whose writes can refuse or
    /// update rows. It gets what the row path would give it: the next ids, its authors and genres found by folded
    /// name (in this writer's memory, the stage, then the catalog) or created in order of first mention.
    func stage(
        _ book: BookRecord, _ prepared: PreparedBook, values: BookValues, key: String, in staging: StagedBooks
    ) throws -> Bool {
        guard staging.takesRow(), book.uuid == nil, book.key != nil || values.isbn13 != nil,
            book.contributors.allSatisfy({ $0.author.key == nil && $0.author.uuid == nil }),
            book.genres.allSatisfy({ $0.parentName == nil && $0.uuid == nil }),
            !staging.holds(source: source, key: key), !(values.isbn13.map(staging.holds(isbn13:)) ?? false),
            try sources.entry(source: source, key: key) == nil
        else { return false }
        if let isbn = values.isbn13, try lookup("SELECT id FROM books WHERE isbn13 = ?", isbn) != nil { return false }
        var next = try staging.nextIDs()
        let bookID = next.book
        let bookUUID = uuids.next()
        var newAuthors: [StagedBooks.NewEntity] = []
        var credits: [(author: Int64, role: ContributorRole)] = []
        for (contributor, nameKey) in zip(book.contributors, prepared.authorKeys) {
            let authorID = try resolve(
                nameKey, known: knownAuthor(nameKey: nameKey, staging), new: &newAuthors, next: &next.author
            ) { try AuthorValues(contributor.author.draft).arguments }
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
        for author in newAuthors { authorsByName[author.nameKey] = author.id }
        for genre in newGenres { genresByName[genre.nameKey] = genre.id }
        return true
    }

    /// The id of the author or genre of folded name `nameKey`: `known`, else one this book already adds (in `new`),
    /// else the id `next` for a new one with the columns `arguments` gives, added to `new`.
    private func resolve(
        _ nameKey: String, known: Int64?, new: inout [StagedBooks.NewEntity], next: inout Int64,
        arguments: () throws -> StatementArguments
    ) throws -> Int64 {
        if let id = known ?? new.first(where: { $0.nameKey == nameKey })?.id { return id }
        let columns = try arguments()
        let id = next
        next += 1
        new.append(StagedBooks.NewEntity(id: id, uuid: uuids.next(), nameKey: nameKey, arguments: columns))
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
