import Catalog
import Foundation

/// How a MARC 21 bibliographic record becomes a ``BookRecord`` (the MARC mapping table of docs/import.md).
///
/// - Title: 245 `$a`, then `$b` after a colon, without the ISBD punctuation that ends them (` /`, ` :`, ` ;`,
///   ` =`, `,`, a final `.`); the second indicator's non-filing characters are dropped for the sort title.
/// - Credits: 100 and 110, then 700 and 710, in record order; the role from `$4` (a relator code), else `$e` (a
///   relator term), else `author` for a 1XX and `contributor` for a 7XX. A personal name entered surname first
///   (first indicator 1) is credited in direct order with the heading as its sort name.
/// - ISBN: the first 020 `$a` that is a valid ISBN-10 or -13 once a qualifier like `(pbk.)` is cut; an invalid one
///   is left out with a warning.
/// - Year: 008 Date 1 (Date 2, the original's, for a reprint), else the first four digits of 264 `$c`
///   (publication, second indicator 1, first) or 260 `$c`.
/// - Language: 008/35–37, else 041 `$a`, as a two-letter code where ISO 639-1 has one.
/// - Genres: 650 and 655 `$a`, subdivisions (`$v`, `$x`, `$y`, `$z`) dropped.
/// - Pages: 300 `$a` when it gives a number of pages (`310 p.`, `xii, 310 pages`).
/// - Summary: every 520 `$a`, a blank line between.
/// - Key: 001; source: 003 (see ``MARCImportReader``).
enum MARCBookMapping {
    /// The book of `record`, or why it cannot be one.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - place: Where it is, for warnings.
    /// - Returns: The book and the values left out, or the issues that reject it.
    static func book(_ record: MARCRecord, place: MARCPlace) -> Outcome {
        var check = LimitCheck(line: 0)
        var warnings: [RowIssue] = record.warnings.map { RowIssue(line: 0, column: "\(place)", reason: $0) }
        let titleField = record.fields("245").first
        let title = titleField.flatMap { check.value(Self.title($0), "245") }
        let sortTitle = titleField.flatMap { field in title.flatMap { Self.sortTitle(of: $0, field) } }
        let key = check.value(record.controlValue("001").flatMap(FieldValue.text), "001")
        let summary = check.value(
            record.fields("520").flatMap { $0.values("a") }.compactMap(FieldValue.text).nilIfEmpty?
                .joined(separator: "\n\n"), "520", .longText)
        let credits = self.credits(record).filter {
            check.value($0.author.name, "100/700") != nil && check.value($0.author.sortName ?? "", "100/700") != nil
        }
        let genres = self.genres(record).filter { check.value($0, "650") != nil }
        let isbn13 = isbn(record) { value, reason in
            warnings.append(RowIssue(line: 0, column: "020 $a of \(place)", value: value, reason: reason))
        }
        guard check.issues.isEmpty else { return .refused(check.issues) }
        guard let title else {
            return .refused([RowIssue(line: 0, column: "245 $a", reason: "is missing; every book needs a title")])
        }
        let book = BookRecord(
            key: key, title: title, sortTitle: sortTitle, isbn13: isbn13, year: year(record), pages: pages(record),
            language: language(record), summary: summary, contributors: credits,
            genres: genres.map { GenreRecord(name: $0) })
        return .book(book, warnings: warnings)
    }

    /// A record's book, or why it cannot be one.
    enum Outcome {
        /// The book, and the values left out of it.
        case book(BookRecord, warnings: [RowIssue])
        /// The issues that reject the record.
        case refused([RowIssue])
    }

    // MARK: Title

    /// 245 `$a` and `$b`, ISBD punctuation cut; `nil` without a usable `$a`.
    static func title(_ field: MARCField) -> String? {
        guard let main = field.first("a").map(trimmingPunctuation).flatMap(FieldValue.name) else { return nil }
        guard let rest = field.first("b").map(trimmingPunctuation).flatMap(FieldValue.name) else { return main }
        return "\(main): \(rest)"
    }

    /// The title without the non-filing characters the second indicator counts ("The " of "The Hobbit").
    private static func sortTitle(of title: String, _ field: MARCField) -> String? {
        guard let count = field.secondIndicator.wholeNumberValue, count > 0, count < title.count else { return nil }
        return FieldValue.name(String(title.dropFirst(count)))
    }

    /// `text` without the punctuation ISBD puts before the next element or at the end: ` /`, ` :`, ` ;`, ` =`, `,`,
    /// and a final period unless it ends an initial (`J. R. R.`) or an ellipsis.
    static func trimmingPunctuation(_ text: String) -> String {
        var text = Substring(text.trimmingWhitespace())
        while let last = text.last {
            if "/:;=,".contains(last) {
                text = text.dropLast()
            } else if last == ".", !text.hasSuffix(".."), !endsWithInitial(text.dropLast()) {
                text = text.dropLast()
            } else {
                break
            }
            text = Substring(String(text).trimmingWhitespace())
        }
        return String(text)
    }

    /// Whether the text ends with a one-letter word (`R` of `J. R. R`).
    private static func endsWithInitial(_ text: Substring) -> Bool {
        guard let last = text.last, last.isLetter else { return false }
        let before = text.dropLast().last
        return before == nil || before == " " || before == "."
    }

    // MARK: Credits

    /// The credits of 100/110 then 700/710, each name once (its first role).
    static func credits(_ record: MARCRecord) -> [BookRecord.Contributor] {
        var credits: [BookRecord.Contributor] = []
        let entries =
            record.fields.filter { $0.tag == "100" || $0.tag == "110" }
            + record.fields.filter { $0.tag == "700" || $0.tag == "710" }
        for field in entries {
            guard let author = author(field), !credits.contains(where: { $0.author.name == author.name }) else {
                continue
            }
            credits.append(.init(author: author, role: role(field)))
        }
        return credits
    }

    /// The person (X00: `$a`) or body (X10: `$a` and `$b`, joined by a period).
    private static func author(_ field: MARCField) -> AuthorRecord? {
        if field.tag.hasSuffix("10") {
            let parts = (field.values("a") + field.values("b")).map(trimmingPunctuation).compactMap(FieldValue.name)
            return parts.isEmpty ? nil : AuthorRecord(name: parts.joined(separator: ". "))
        }
        guard let heading = field.first("a").map(trimmingPunctuation).flatMap(FieldValue.name) else { return nil }
        guard field.firstIndicator == "1", let comma = heading.range(of: ", ") else {
            return AuthorRecord(name: heading)
        }
        let direct = "\(heading[comma.upperBound...]) \(heading[..<comma.lowerBound])"
        return AuthorRecord(name: FieldValue.name(direct) ?? heading, sortName: heading)
    }

    private static func role(_ field: MARCField) -> ContributorRole {
        for code in field.values("4") {
            if let role = relatorCodes[code.trimmingWhitespace().lowercased()] { return role }
        }
        if let term = field.values("e").map(trimmingPunctuation).compactMap(FieldValue.name).first {
            return relatorTerms[term.lowercased()] ?? ContributorRole(rawValue: term)
        }
        return field.tag.hasPrefix("1") ? .author : .contributor
    }

    /// MARC relator codes and the roles they name.
    static let relatorCodes: [String: ContributorRole] = [
        "aut": .author, "cre": .author, "ill": .illustrator, "trl": .translator, "edt": .editor, "ctb": .contributor,
        "com": "compiler", "nrt": "narrator", "aui": "author of introduction", "aft": "author of afterword",
        "pht": "photographer", "art": "artist", "cmp": "composer",
    ]

    /// Abbreviated relator terms of older records.
    static let relatorTerms: [String: ContributorRole] = [
        "ed": .editor, "tr": .translator, "ill": .illustrator, "joint author": .author, "comp": "compiler",
    ]

    // MARK: Other fields

    /// The first valid ISBN of 020 `$a`, as ISBN-13; `invalid` hears of the others that are not ISBNs.
    private static func isbn(_ record: MARCRecord, invalid: (String, String) -> Void) -> String? {
        for value in record.fields("020").flatMap({ $0.values("a") }) {
            let number = String(value.trimmingWhitespace().prefix { $0 != " " && $0 != "(" })
            guard !number.isEmpty else { continue }
            switch ISBN.normalize(number) {
            case .success(let isbn13): return isbn13
            case .failure(let error): invalid(FieldLimits.excerpt(value), error.reason)
            }
        }
        return nil
    }

    /// 008 Date 1 (Date 2 for a reprint, type `r`), else 264 `$c` (publication first), else 260 `$c`.
    static func year(_ record: MARCRecord) -> Int? {
        if let fixed = record.controlValue("008").map({ Array($0.utf8) }), fixed.count >= 15 {
            let date1 = fourDigits(fixed[7..<11])
            let date2 = fourDigits(fixed[11..<15])
            if let year = fixed[6] == UInt8(ascii: "r") ? date2 ?? date1 : date1 { return year }
        }
        let publication = record.fields("264").sorted {
            ($0.secondIndicator == "1" ? 0 : 1) < ($1.secondIndicator == "1" ? 0 : 1)
        }
        for field in publication + record.fields("260") {
            for date in field.values("c") {
                let bytes = Array(date.utf8)
                var index = 0
                while index + 4 <= bytes.count {
                    let isRunStart = index == 0 || !(0x30...0x39).contains(bytes[index - 1])
                    let isRunEnd = index + 4 == bytes.count || !(0x30...0x39).contains(bytes[index + 4])
                    if isRunStart, isRunEnd, let year = fourDigits(bytes[index..<(index + 4)]) { return year }
                    index += 1
                }
            }
        }
        return nil
    }

    /// The year four digits spell, when in range (not `0000`, not `19uu`).
    private static func fourDigits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count == 4, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let year = bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return year > 0 ? year : nil
    }

    /// 008/35–37, else 041 `$a`.
    static func language(_ record: MARCRecord) -> String? {
        var codes: [String] = []
        if let fixed = record.controlValue("008").map({ Array($0.utf8) }), fixed.count >= 38 {
            codes.append(String(decoding: fixed[35..<38], as: UTF8.self))
        }
        codes += record.fields("041").flatMap { $0.values("a") }.map { String($0.trimmingWhitespace().prefix(3)) }
        for code in codes {
            let code = code.lowercased()
            guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x61...0x7A).contains($0) }),
                !["und", "zxx", "mul", "mis"].contains(code)
            else { continue }
            return twoLetterLanguages[code] ?? code
        }
        return nil
    }

    /// MARC language codes with an ISO 639-1 code (BCP 47 prefers those); others are kept as they are.
    static let twoLetterLanguages: [String: String] = [
        "eng": "en", "fre": "fr", "ger": "de", "spa": "es", "ita": "it", "por": "pt", "dut": "nl", "rus": "ru",
        "jpn": "ja", "chi": "zh", "kor": "ko", "ara": "ar", "heb": "he", "gre": "el", "lat": "la", "swe": "sv",
        "dan": "da", "nor": "no", "fin": "fi", "pol": "pl", "cze": "cs", "hun": "hu", "tur": "tr", "ice": "is",
        "wel": "cy", "gle": "ga", "hin": "hi", "per": "fa", "ukr": "uk", "rum": "ro", "cat": "ca", "vie": "vi",
    ]

    /// 650 and 655 `$a`, each name once.
    static func genres(_ record: MARCRecord) -> [String] {
        var names: [String] = []
        for field in record.fields where field.tag == "650" || field.tag == "655" {
            for value in field.values("a") {
                if let name = FieldValue.name(trimmingPunctuation(value)), !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The number of pages 300 `$a` gives: the first number followed by `p.`, `pp.` or `pages`.
    static func pages(_ record: MARCRecord) -> Int? {
        for extent in record.fields("300").flatMap({ $0.values("a") }) {
            let words = extent.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "[" || $0 == "]" })
            for (number, unit) in zip(words, words.dropFirst()) {
                guard ["p", "p.", "pp.", "pages", "pages."].contains(unit.lowercased()),
                    let count = Int(number), FieldValue.pageCounts.contains(count)
                else { continue }
                return count
            }
        }
        return nil
    }
}

extension Array {
    /// The array, or `nil` when it is empty.
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
