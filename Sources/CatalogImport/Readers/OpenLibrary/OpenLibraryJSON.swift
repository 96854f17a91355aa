import Catalog
import JSONKit

/// Tolerant readers for the variants of Open Library's JSON values.
enum OpenLibraryJSON {
    /// A text value written as a string or as `{"type": "/type/text", "value": …}`.
    static func text(_ value: JSONNode?) -> String? {
        if let string = value?.string { return FieldValue.text(string) }
        return value?["value"]?.string.flatMap(FieldValue.text)
    }

    /// An array of strings (non-strings skipped), collapsed, missing ones and repeats dropped.
    static func strings(_ value: JSONNode?) -> [String] {
        guard let array = value?.elements else { return [] }
        var seen = Set<String>()
        return array.compactMap { $0.string.flatMap(FieldValue.name) }.filter { seen.insert($0).inserted }
    }

    /// The first 4-digit run of a date such as `1995`, `March 1995` or `1995-03-01`.
    static func year(_ value: JSONNode?) -> Int? {
        guard let text = value?.string else { return nil }
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                if digits.count == 4 { return Int(digits) }
            } else {
                digits = ""
            }
        }
        return nil
    }

    /// The credits of a work's `authors` array, in order, each author once.
    ///
    /// - Parameters:
    ///   - value: The `authors` value.
    ///   - unusable: Called with a description of each entry that has no author key.
    static func credits(_ value: JSONNode?, unusable: (String) -> Void) -> [BookRecord.Contributor] {
        guard let entries = value?.elements else { return [] }
        var seen = Set<String>()
        var credits: [BookRecord.Contributor] = []
        for entry in entries {
            guard let key = authorKey(entry: entry) else {
                unusable(json(entry))
                continue
            }
            guard seen.insert(key).inserted else { continue }
            let name = String(key.split(separator: "/").last ?? Substring(key))
            credits.append(
                .init(author: AuthorRecord(key: key, name: name, isPlaceholderName: true), role: role(entry)))
        }
        return credits
    }

    /// A JSON value as compact JSON with sorted keys: what a warning shows of an entry (the same text from one
    /// run to the next).
    static func json(_ value: JSONNode) -> String {
        var writer = JSONWriter(layout: .compact)
        writer.node(value, sortingKeys: true)
        return writer.text
    }

    /// Normalizes an author key: `/authors/OL1A`, `/a/OL1A` (old form) and `OL1A` all give `/authors/OL1A`.
    static func authorKey(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard let last = trimmed.split(separator: "/").last, last.hasPrefix("OL"), last.hasSuffix("A") else {
            return nil
        }
        return "/authors/" + last
    }

    private static func authorKey(entry: JSONNode) -> String? {
        if let string = entry.string { return authorKey(string) }
        guard case .object = entry.value else { return nil }
        if let author = entry["author"]?.string { return authorKey(author) }
        if let key = entry["author"]?["key"]?.string { return authorKey(key) }
        return entry["key"]?.string.flatMap(authorKey)
    }

    /// The entry's `role` (a string, or an object with `key`, `name` or `value`); author when absent.
    private static func role(_ entry: JSONNode) -> ContributorRole {
        guard let role = entry["role"] else { return .author }
        let text: String?
        if let string = role.string {
            text = string
        } else if case .object = role.value {
            text = (role["key"] ?? role["name"] ?? role["value"])?.string
        } else {
            text = nil
        }
        guard let text, let last = text.split(separator: "/").last.map(String.init), FieldValue.name(last) != nil else {
            return .author
        }
        return ContributorRole(rawValue: last)
    }
}
