/// The four kinds of catalog entity.
public enum EntityKind: String, Sendable, Codable, Hashable, CaseIterable {
    case book
    case author
    case genre
    case band

    /// The code of the kind in `search_index` rowids (`id * 4 + code`), as the migration defines it.
    var searchCode: Int64 {
        switch self {
        case .book: 0
        case .author: 1
        case .genre: 2
        case .band: 3
        }
    }

    /// The column whose text the kind's `search_index` entry holds, as the migration's triggers index it.
    package var searchedColumn: String { self == .book ? "title" : "name" }

    /// The kind whose `search_index` code is `searchCode`, or `nil`: how a search hit names its kind on either
    /// database.
    package init?(searchCode: Int64) {
        switch searchCode {
        case 0: self = .book
        case 1: self = .author
        case 2: self = .genre
        case 3: self = .band
        default: return nil
        }
    }
}
