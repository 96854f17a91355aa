import Catalog

/// How the names in a books file's `authors` cell are credited.
enum AuthorsColumnRule: Sendable, Hashable {
    /// Every name is an author (the generic CSV default).
    case allAuthors
    /// The first name is the author, the rest are contributors in order (goodbooks-10k mixes
    /// translators and illustrators into `authors` without roles).
    case firstAuthorThenContributors
}
