/// The server's answer to one ``UploadedChange``.
///
/// As JSON: `{"id":"…","result":"conflict","kind":"book","uuid":"…","revision":1300,"conflicts":[…]}`; a rejected
/// change carries `"error":{"field":"year","message":"…"}`. The answers to a batch come in the order of its changes
/// (`{"answers":[…]}`).
public struct UploadAnswer: Sendable, Hashable, Codable {
    /// What became of the change.
    public enum Result: String, Sendable, Hashable, Codable, CaseIterable {
        /// Applied as sent: the server had not changed the entity since the change's base.
        case applied
        /// Applied beside changes the server made meanwhile to other fields or list entries.
        case merged
        /// Applied where it did not clash; each clash is kept as a ``UploadConflict`` and the server's value stands.
        case conflict
        /// Refused and nothing applied: ``UploadAnswer/error`` says why.
        case rejected
    }

    /// The change's id.
    public var id: String
    /// What became of it.
    public var result: Result
    /// The entity's kind.
    public var kind: EntityKind
    /// The entity the change landed on, lowercase: the survivor when the server had merged the client's entity away.
    public var uuid: String
    /// The entity's revision after the change (0 when it no longer exists).
    public var revision: Int64
    /// The clashes kept, for ``Result/conflict``.
    @OmittedWhenEmpty public var conflicts: [UploadConflict]
    /// Why the change was refused, for ``Result/rejected``.
    public var error: UploadError?

    /// An answer.
    public init(
        id: String, result: Result, kind: EntityKind, uuid: String, revision: Int64,
        conflicts: [UploadConflict] = [], error: UploadError? = nil
    ) {
        self.id = id
        self.result = result
        self.kind = kind
        self.uuid = uuid
        self.revision = revision
        self.conflicts = conflicts
        self.error = error
    }

    enum CodingKeys: String, CodingKey { case id, result, kind, uuid, revision, conflicts, error }
}

/// A clash kept by the server: the client changed a field the server had changed too (the server's value stands,
/// the client's is kept here), or changed an entity the server had deleted (`field` is `nil`). Nothing a user typed
/// is lost: settling it takes mine or theirs.
///
/// As JSON: `{"id":7,"kind":"book","uuid":"…","field":"title","base":"…","mine":"…","theirs":"…","reason":"bothChanged"}`.
public struct UploadConflict: Sendable, Hashable, Codable {
    /// Why the change clashed.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// Both sides changed the field from the same base to different values.
        case bothChanged
        /// The client changed (or deleted) an entity the server deleted meanwhile.
        case deletedOnServer
        /// The client deleted an entity the server changed meanwhile.
        case changedOnServer
    }

    /// The server's id of the conflict (what `catalog conflicts resolve ID` names).
    public var id: Int64
    /// The entity's kind.
    public var kind: EntityKind
    /// The entity, lowercase.
    public var uuid: String
    /// The field (`title`) or list (`authors`), or `nil` for the whole entity.
    public var field: String?
    /// The value both sides started from.
    public var base: String?
    /// The client's value (for a list or a whole entity, its JSON).
    public var mine: String?
    /// The server's value, which stands until the conflict is settled.
    public var theirs: String?
    /// Why it clashed.
    public var reason: Reason
}

/// Why the server refused an uploaded change: the field at fault (when one is) and the message an edit of it would
/// have given.
public struct UploadError: Sendable, Hashable, Codable {
    /// The field, when the refusal is about one.
    public var field: String?
    /// What is wrong and what to do.
    public var message: String

    /// An error.
    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }
}

/// Where a client's changes are uploaded: a server's catalog file through the library, or a server over HTTP
/// (`POST /v1/changes`).
public protocol UploadTarget {
    /// The identity of the server database the changes go to (a client uploads only to the server it follows).
    func databaseUUID() throws -> String

    /// Applies `batch` and answers each change, in order. A change the server answered before (same client, same
    /// id) gets that answer again and is not applied twice.
    func upload(_ batch: UploadBatch) throws -> [UploadAnswer]
}
