/// The role of a ``ImportedCredit``: `author`, `contributor`, or a source's own word (`illustrator`, `translator`).
///
/// Open-ended on purpose: Open Library stores free-text roles. Stored lowercased.
struct CreditRole: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The role's name, lowercased.
    let rawValue: String

    /// Creates a role from a name (lowercased, whitespace-collapsed).
    init(rawValue: String) {
        self.rawValue = rawValue.collapsingWhitespace().lowercased()
    }

    /// The main author.
    static let author = CreditRole(rawValue: "author")
    /// Anyone else credited (translator, illustrator, editor, … when the source does not say).
    static let contributor = CreditRole(rawValue: "contributor")

    var description: String { rawValue }
}
