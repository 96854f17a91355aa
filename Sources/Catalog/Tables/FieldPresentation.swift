/// How a detail presents one column of an entity table: the label it shows and how the value reads. The terminal
/// browser, a detail's JSON (`facts`) and the web page all show the columns whose description has one, in the
/// order of the description, so a new column shows everywhere once its line in ``CatalogTables`` says how.
package struct FieldPresentation: Sendable, Hashable {
    /// How a value reads.
    package enum Style: Sendable, Hashable {
        /// The stored text as it is: a language tag, a status, a summary.
        case text
        /// An integer as digits: a page count.
        case number
        /// A year, negative before the common era.
        case year
        /// A 13-digit ISBN as stored, without hyphens.
        case isbn
        /// An ISO 3166-1 alpha-2 country code: "GB".
        case country
        /// This column the first year of a span, the column named `until` its last: "1975–2015", "1962–".
        case years(until: String)
        /// A reference shown as the referenced row's `column`: a genre's parent by its name.
        case name(column: String)

        /// The style's name in a detail's JSON (`"year"`, `"isbn"`), for a client that shows a kind its own way.
        package var name: String {
            switch self {
            case .text: "text"
            case .number: "number"
            case .year: "year"
            case .isbn: "isbn"
            case .country: "country"
            case .years: "years"
            case .name: "name"
            }
        }
    }

    /// The label: "Year", "Part of".
    package let label: String
    /// How the value reads.
    package let style: Style
    /// The column (its SQL name) this one is shown after, when that is not where the description lists it: the
    /// order of a table's columns is the order of its writes' values, the order of its facts the reader's.
    package let after: String?
}

extension TableColumn {
    /// This column, shown in a detail under `label` as `style` says, in the description's order or right after
    /// column `after`.
    package func shown(_ label: String, as style: FieldPresentation.Style = .text, after: String? = nil)
        -> TableColumn
    {
        var column = self
        column.presentation = FieldPresentation(label: label, style: style, after: after)
        return column
    }
}
