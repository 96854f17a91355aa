public import Foundation

/// A person as an import source describes them.
public struct AuthorRecord: Sendable, Hashable {
    /// The source's key for the person, if it has one. Without a key, a person is matched by name.
    public var key: String?
    /// The name as written.
    public var name: String
    /// The sort name, or `nil` to derive it.
    public var sortName: String?
    /// Tells apart people who share a name.
    public var disambiguation: String?
    /// The uuid to give the author when it is created, or `nil` for a random one.
    public var uuid: UUID?

    /// Creates a record.
    public init(
        key: String? = nil, name: String, sortName: String? = nil, disambiguation: String? = nil, uuid: UUID? = nil
    ) {
        self.key = key
        self.name = name
        self.sortName = sortName
        self.disambiguation = disambiguation
        self.uuid = uuid
    }

    var draft: AuthorDraft {
        AuthorDraft(name: name, sortName: sortName, disambiguation: disambiguation, uuid: uuid)
    }

    func fingerprint(into hash: inout Fingerprint) {
        hash.add(key)
        draft.fingerprint(into: &hash)
    }
}
