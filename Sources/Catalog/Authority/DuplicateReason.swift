/// Why a group's entries look like one entry entered twice, from how their names differ.
package enum DuplicateReason: String, Sendable, CaseIterable {
    /// The same name once folded (case, accents, width, spacing): told apart by nothing but a note on one of them.
    case sameName = "same-name"
    /// The same words, the punctuation or spacing between them differing: "J.R.R." and "J. R. R.".
    case punctuation
    /// The same words in another order: "Twain, Mark" and "Mark Twain".
    case wordOrder = "word-order"

    /// The reason the names of a group's entries give.
    init(names: [String]) {
        let folded = Set(names.map(FoldKey.of))
        if folded.count == 1 {
            self = .sameName
        } else if Set(names.map(DuplicateKey.words)).count == 1 {
            self = .punctuation
        } else {
            self = .wordOrder
        }
    }

    /// The reason in words.
    package var explanation: String {
        switch self {
        case .sameName: "the same name once folded (case, accents, spacing)"
        case .punctuation: "the same name but for punctuation or spacing"
        case .wordOrder: "the same name in another order"
        }
    }
}
