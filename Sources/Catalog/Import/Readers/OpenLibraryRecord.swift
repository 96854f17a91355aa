/// What an Open Library dump line becomes.
enum OpenLibraryRecord: Sendable, Hashable {
    /// A `/type/work` line: a book whose credits carry author keys.
    case work(ImportedBook)
    /// A `/type/author` line: the name for an author key.
    case author(ImportedAuthor)
}
