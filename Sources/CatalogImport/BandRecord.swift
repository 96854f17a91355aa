public import Catalog
public import Foundation

/// A band as an import source describes it, with its genres by value.
public struct BandRecord: Sendable, Hashable {
    /// The source's key for the band: with the source name, its identity across imports (band names are not
    /// unique, so a band is never matched by name alone). Without one, the importer derives a key from the
    /// folded name, the country and the formed year together.
    public var key: String?
    /// The name as written.
    public var name: String
    /// The sort name, or `nil` to derive it.
    public var sortName: String?
    /// ISO 3166-1 alpha-2 country code.
    public var country: String?
    /// The year the band formed.
    public var formedYear: Int?
    /// The year the band split up.
    public var endedYear: Int?
    /// Whether the band still plays.
    public var status: Band.Status?
    /// Tells apart bands that share a name.
    public var disambiguation: String?
    /// The genres, in order.
    public var genres: [GenreRecord]
    /// The uuid to give the band when it is created, or `nil` for a random one.
    public var uuid: UUID?

    /// Creates a record.
    public init(
        key: String?, name: String, sortName: String? = nil, country: String? = nil, formedYear: Int? = nil,
        endedYear: Int? = nil, status: Band.Status? = nil, disambiguation: String? = nil,
        genres: [GenreRecord] = [], uuid: UUID? = nil
    ) {
        self.key = key
        self.name = name
        self.sortName = sortName
        self.country = country
        self.formedYear = formedYear
        self.endedYear = endedYear
        self.status = status
        self.disambiguation = disambiguation
        self.genres = genres
        self.uuid = uuid
    }

    var draft: BandDraft {
        BandDraft(
            name: name, sortName: sortName, country: country, formedYear: formedYear, endedYear: endedYear,
            status: status, disambiguation: disambiguation, uuid: uuid)
    }

    /// The hash of everything the record says, genres included.
    var fingerprint: String {
        var hash = Fingerprint()
        draft.fingerprint(into: &hash)
        hash.add("genres")
        for genre in genres { genre.fingerprint(into: &hash) }
        return hash.hex
    }
}
