import AccessTokens
import Catalog
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer
import JSONKit
import LibraryNavigation
import Navigation

/// Editing the catalog by hand, for a token of scope `edit`: `POST /v1/{kind}s` adds an entry, `PATCH` and
/// `DELETE /v1/{kind}s/{uuid}` change or delete one (each with `If-Match` naming the revision it was based on),
/// `POST /v1/{kind}s/{uuid}/merge` merges one into another, `POST /v1/{kind}s/{uuid}/undo` takes its last edit back;
/// `GET /v1/{kind}s/{uuid}/history` (scope `read`) answers who changed it, and `GET /v1/editing` what an edit of each
/// kind takes. Each goes through the store's `CatalogEditor` (the one path `catalog add`, `edit`, `delete`, `merge`,
/// `undo` and `history` take), acting for the token's user, and answers the entry it left as `GET` does.
struct EditEndpoints: Sendable {
    let storage: any CatalogEditing & CatalogReading

    /// Adds the history to `reading` and the edits to `editing`.
    func register(reading: RouteGroup<CallerContext>, editing: RouteGroup<CallerContext>) {
        let description = JSONText.encode(CatalogAPI.editing())
        reading.get("/v1/editing") { context in
            _ = try context.query(allowing: [])
            return .response(HTTPResponse(status: .ok, contentType: "application/json", text: description))
        }
        for kind in EntityKind.allCases {
            let list = "/v1/\(kind.rawValue)s"
            editing.post(list) { [self] context in .response(try create(kind, context)) }
            editing.on("PATCH", list + "/{uuid}") { [self] context in .response(try update(kind, context)) }
            editing.delete(list + "/{uuid}") { [self] context in .response(try delete(kind, context)) }
            editing.post(list + "/{uuid}/merge") { [self] context in .response(try merge(kind, context)) }
            editing.post(list + "/{uuid}/undo") { [self] context in .response(try undo(kind, context)) }
            reading.get(list + "/{uuid}/history") { [self] context in .response(try history(kind, context)) }
        }
    }

    /// `POST /v1/{kind}s`: a new entry from the body's fields and lists; 201 with its `Location` and `ETag`.
    private func create(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let body = try EditBody(context.request, kind: kind)
        let result = try storage.editing(as: Self.actor(context)) { try $0.create(kind, body.creation) }
        return try EntityAnswer.response(kind, result.uuid, from: storage, status: .created)
    }

    /// `PATCH /v1/{kind}s/{uuid}`: the fields the body names, and the lists it gives replaced; `If-Match` required.
    private func update(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        let ifMatch = try Self.precondition(context.request)
        let body = try EditBody(context.request, kind: kind)
        guard !body.isEmpty else {
            throw APIProblem(
                status: .badRequest, code: .badBody, detail: "nothing to change: name a field or give a list")
        }
        let (lists, revision) = try current(kind, uuid)
        if let stale = try refusal(kind, uuid, revision, ifMatch) { return stale }
        let edit = body.update(replacing: lists)
        // `*` takes the entry as it is when the edit writes; a list given is replaced by removing the entries read
        // above, so that edit stays checked against the revision they were read at.
        let expected = ifMatch.isAny && body.lists.isEmpty ? nil : revision
        return try refusingStale(kind, uuid) {
            _ = try storage.editing(as: Self.actor(context)) {
                try $0.update(kind, uuid: uuid, edit, ifRevision: expected)
            }
            return try EntityAnswer.response(kind, uuid, from: storage)
        }
    }

    /// `DELETE /v1/{kind}s/{uuid}`: 204; `If-Match` required.
    private func delete(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        let ifMatch = try Self.precondition(context.request)
        let (_, revision) = try current(kind, uuid)
        if let stale = try refusal(kind, uuid, revision, ifMatch) { return stale }
        return try refusingStale(kind, uuid) {
            _ = try storage.editing(as: Self.actor(context)) {
                try $0.delete(kind, uuid: uuid, ifRevision: ifMatch.isAny ? nil : revision)
            }
            return HTTPResponse(status: .noContent)
        }
    }

    /// `POST /v1/{kind}s/{uuid}/merge` `{"into": UUID, "keep": {"FIELD": "merged"}}`: the entry merged into `into`,
    /// which keeps its own fields but those `keep` takes from the merged one; answers the survivor. `If-Match`, when
    /// given, is checked against the entry merged away.
    private func merge(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        let (survivor, kept) = try Self.mergeBody(context.request)
        var revision: Int64?
        if let ifMatch = context.request.ifMatch {
            let current = try current(kind, uuid).revision
            if let stale = try refusal(kind, uuid, current, ifMatch) { return stale }
            revision = current
        }
        return try refusingStale(kind, uuid) {
            _ = try storage.editing(as: Self.actor(context)) {
                try $0.merge(kind, uuid: uuid, into: survivor, keeping: kept, ifRevision: revision)
            }
            return try EntityAnswer.response(kind, survivor, from: storage)
        }
    }

    /// `POST /v1/{kind}s/{uuid}/undo`: the entry's last edit, delete or merge (through either uuid) taken back, as
    /// `catalog undo` does; answers the entry as it is now, or 204 when the undo removed it (an undone create).
    ///
    /// - Throws: 404 `not-found` when the entry has neither a history nor a row; 409 `nothing-to-undo` or
    ///   `changed-since` as the editor refuses.
    private func undo(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        do {
            _ = try storage.editing(as: Self.actor(context)) { try $0.undo(kind, uuid: uuid) }
        } catch EditError.nothingToUndo {
            // An entry never recorded and not there is none; one there with nothing to undo is refused with why.
            guard try exists(kind, uuid) else { throw CatalogError.notFound(kind, uuid: uuid) }
            throw EditError.nothingToUndo(kind, uuid: uuid)
        }
        guard try exists(kind, uuid) else { return HTTPResponse(status: .noContent) }
        return try EntityAnswer.response(kind, uuid, from: storage)
    }

    /// `GET /v1/{kind}s/{uuid}/history`: the records `catalog history --json` prints, oldest first.
    private func history(_ kind: EntityKind, _ context: CallerContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let uuid = try EntityAnswer.uuid(kind, context)
        let records = try storage.editHistory(of: kind, uuid: uuid)
        if records.isEmpty, try !exists(kind, uuid) {
            throw CatalogError.notFound(kind, uuid: uuid)
        }
        return HTTPResponse(status: .ok, contentType: "application/json", text: CatalogAPI.history(records))
    }

    // MARK: Helpers

    /// Whether the entry is in the catalog.
    private func exists(_ kind: EntityKind, _ uuid: UUID) throws -> Bool {
        try storage.readLookup { try $0.name(of: kind, uuid: uuid) } != nil
    }

    /// Who the history says made the edit: the token's user, and the token.
    /// Who an edit is recorded as made by: the token's user, and the token.
    static func actor(_ context: CallerContext) -> String {
        "\(context.caller.user.name) (token \(context.caller.tokenID))"
    }

    /// The entry's lists as they are now, whole (by key, the uuids of their entries), and its revision, read in one
    /// transaction.
    ///
    /// - Throws: 404 `not-found` when there is no such entry; 409 `merged` when it was merged into another.
    private func current(_ kind: EntityKind, _ uuid: UUID) throws -> (lists: [String: [UUID]], revision: Int64) {
        do {
            return try storage.readCatalog { catalog in
                try catalog.reading {
                    (
                        try CatalogAPI.lists(of: kind, uuid: uuid, in: catalog),
                        try catalog.revision(of: kind, uuid: uuid)
                    )
                }
            }
        } catch CatalogError.notFound {
            if let survivor = try EntityAnswer.survivor(of: kind, uuid, in: storage) {
                throw APIProblem(editing: EditError.merged(kind, uuid: uuid, into: survivor))
                    ?? APIProblem(CatalogError.notFound(kind, uuid: uuid))
            }
            throw CatalogError.notFound(kind, uuid: uuid)
        }
    }

    /// The 412 for an edit whose `If-Match` does not name `revision`, the entry's now; `nil` when it does.
    private func refusal(_ kind: EntityKind, _ uuid: UUID, _ revision: Int64, _ ifMatch: EntityTagCondition) throws
        -> HTTPResponse?
    {
        guard !ifMatch.matches(EntityAnswer.tag(revision), strong: true) else { return nil }
        return try stale(kind, uuid)
    }

    /// Runs `edit`, answering a revision that moved meanwhile (between the `If-Match` check and the edit's own, inside
    /// its transaction) with the 412 as the check would have.
    private func refusingStale(_ kind: EntityKind, _ uuid: UUID, _ edit: () throws -> HTTPResponse) throws
        -> HTTPResponse
    {
        do {
            return try edit()
        } catch EditError.staleRevision {
            return try stale(kind, uuid)
        }
    }

    /// 412 `stale-revision`: the entry as it is now (`entity`, with its `revision` and `ETag`), for the client to
    /// reapply its change to.
    private func stale(_ kind: EntityKind, _ uuid: UUID) throws -> HTTPResponse {
        let (json, revision) = try storage.readCatalog { try CatalogAPI.revisedEntity(kind, uuid: uuid, in: $0) }
        var refused = APIProblem(
            status: .preconditionFailed, code: .staleRevision,
            detail: "the \(kind.rawValue) changed since the revision in If-Match; it is at revision \(revision) now: "
                + "'entity' holds it as it is, with its ETag: apply the change to it again and send that ETag"
        ).response(adding: ["revision": .int(Int(revision)), "entity": json])
        refused.headers.append(.etag, EntityAnswer.tag(revision).field)
        return refused
    }

    /// The request's `If-Match`.
    ///
    /// - Throws: 428 `precondition-required` without one.
    private static func precondition(_ request: HTTPRequest) throws(APIProblem) -> EntityTagCondition {
        guard let ifMatch = request.ifMatch else {
            throw APIProblem(
                status: .preconditionRequired, code: .preconditionRequired,
                detail: "a \(request.method) of an entry needs If-Match with the ETag of the revision it was based "
                    + "on; GET the entry for it")
        }
        return ifMatch
    }

    /// The survivor and the fields kept from the merged entry that a merge's body names.
    ///
    /// - Throws: 400 `bad-body` for a body that is not `{"into": UUID, "keep": {…}}`; 422 `invalid-edit` for a
    ///   `keep` value other than `merged` or `into`.
    private static func mergeBody(_ request: HTTPRequest) throws(APIProblem) -> (UUID, Set<String>) {
        let body = try JSONBody(request)
        try body.allowOnly(["into", "keep"])
        guard let text = try body.string("into"), let survivor = UUID(uuidString: text) else {
            throw APIProblem(
                status: .badRequest, code: .badBody,
                detail: "the body needs \"into\": the uuid of the entry that stays")
        }
        guard let keep = body.members.first(where: { $0.name == "keep" })?.node, !keep.isNull else {
            return (survivor, [])
        }
        guard case .object(let members) = keep.value else {
            throw APIProblem(
                status: .badRequest, code: .badBody,
                detail: "\"keep\" must be an object: {\"FIELD\": \"merged\"} takes FIELD from the merged entry")
        }
        var kept: Set<String> = []
        var errors: [(field: String, message: String)] = []
        for (field, source) in members {
            switch source.string {
            case "merged": kept.insert(field)
            case "into": continue
            default:
                let given = source.string.map { "\"\($0)\"" } ?? source.kindName
                errors.append((field, "keep \"\(field)\" from \"merged\" or \"into\"; got \(given)"))
            }
        }
        guard errors.isEmpty else { throw .invalidEdit(errors) }
        return (survivor, kept)
    }
}
