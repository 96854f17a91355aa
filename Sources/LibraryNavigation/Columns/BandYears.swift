/// A band's active years as text: "1960–1970", "1962–" while it plays, `nil` when unknown.
enum BandYears {
    static func text(formed: Int?, ended: Int?) -> String? {
        switch (formed, ended) {
        case (let formed?, let ended?): "\(formed)–\(ended)"
        case (let formed?, nil): "\(formed)–"
        case (nil, let ended?): "–\(ended)"
        case (nil, nil): nil
        }
    }
}
