package import Catalog
package import Foundation

/// The catalog's read answers as JSON text, one function per answer: the `catalog` command prints them with
/// `--json` and the HTTP server sends them, so both always say the same.
package enum CatalogAPI {
    /// Items per page of a list when the caller gives no limit.
    package static let defaultListLimit = 50
    /// Results of a search when the caller gives no limit.
    package static let defaultSearchLimit = 20

    /// A page of a browsing list: `{"items", "next", "total"}`, read in one transaction; `totals` (a server's,
    /// kept between requests) saves counting a list again while the catalog has not changed.
    ///
    /// - Throws: see ``ListPage/load(_:filter:after:limit:in:totals:)``.
    package static func list(
        _ kind: EntityKind, filter: ListFilter?, after: PageCursor?, limit: Int, in catalog: any CatalogReader,
        totals: ListTotals? = nil
    ) throws -> String {
        JSONText.encode(
            try catalog.reading {
                try ListPage.load(kind, filter: filter, after: after, limit: limit, in: catalog, totals: totals)
            }.json)
    }

    /// One entity with its related entities, read in one transaction.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entity.
    package static func show(_ kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws -> String {
        JSONText.encode(try catalog.reading { try EntityDetail.load(kind, uuid: uuid, in: catalog) }.json)
    }

    /// The best matches for `text`: `{"items": [{"kind", "uuid", "title" or "name"}]}`.
    package static func search(_ text: String, limit: Int, in catalog: any CatalogReader) throws -> String {
        JSONText.encode(
            ["items": .array(try catalog.search(text, limit: limit).map(CatalogJSON.summary))] as JSONValue)
    }
}
