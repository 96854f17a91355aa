/// What a hand edit changes: fields by key (patch semantics: a field not named stays as it is) and changes to the
/// entry's lists (a book's authors and genres, a band's genres).
///
/// Field keys are those of the change feed: `title`, `sortTitle`, `isbn13`, `year`, `pages`, `language`, `summary`
/// for a book; `name`, `sortName`, `disambiguation` for an author; `name`, `parent` (a genre's name or uuid) for a
/// genre; `name`, `sortName`, `country`, `formedYear`, `endedYear`, `status`, `disambiguation` for a band. Values are
/// text, checked and converted as an import checks them; `nil` clears the field.
///
/// ```swift
/// var edit = EntityEdit()
/// edit.fields["year"] = "1885"
/// edit.links.append(LinkChange(list: "authors", target: "Mark Twain", action: .add(role: .author)))
/// ```
public struct EntityEdit: Sendable, Hashable {
    /// New values by field key; `nil` clears the field.
    public var fields: [String: String?]
    /// Changes to the entry's lists, applied in order.
    public var links: [LinkChange]

    /// An edit of `fields` and `links`.
    public init(fields: [String: String?] = [:], links: [LinkChange] = []) {
        self.fields = fields
        self.links = links
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool { fields.isEmpty && links.isEmpty }
}

/// One change to a list of an entry: add, remove or move an author or genre.
public struct LinkChange: Sendable, Hashable {
    /// What to do with the target.
    public enum Action: Sendable, Hashable {
        /// Append it (a credit in `role`, the default role being author). An author or genre of that name that
        /// does not exist yet is created.
        case add(role: ContributorRole?)
        /// Remove it (only its credit in `role`, when a role is given).
        case remove(role: ContributorRole?)
        /// Move it to `position` (0 first).
        case move(to: Int)
    }

    /// The list: `authors` (a book's credits) or `genres` (a book's or a band's).
    public var list: String
    /// The author or genre: its name or its uuid.
    public var target: String
    /// What to do.
    public var action: Action

    /// A change of `list`.
    public init(list: String, target: String, action: Action) {
        self.list = list
        self.target = target
        self.action = action
    }
}
