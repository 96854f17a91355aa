/// An author record from an Open Library authors dump (`/type/author`).
///
/// Its ``sourceKey`` is the same key a work's ``ImportedCredit/sourceKey`` carries, so importing the authors
/// dump after the works replaces each placeholder name (`OL123A`) with the real one.
struct ImportedAuthor: Sendable, Hashable {
    /// The author's key: `/authors/OL123A`.
    var sourceKey: String
    /// The display name, whitespace-collapsed.
    var name: String
    /// Other spellings of the name, if the record lists them.
    var alternateNames: [String]

    /// Creates an author.
    init(sourceKey: String, name: String, alternateNames: [String] = []) {
        self.sourceKey = sourceKey
        self.name = name
        self.alternateNames = alternateNames
    }
}
