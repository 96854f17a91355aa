import Catalog
import SQLiteDB

/// One field of a draft (`BookDraft.title`) under the name an edit gives it (`title`): what an import copies from the
/// catalog's current draft into the record's when the field was edited by hand.
struct DraftField<Draft> {
    /// The field's name in an edit and in the edit history.
    let key: String
    /// Copies the field from the second draft into the first.
    let copy: (inout Draft, Draft) -> Void

    init<Value>(_ key: String, _ path: WritableKeyPath<Draft, Value>) {
        self.key = key
        copy = { $0[keyPath: path] = $1[keyPath: path] }
    }

    /// `draft` with the fields of `fields` named in `edited` taken from `current`, and the names of those that this
    /// changed. Each field is compared as it would be stored (`values` checks and normalizes a draft) after the ones
    /// before it were taken: a record that spells the same value differently keeps nothing, and a sort title that
    /// follows a kept title is not reported apart.
    static func keeping(
        _ edited: Set<String>, of current: Draft, over draft: Draft, fields: [DraftField<Draft>],
        values: (Draft) throws -> StatementArguments
    ) throws -> (draft: Draft, kept: [String]) {
        func stored(_ draft: Draft) throws -> [DatabaseValue] {
            try values(draft).map { $0?.databaseValue ?? .null }
        }
        var merged = draft
        var mergedValues = try stored(draft)
        var kept: [String] = []
        for field in fields where edited.contains(field.key) {
            var trial = merged
            field.copy(&trial, current)
            let trialValues = try stored(trial)
            guard trialValues != mergedValues else { continue }
            merged = trial
            mergedValues = trialValues
            kept.append(field.key)
        }
        return (merged, kept)
    }
}

extension DraftField where Draft == BookDraft {
    /// A book's fields, as an edit names them.
    static var book: [Self] {
        [
            Self("title", \.title), Self("sortTitle", \.sortTitle), Self("isbn13", \.isbn13), Self("year", \.year),
            Self("pages", \.pages), Self("language", \.language), Self("summary", \.summary),
        ]
    }
}

extension DraftField where Draft == AuthorDraft {
    /// An author's fields, as an edit names them.
    static var author: [Self] {
        [Self("name", \.name), Self("sortName", \.sortName), Self("disambiguation", \.disambiguation)]
    }
}

extension DraftField where Draft == BandDraft {
    /// A band's fields, as an edit names them.
    static var band: [Self] {
        [
            Self("name", \.name), Self("sortName", \.sortName), Self("country", \.country),
            Self("formedYear", \.formedYear), Self("endedYear", \.endedYear), Self("status", \.status),
            Self("disambiguation", \.disambiguation),
        ]
    }
}

extension Book {
    /// The book's fields as a draft, to compare with a record's.
    var currentDraft: BookDraft {
        BookDraft(
            title: title, sortTitle: sortTitle, isbn13: isbn13, year: year, pages: pages, language: language,
            summary: summary)
    }
}

extension Author {
    /// The author's fields as a draft, to compare with a record's.
    var currentDraft: AuthorDraft { AuthorDraft(name: name, sortName: sortName, disambiguation: disambiguation) }
}

extension Band {
    /// The band's fields as a draft, to compare with a record's.
    var currentDraft: BandDraft {
        BandDraft(
            name: name, sortName: sortName, country: country, formedYear: formedYear, endedYear: endedYear,
            status: status, disambiguation: disambiguation)
    }
}
