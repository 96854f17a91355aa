import Catalog
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer
import LibraryNavigation

/// One entry as `GET /v1/{kind}s/{uuid}` answers it and every edit answers the entry it left: the JSON of
/// `catalog show --json`, with the entry's revision as a strong `ETag`, both read in one transaction.
enum EntityAnswer {
    /// The `ETag` of an entry at `revision`.
    static func tag(_ revision: Int64) -> EntityTag { EntityTag(String(revision)) }

    /// The entry `uuid` of `kind` as it is now, with `status`; a 304 when `known` (`If-None-Match`) names its
    /// revision.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entry.
    static func response(
        _ kind: EntityKind, _ uuid: UUID, from storage: any CatalogReading, status: HTTPStatus = .ok,
        unless known: EntityTagCondition? = nil
    ) throws -> HTTPResponse {
        let (json, revision) = try storage.readCatalog { try CatalogAPI.revisedEntity(kind, uuid: uuid, in: $0) }
        if let unchanged = HTTPResponse.notModified(tag(revision), given: known) { return unchanged }
        var response = HTTPResponse(status: status, contentType: "application/json", text: JSONText.encode(json))
        response.headers.append(.etag, tag(revision).field)
        if status == .created { response.headers.append(.location, CatalogAPI.path(of: kind, uuid: uuid)) }
        return response
    }

    /// The entry `uuid` was merged into, following later merges; `nil` when it was not merged.
    static func survivor(of kind: EntityKind, _ uuid: UUID, in storage: any CatalogReading) throws -> UUID? {
        try storage.readLookup { try $0.survivor(of: kind, uuid: uuid) }
    }

    /// The path's `{uuid}`.
    ///
    /// - Throws: 404 `not-found` when it is not a uuid (so no entry has it).
    static func uuid(_ kind: EntityKind, _ context: some RouteContext) throws(APIProblem) -> UUID {
        let text = context.parameters["uuid"]
        guard let uuid = UUID(uuidString: text) else {
            throw APIProblem(
                status: .notFound, code: .notFound, detail: "'\(text)' is not a uuid, so no \(kind.rawValue) has it")
        }
        return uuid
    }
}
