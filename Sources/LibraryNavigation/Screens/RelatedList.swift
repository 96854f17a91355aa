/// One related list of a detail, as ``LibraryScreens`` states it: its name, its heading and the catalog list it
/// shows, whose rows can be pushed onto the detail.
public struct RelatedList: Sendable, Hashable {
    /// The relation's name, which is also the member of the entity's JSON holding its first entries: `books`.
    public let name: String
    /// The heading the list is shown under: "Books".
    public let heading: String
    /// The list shown.
    public let list: ScreenList
}
