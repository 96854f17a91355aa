import Catalog
public import SQLiteDB

/// One genre of a book or band in a change payload: the genre by uuid and its position in the list.
public struct GenreLink: Sendable, Codable, Hashable {
    /// The genre's uuid, lowercase.
    public var genre: String
    /// The position in the owner's list of genres.
    public var position: Int

    /// Creates a genre link.
    public init(genre: String, position: Int) {
        self.genre = genre
        self.position = position
    }
}

extension GenreLink: RowDecodable {
    /// Reads the genre's uuid and the position.
    public init(row: Row) throws {
        genre = try row.value(at: 0)
        position = try row.value(at: 1)
    }
}
