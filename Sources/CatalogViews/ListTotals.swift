package import Catalog
import Foundation

/// The totals of browsing lists, remembered while the catalog does not change: a server answering page after page
/// of a million-book list would otherwise count every book for every page.
///
/// A total is kept with the change log's high-water mark (``CatalogReader/lastChangeSequence()``) read in the same
/// transaction as the count; every write to the catalog moves that mark, so a total is reused only by a read that
/// sees the very state it was counted in. Memory stays bounded: past ``capacity`` lists, the table starts over.
package final class ListTotals: @unchecked Sendable {
    // Invariant that makes the class Sendable: `totals` is only read or changed under `lock`.

    private struct List: Hashable {
        let kind: EntityKind
        let filter: ListFilter?
    }

    private struct Counted {
        let sequence: Int64
        let total: Int
    }

    /// The most lists remembered.
    package static let capacity = 4096

    private let lock = NSLock()
    private var totals: [List: Counted] = [:]

    /// An empty table.
    package init() {}

    /// The total of the `kind` list scoped by `filter` in the state `catalog` reads: the remembered one when the
    /// catalog has not changed since it was counted, else `count()`, remembered. Call it inside the read
    /// transaction that `count` runs in.
    package func total(
        of kind: EntityKind, filter: ListFilter?, in catalog: any CatalogReader, counting count: () throws -> Int
    ) throws -> Int {
        let list = List(kind: kind, filter: filter)
        let sequence = try catalog.lastChangeSequence()
        if let counted = lock.withLock({ totals[list] }), counted.sequence == sequence {
            return counted.total
        }
        let total = try count()
        lock.withLock {
            if totals.count >= Self.capacity { totals.removeAll(keepingCapacity: true) }
            // A slower reader of an older state must not replace a newer total.
            if let kept = totals[list], kept.sequence > sequence { return }
            totals[list] = Counted(sequence: sequence, total: total)
        }
        return total
    }
}
