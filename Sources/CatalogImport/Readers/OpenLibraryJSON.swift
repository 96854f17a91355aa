import Catalog
import Foundation

/// Tolerant readers for the variants of Open Library's JSON values.
enum OpenLibraryJSON {
    /// A text value written as a string or as `{"type": "/type/text", "value": …}`.
    static func text(_ value: Any?) -> String? {
        if let string = value as? String { return FieldValue.text(string) }
        if let object = value as? [String: Any] { return (object["value"] as? String).flatMap(FieldValue.text) }
        return nil
    }

    /// An array of strings (non-strings skipped), collapsed, missing ones and repeats dropped.
    static func strings(_ value: Any?) -> [String] {
        guard let array = value as? [Any] else { return [] }
        var seen = Set<String>()
        return array.compactMap { ($0 as? String).flatMap(FieldValue.name) }.filter { seen.insert($0).inserted }
    }

    /// The first 4-digit run of a date such as `1995`, `March 1995` or `1995-03-01`.
    static func year(_ value: Any?) -> Int? {
        guard let text = value as? String else { return nil }
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
    static func credits(_ value: Any?, unusable: (String) -> Void) -> [BookRecord.Contributor] {
        guard let entries = value as? [Any] else { return [] }
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

    /// A JSON value as compact JSON with sorted keys: what a warning shows of an entry. (A dictionary's
    /// description is not JSON, and its order changes from one run to the next.)
    static func json(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return String(describing: value) }
        return String(decoding: data, as: UTF8.self)
    }

    /// Normalizes an author key: `/authors/OL1A`, `/a/OL1A` (old form) and `OL1A` all give `/authors/OL1A`.
    static func authorKey(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard let last = trimmed.split(separator: "/").last, last.hasPrefix("OL"), last.hasSuffix("A") else {
            return nil
        }
        return "/authors/" + last
    }

    private static func authorKey(entry: Any) -> String? {
        if let string = entry as? String { return authorKey(string) }
        guard let object = entry as? [String: Any] else { return nil }
        if let author = object["author"] as? String { return authorKey(author) }
        if let author = object["author"] as? [String: Any], let key = author["key"] as? String {
            return authorKey(key)
        }
        return (object["key"] as? String).flatMap(authorKey)
    }

    /// The entry's `role` (a string, or an object with `key`, `name` or `value`); author when absent.
    private static func role(_ entry: Any) -> ContributorRole {
        guard let object = entry as? [String: Any] else { return .author }
        let text: String?
        if let string = object["role"] as? String {
            text = string
        } else if let role = object["role"] as? [String: Any] {
            text = (role["key"] ?? role["name"] ?? role["value"]) as? String
        } else {
            text = nil
        }
        guard let text, let last = text.split(separator: "/").last.map(String.init), FieldValue.name(last) != nil else {
            return .author
        }
        return ContributorRole(rawValue: last)
    }
}
