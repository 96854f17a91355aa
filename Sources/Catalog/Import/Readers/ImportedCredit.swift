/// A person credited on a book, in the order the source lists them.
struct ImportedCredit: Sendable, Hashable {
    /// The display name, whitespace-collapsed. For an Open Library author known only by key, the key's
    /// last component (`OL123A`) with ``isPlaceholderName`` set.
    var name: String
    /// What the person did.
    var role: CreditRole
    /// The person's key in the source (Open Library: `/authors/OL123A`), `nil` when the source has none.
    var sourceKey: String?
    /// `true` when ``name`` is a stand-in until the source's author record supplies the real one; an
    /// importer must never overwrite a real name with a placeholder.
    var isPlaceholderName: Bool

    /// Creates a credit.
    ///
    /// - Parameters:
    ///   - name: The display name.
    ///   - role: The role; ``CreditRole/author`` by default.
    ///   - sourceKey: The person's key in the source, if any.
    ///   - isPlaceholderName: Whether `name` stands in for an unknown name.
    init(name: String, role: CreditRole = .author, sourceKey: String? = nil, isPlaceholderName: Bool = false) {
        self.name = name
        self.role = role
        self.sourceKey = sourceKey
        self.isPlaceholderName = isPlaceholderName
    }
}
