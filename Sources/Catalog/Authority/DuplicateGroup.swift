/// Entries of one kind that are probably one entry entered twice, and why.
package struct DuplicateGroup: Sendable, Equatable {
    /// How their names relate.
    package var reason: DuplicateReason
    /// The entries, in the order the catalog lists them.
    package var members: [DuplicateMember]
}
