public import Catalog
public import Foundation

/// A band as an import source describes it, with its genres by value: the draft of the band it creates or changes
/// (its fields read as the record's own, `record.name`), under the source's key.
public struct BandRecord: DraftRecord, Sendable, Hashable {
    /// The source's key for the band: with the source name, its identity across imports (band names are not
    /// unique, so a band is never matched by name alone). Without one, the importer derives a key from the
    /// folded name, the country and the formed year together.
    public var key: String?
    /// The fields the band is given: name, sort name (or `nil` to derive it), country, years, status, the note
    /// telling namesakes apart, and the uuid to give a new band (or `nil` for a random one).
    public var draft: BandDraft
    /// The genres, in order.
    public var genres: [GenreRecord]

    /// Creates a record.
    public init(
        key: String?, name: String, sortName: String? = nil, country: String? = nil, formedYear: Int? = nil,
        endedYear: Int? = nil, status: Band.Status? = nil, disambiguation: String? = nil,
        genres: [GenreRecord] = [], uuid: UUID? = nil
    ) {
        self.key = key
        draft = BandDraft(
            name: name, sortName: sortName, country: country, formedYear: formedYear, endedYear: endedYear,
            status: status, disambiguation: disambiguation, uuid: uuid)
        self.genres = genres
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
