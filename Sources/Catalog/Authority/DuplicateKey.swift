/// What two probable duplicates share: the words of their names once folded, punctuation and spacing ignored, in
/// sorted order, and a scope they must share too (a band's country).
struct DuplicateKey: Hashable {
    let words: [Substring]
    let scope: String

    /// The key of `name` within `scope`.
    init(name: String, within scope: String = "") {
        words = Self.words(of: name).sorted()
        self.scope = scope
    }

    /// The folded words of `name`, split at whitespace and punctuation ("J.R.R." is three words, as "J. R. R." is).
    static func words(of name: String) -> [Substring] {
        FoldKey.of(name).split { !($0.isLetter || $0.isNumber) }
    }
}
