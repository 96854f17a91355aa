/// What an import did: how many records it inserted, updated, found unchanged or rejected, and why each
/// rejected record was rejected.
public struct ImportSummary: Sendable, Codable, Hashable {
    /// The source the records were imported under.
    public var source: String
    /// Records that created an entity.
    public var inserted = 0
    /// Records that changed an entity imported before.
    public var updated = 0
    /// Records identical to the last import of their key: nothing written.
    public var unchanged = 0
    /// Records not imported, with the reason.
    public var rejections: [ImportRejection] = []

    /// Creates an empty summary for `source`.
    public init(source: String) {
        self.source = source
    }

    /// The number of records not imported.
    public var rejected: Int { rejections.count }

    /// The number of records read.
    public var total: Int { inserted + updated + unchanged + rejected }

    mutating func count(_ outcome: UpsertOutcome) {
        switch outcome {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }
}

/// A record an import did not take, and why.
public struct ImportRejection: Sendable, Codable, Hashable {
    /// Which record: `book 'hobbit' (The Hobbit)`, or its place in the file.
    public var record: String
    /// What is wrong with it, as a sentence.
    public var reason: String

    /// Creates a rejection.
    public init(record: String, reason: String) {
        self.record = record
        self.reason = reason
    }
}
