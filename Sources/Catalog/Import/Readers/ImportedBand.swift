/// A band as read from a file, normalized, before any database identity is decided.
///
/// Two bands are never merged because their names match; identity comes from ``sourceKey``.
struct ImportedBand: Sendable, Hashable {
    /// The row's key in its source.
    var sourceKey: String?
    /// The name, never empty, whitespace-collapsed.
    var name: String
    /// The country as given.
    var country: String?
    /// The year the band formed.
    var formedYear: Int?
    /// The year it split up, never before ``formedYear``.
    var endedYear: Int?
    /// The status as given (`active`, `split-up`, …).
    var status: String?
    /// Genre names.
    var genres: [String]
    /// Other names the band is known by.
    var aliases: [String]

    /// Creates a band; only the name is required.
    init(
        name: String, sourceKey: String? = nil, country: String? = nil, formedYear: Int? = nil,
        endedYear: Int? = nil, status: String? = nil, genres: [String] = [], aliases: [String] = []
    ) {
        self.name = name
        self.sourceKey = sourceKey
        self.country = country
        self.formedYear = formedYear
        self.endedYear = endedYear
        self.status = status
        self.genres = genres
        self.aliases = aliases
    }
}
