/// What a person did on a book: wrote it, translated it, illustrated it …
///
/// An open set: the common roles are constants, and any other non-empty word is kept as given.
public struct ContributorRole: RawRepresentable, Sendable, Codable, Hashable, ExpressibleByStringLiteral {
    /// The role as stored, lowercase: "author", "translator".
    public let rawValue: String

    /// A role from its stored name; surrounding spaces are trimmed and the name is lowercased.
    public init(rawValue: String) {
        self.rawValue = TextNormalization.clean(rawValue).lowercased()
    }

    /// A role from a literal: `"translator"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Wrote the book.
    public static let author: ContributorRole = "author"
    /// Translated the book.
    public static let translator: ContributorRole = "translator"
    /// Illustrated the book.
    public static let illustrator: ContributorRole = "illustrator"
    /// Edited the book.
    public static let editor: ContributorRole = "editor"
    /// Contributed otherwise (a foreword, notes …).
    public static let contributor: ContributorRole = "contributor"
}
