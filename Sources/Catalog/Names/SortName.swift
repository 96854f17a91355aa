/// Sort names: how a person, a title or a band name is filed.
///
/// ```swift
/// SortName.forPerson("J. R. R. Tolkien")        // "Tolkien, J. R. R."
/// SortName.forPerson("Martin Luther King Jr.")  // "King, Martin Luther, Jr."
/// SortName.forTitle("The Hobbit")               // "Hobbit, The"
/// ```
public enum SortName {
    /// A person's name filed under the family name: "Ursula K. Le Guin" → "Le Guin, Ursula K.".
    ///
    /// Particles before the family name stay with it ("Le Guin", "da Vinci"); a suffix goes last
    /// ("King, Martin Luther, Jr."); a single name ("Homer") and a name already written with a comma
    /// ("Tolkien, J. R. R.") stay as they are. Names the rule files wrongly take an explicit sort name.
    public static func forPerson(_ name: String) -> String {
        var text = TextNormalization.clean(name)
        var suffix: String?
        if let comma = text.firstIndex(of: ",") {
            let tail = text[text.index(after: comma)...].trimmingSpaces
            // "Martin Luther King, Jr.": the comma only sets off a suffix.
            guard isSuffix(tail) else { return text }
            suffix = tail
            text = text[..<comma].trimmingSpaces
        }
        var words = text.split(separator: " ").map(String.init)
        if suffix == nil, words.count > 1, let last = words.last, isSuffix(last) {
            suffix = words.removeLast()
        }
        guard words.count > 1 else {
            return ([words.first ?? text] + (suffix.map { [$0] } ?? [])).joined(separator: ", ")
        }
        var start = words.count - 1
        while start > 1, particles.contains(words[start - 1].lowercased()) {
            start -= 1
        }
        var parts = [words[start...].joined(separator: " "), words[..<start].joined(separator: " ")]
        if let suffix { parts.append(suffix) }
        return parts.joined(separator: ", ")
    }

    /// A title or a band name filed without its leading English article: "The Hobbit" → "Hobbit, The",
    /// "A Tale of Two Cities" → "Tale of Two Cities, A". Other names stay as they are.
    public static func forTitle(_ title: String) -> String {
        let text = TextNormalization.clean(title)
        guard let space = text.firstIndex(of: " ") else { return text }
        let first = text[..<space]
        guard articles.contains(first.lowercased()) else { return text }
        let rest = text[text.index(after: space)...]
        return rest.isEmpty ? text : "\(rest), \(first)"
    }

    private static let articles: Set<String> = ["the", "a", "an"]

    private static let particles: Set<String> = [
        "al", "bin", "da", "das", "de", "del", "della", "den", "der", "des", "di", "do", "dos", "du", "el", "ibn",
        "la", "le", "st.", "ten", "ter", "van", "von", "zu",
    ]

    private static let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]

    private static func isSuffix(_ word: String) -> Bool {
        suffixes.contains(word.lowercased())
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
