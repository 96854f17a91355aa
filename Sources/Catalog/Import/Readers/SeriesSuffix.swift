/// Splits a goodbooks-style "(Series, #n)" suffix off a title.
///
/// Only a final parenthesized group containing `#` is a series suffix: "The Hunger Games (The Hunger
/// Games, #1)", "The Secret of the Nagas (Shiva Trilogy #2)", "A Storm of Swords: Steel and Snow (A
/// Song of Ice and Fire, #3: Part 1 of 2)". Other parentheses are part of the title ("I Am America
/// (And So Can You!)", "The Firm (Penguin Readers, Level 5)") and stay.
enum SeriesSuffix {
    /// Splits a title.
    ///
    /// - Parameter title: A whitespace-collapsed title.
    /// - Returns: The title without the suffix and the series text inside the parentheses; the title
    ///   unchanged and `nil` when there is no series suffix or nothing would remain of the title.
    static func split(_ title: String) -> (title: String, series: String?) {
        guard title.utf8.last == UInt8(ascii: ")"), title.utf8.contains(UInt8(ascii: "#")),
            let open = openingParenthesis(in: title)
        else { return (title, nil) }
        let inner = title[title.index(after: open)..<title.index(before: title.endIndex)]
        let head = String(title[..<open]).trimmingWhitespace()
        guard inner.utf8.contains(UInt8(ascii: "#")), !head.isEmpty else { return (title, nil) }
        return (head, String(inner).trimmingWhitespace())
    }

    /// The "(" matching the final ")", honouring nested parentheses.
    private static func openingParenthesis(in title: String) -> String.Index? {
        var depth = 0
        var index = title.endIndex
        while index > title.startIndex {
            index = title.index(before: index)
            switch title[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
