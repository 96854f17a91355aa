import Catalog
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
    /// `true` when ``name`` only stands in for a name the source has not given yet (an Open Library works
    /// dump names authors by key: `OL123A`). A placeholder names a new author but never overwrites the name
    /// of an author already imported under the same key.
    public var isPlaceholderName: Bool

    /// Creates a record.
    public init(
        key: String? = nil, name: String, sortName: String? = nil, disambiguation: String? = nil, uuid: UUID? = nil,
        isPlaceholderName: Bool = false
    ) {
        self.key = key
        self.name = name
        self.sortName = sortName
        self.disambiguation = disambiguation
        self.uuid = uuid
        self.isPlaceholderName = isPlaceholderName
    }

    var draft: AuthorDraft {
        AuthorDraft(name: name, sortName: sortName, disambiguation: disambiguation, uuid: uuid)
    }

    func fingerprint(into hash: inout Fingerprint) {
        hash.add(key)
        draft.fingerprint(into: &hash)
    }

    /// The hash of everything the record says.
    var fingerprint: String {
        var hash = Fingerprint()
        fingerprint(into: &hash)
        return hash.hex
    }
}
