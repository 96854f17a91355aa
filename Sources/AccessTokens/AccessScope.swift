/// What a token allows, each scope everything the one before it allows and more.
package enum AccessScope: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Reading the catalog (lists, entities, search, changes, snapshots) and one's own navigation state.
    case read
    /// Reading, and changing one's own navigation state and sessions.
    case nav
    /// Navigating, and editing the catalog by hand: adding, changing, deleting and merging entries.
    case edit
    /// Everything.
    case admin

    /// Whether `self` allows less than `other`.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Whether a token of this scope may do what `required` allows.
    package func allows(_ required: Self) -> Bool { required <= self }
}
