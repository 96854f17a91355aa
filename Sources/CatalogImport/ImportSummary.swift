import Catalog

/// What an import of one file (or one list of records) did.
///
/// Every row read is counted exactly once: ``inserted`` + ``updated`` + ``unchanged`` + ``duplicates`` +
/// ``rejected`` = ``total``.
public struct ImportSummary: Sendable, Codable, Hashable {
    /// The file imported (empty for records handed over directly).
    public var file = ""
    /// The source the records were imported under.
    public var source: String
    /// Rows that created an entity.
    public var inserted = 0
    /// Rows that changed an entity imported before.
    public var updated = 0
    /// Rows identical to the last import of their key: nothing written.
    public var unchanged = 0
    /// Rows identical to an earlier row of the same import (same key, same content): nothing written.
    public var duplicates = 0
    /// Rows not imported.
    public var rejected = 0
    /// The first rejections, in file order (at most ``ImportOptions/keptRejections``; the errors file has all).
    public var rejections: [ImportRejection] = []
    /// The first values dropped from rows that were still imported (goodbooks: an ISBN whose checksum fails).
    public var warnings: [RowIssue] = []
    /// The number of values dropped from rows that were still imported.
    public var warningCount = 0
    /// Fields and lists edited by hand since the last import of their record, left as they were where the file says
    /// otherwise (always 0 with ``ImportOptions/overwriteEdits``). Not rows: a row that kept a field is still counted
    /// as updated or unchanged.
    public var keptEdits = 0
    /// The first of them, in file order (at most ``ImportOptions/keptRejections``).
    public var keptEditDetails: [KeptEdit] = []
    /// Whether everything was rolled back at the end (`--dry-run`).
    public var dryRun = false
    /// Wall-clock seconds the import took.
    public var elapsedSeconds = 0.0

    /// Creates an empty summary for `source`.
    public init(source: String) {
        self.source = source
    }

    /// The number of rows read.
    public var total: Int { inserted + updated + unchanged + duplicates + rejected }

    /// Rows per second over the whole import.
    public var rowsPerSecond: Double { elapsedSeconds > 0 ? Double(total) / elapsedSeconds : 0 }

    mutating func count(_ outcome: ImportOutcome) {
        switch outcome {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .duplicate: duplicates += 1
        }
    }

    mutating func warn(_ issues: [RowIssue], file: String, keeping limit: Int) {
        guard !issues.isEmpty else { return }
        warningCount += issues.count
        warnings += issues.prefix(max(0, limit - warnings.count))
    }

    mutating func keep(_ edits: [KeptEdit], keeping limit: Int) {
        guard !edits.isEmpty else { return }
        keptEdits += edits.count
        keptEditDetails += edits.prefix(max(0, limit - keptEditDetails.count))
    }

    mutating func add(_ rejection: ImportRejection, keeping limit: Int) {
        rejected += 1
        if rejections.count < limit { rejections.append(rejection) }
    }
}

/// What writing one record did.
enum ImportOutcome: Sendable, Hashable {
    case inserted, updated, unchanged, duplicate
}
