public import Catalog
public import Foundation

/// A person as an import source describes them: the draft of the author it creates or changes (its fields read
/// as the record's own, `record.name`), under the source's key.
public struct AuthorRecord: DraftRecord, Sendable, Hashable {
    /// The source's key for the person, if it has one. Without a key, a person is matched by name.
    public var key: String?
    /// The fields the author is given: the name, the sort name (or `nil` to derive it), the note telling
    /// namesakes apart, and the uuid to give a new author (or `nil` for a random one).
    public var draft: AuthorDraft
    /// `true` when the name (`draft.name`) only stands in for a name the source has not given yet (an Open Library
    /// works dump names authors by key: `OL123A`). A placeholder names a new author but never overwrites the name of
    /// an author already imported under the same key.
    public var isPlaceholderName: Bool

    /// Creates a record.
    public init(
        key: String? = nil, name: String, sortName: String? = nil, disambiguation: String? = nil, uuid: UUID? = nil,
        isPlaceholderName: Bool = false
    ) {
        self.key = key
        draft = AuthorDraft(name: name, sortName: sortName, disambiguation: disambiguation, uuid: uuid)
        self.isPlaceholderName = isPlaceholderName
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
