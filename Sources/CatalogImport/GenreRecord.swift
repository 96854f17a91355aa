import Catalog
public import Foundation

/// A genre as an import source describes it.
public struct GenreRecord: Sendable, Hashable {
    /// The source's key for the genre, if it has one. Without a key, a genre is matched by name.
    public var key: String?
    /// The name; genre names are unique once folded, so "Heavy Metal" and "heavy metal" are one genre.
    public var name: String
    /// The name of the broader genre, if any; it is created when missing.
    public var parentName: String?
    /// The uuid to give the genre when it is created, or `nil` for a random one.
    public var uuid: UUID?

    /// Creates a record.
    public init(key: String? = nil, name: String, parentName: String? = nil, uuid: UUID? = nil) {
        self.key = key
        self.name = name
        self.parentName = parentName
        self.uuid = uuid
    }

    func fingerprint(into hash: inout Fingerprint) {
        for field in [key, name, parentName] { hash.add(field) }
    }
}
