import Catalog

/// What to do with a row one of whose optional values is invalid.
enum InvalidValuePolicy: Sendable, Hashable {
    /// Reject the whole row with the reason (the default: the user fixes the file).
    case rejectRow
    /// Import the row without the value and report a warning (for known-dirty data sets).
    case dropWithWarning
}
