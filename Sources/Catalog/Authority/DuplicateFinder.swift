/// Finds entries of one kind that are probably one entry entered twice, for a person to decide on: it never merges.
///
/// Two entries are candidates when their names (or titles) are the same words once folded (case, accents, width),
/// with punctuation and spacing ignored and the words in any order: "Twain, Mark" and "Mark Twain", "J.R.R. Tolkien"
/// and "J. R. R. Tolkien". Entries told apart on purpose are left out: two authors or bands that both carry a note
/// (disambiguation), two bands of different countries or founding years or with no genre in common, two books that
/// share no author (authors compared as their names are). Two books
/// never share an ISBN: the catalog refuses the second.
///
/// It reads every entry of the kind once, by pages, through any ``CatalogReader`` (SQLite or PostgreSQL), and holds
/// one short key per entry.
///
/// ```swift
/// for group in try DuplicateFinder(catalog).groups(of: .author) {
///     print(group.reason.explanation, group.members.map(\.name))
/// }
/// ```
package struct DuplicateFinder {
    private let catalog: any CatalogReader
    private static let pageSize = 1000

    /// A finder reading `catalog`.
    package init(_ catalog: any CatalogReader) {
        self.catalog = catalog
    }

    /// The groups of probable duplicates among entries of `kind`, largest first, then by the first member's name.
    ///
    /// - Throws: What the catalog's reads throw.
    package func groups(of kind: EntityKind) throws -> [DuplicateGroup] {
        try catalog.reading {
            let groups =
                switch kind {
                case .author: try authorGroups()
                case .band: try bandGroups()
                case .book: try bookGroups()
                case .genre: [DuplicateGroup]()  // a genre's folded name is unique: the catalog refuses a second
                }
            return groups.sorted { ($1.members.count, $0.members[0].name) < ($0.members.count, $1.members[0].name) }
        }
    }

    // MARK: Kinds

    private func authorGroups() throws -> [DuplicateGroup] {
        let authors = try all { try catalog.page(BrowsingList<Author>.authors, after: $0, limit: Self.pageSize) }
        let key = { (author: Author) in DuplicateKey(name: author.name) }
        return try Self.group(authors, key: key) { members in
            guard Self.someUntold(members.map(\.disambiguation)) else { return nil }
            return try members.map { author in
                DuplicateMember(
                    kind: .author, uuid: author.uuid, name: author.name, note: author.disambiguation,
                    books: try catalog.count(BrowsingList<Book>.books(byAuthor: author.id)))
            }
        }
    }

    private func bandGroups() throws -> [DuplicateGroup] {
        let bands = try all { try catalog.page(BrowsingList<Band>.bands, after: $0, limit: Self.pageSize) }
        let key = { (band: Band) in DuplicateKey(name: band.name, within: band.country ?? "") }
        return try Self.group(bands, key: key) { members in
            guard Self.someUntold(members.map(\.disambiguation)), Set(members.compactMap(\.formedYear)).count <= 1
            else { return nil }
            // Bands of one name whose genres are all different play different music: different bands.
            let genres = try members.map { band in
                Set(
                    try catalog.page(
                        BrowsingList<Genre>.genres(ofBand: band.id), after: nil, limit: Page<Genre>.maximumLimit
                    ).items.map(\.uuid))
            }
            guard let kept = Self.related(genres) else { return nil }
            return kept.map { index in
                let band = members[index]
                return DuplicateMember(
                    kind: .band, uuid: band.uuid, name: band.name, note: band.disambiguation, country: band.country,
                    formedYear: band.formedYear)
            }
        }
    }

    private func bookGroups() throws -> [DuplicateGroup] {
        let books = try all { try catalog.page(BrowsingList<Book>.books, after: $0, limit: Self.pageSize) }
        let key = { (book: Book) in DuplicateKey(name: book.title) }
        return try Self.group(books, key: key) { members in
            let credits = try members.map { book in
                try catalog.page(
                    BrowsingList<Credit>.credits(ofBook: book.id), after: nil, limit: Page<Credit>.maximumLimit
                )
                .items
            }
            // Books of one title by different people are different books. People compare by their names' keys, so
            // a book credited to a duplicate author is found too.
            let authors = credits.map { Set($0.map { DuplicateKey(name: $0.author.name) }) }
            guard let kept = Self.related(authors) else { return nil }
            return kept.map { index in
                let (book, credits) = (members[index], credits[index])
                return DuplicateMember(
                    kind: .book, uuid: book.uuid, name: book.title, year: book.year, isbn13: book.isbn13,
                    authors: credits.map(\.author.name))
            }
        }
    }

    // MARK: Grouping

    /// Every item of a list, from its pages (`page`: the page after a cursor).
    private func all<Item>(_ page: (PageCursor?) throws -> Page<Item>) throws -> [Item] {
        var items: [Item] = []
        var cursor: PageCursor?
        repeat {
            let next = try page(cursor)
            items += next.items
            cursor = next.next
        } while cursor != nil
        return items
    }

    /// The groups of two or more `items` sharing a key, each turned into members by `members` (`nil`: not
    /// duplicates after all), with the reason the members' names give.
    private static func group<Item>(
        _ items: [Item], key: (Item) -> DuplicateKey, members: ([Item]) throws -> [DuplicateMember]?
    ) throws -> [DuplicateGroup] {
        var byKey: [DuplicateKey: [Item]] = [:]
        for item in items { byKey[key(item), default: []].append(item) }
        return try byKey.values.filter { $0.count > 1 }.compactMap { items in
            guard let found = try members(items) else { return nil }
            return DuplicateGroup(reason: DuplicateReason(names: found.map(\.name)), members: found)
        }
    }

    /// The indices of the entries that share something with another entry, given what each has (an entry that has
    /// nothing, no author or no genre, may be any); `nil` when fewer than two are left.
    private static func related<Value>(_ sets: [Set<Value>]) -> [Int]? {
        let kept = sets.indices.filter { index in
            sets.indices.contains { other in
                other != index
                    && (sets[index].isEmpty || sets[other].isEmpty || !sets[index].isDisjoint(with: sets[other]))
            }
        }
        return kept.count > 1 ? kept : nil
    }

    /// Whether some entry carries no note: entries that all carry one were told apart by someone.
    private static func someUntold(_ notes: [String?]) -> Bool {
        notes.filter { $0 != nil }.count < notes.count
    }
}
