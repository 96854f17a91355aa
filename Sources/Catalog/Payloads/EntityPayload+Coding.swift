import SQLiteDB

extension EntityPayload {
    /// Reads the JSON form of a payload of `table`: a required column must be there; other keys are ignored.
    package init(table: EntityTable, from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PayloadKey.self)
        self.table = table
        values = try Self.decode(table.payloadColumns, from: container)
        links = try table.links.map { link in
            var list = try container.nestedUnkeyedContainer(forKey: PayloadKey(link.key))
            var rows: [Values] = []
            while !list.isAtEnd {
                rows.append(try Self.decode(link.columns, from: list.nestedContainer(keyedBy: PayloadKey.self)))
            }
            return rows
        }
    }

    /// Writes the JSON form.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PayloadKey.self)
        try Self.encode(values, of: table.payloadColumns, into: &container)
        for (link, rows) in zip(table.links, links) {
            var list = container.nestedUnkeyedContainer(forKey: PayloadKey(link.key))
            for row in rows {
                var object = list.nestedContainer(keyedBy: PayloadKey.self)
                try Self.encode(row, of: link.columns, into: &object)
            }
        }
    }

    private static func decode(_ columns: [TableColumn], from container: KeyedDecodingContainer<PayloadKey>) throws
        -> Values
    {
        try columns.map { column in
            let key = PayloadKey(column.key)
            switch (column.type, column.isRequired) {
            case (.integer, true): return .integer(Int64(try container.decode(Int.self, forKey: key)))
            case (.integer, false):
                return try container.decodeIfPresent(Int.self, forKey: key).map { .integer(Int64($0)) } ?? .null
            case (.text, true): return .text(try container.decode(String.self, forKey: key))
            case (.text, false):
                return try container.decodeIfPresent(String.self, forKey: key).map(DatabaseValue.text) ?? .null
            }
        }
    }

    private static func encode(
        _ values: Values, of columns: [TableColumn], into container: inout KeyedEncodingContainer<PayloadKey>
    ) throws {
        for (column, value) in zip(columns, values) {
            let key = PayloadKey(column.key)
            switch value {
            case .null: continue
            case .integer(let integer): try container.encode(integer, forKey: key)
            case .real(let real): try container.encode(real, forKey: key)
            case .text(let text): try container.encode(text, forKey: key)
            case .blob(let data): try container.encode(data, forKey: key)
            }
        }
    }
}

/// A key of a payload's JSON object: a column's key or a link table's.
private struct PayloadKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) {
        stringValue = key
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}
