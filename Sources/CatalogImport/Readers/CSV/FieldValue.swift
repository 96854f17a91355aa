import Catalog

/// How a cell's text becomes a value: missing markers, whitespace, lists, years and counts.
enum FieldValue {
    /// Cell contents that mean "no value", compared case-insensitively after trimming.
    static let missingMarkers: Set<String> = ["", "-", "n/a"]

    /// Whether a cell means "no value": empty, `-` or `N/A` (any case), surrounding whitespace ignored.
    static func isMissing(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        return trimmed.utf8.count <= longestMarker && missingMarkers.contains(trimmed.lowercased())
    }

    /// Lets ``isMissing(_:)`` skip lowercasing ordinary values.
    private static let longestMarker = missingMarkers.map(\.utf8.count).max() ?? 0

    /// Trimmed text, or `nil` when missing. Inner line breaks are kept (summaries have paragraphs).
    static func text(_ raw: String) -> String? {
        let trimmed = raw.trimmingWhitespace()
        return isMissing(trimmed) ? nil : trimmed
    }

    /// Whitespace-collapsed text, or `nil` when missing: for names, titles and genres.
    static func name(_ raw: String) -> String? {
        let collapsed = raw.collapsingWhitespace()
        return isMissing(collapsed) ? nil : collapsed
    }

    /// The values of a multi-valued cell: split, each collapsed, missing ones and repeats dropped.
    ///
    /// - Parameters:
    ///   - raw: The cell.
    ///   - separator: What separates values; `nil` or empty for a single value.
    /// - Returns: The values in order.
    static func list(_ raw: String, separator: String?) -> [String] {
        let pieces: [Substring]
        if let separator, !separator.isEmpty {
            pieces = raw.splitting(on: separator)
        } else {
            pieces = [raw[...]]
        }
        return list(pieces.map(String.init))
    }

    /// Values already split: each collapsed, missing ones and repeats dropped.
    static func list(_ pieces: [String]) -> [String] {
        // Cells hold a handful of values: a linear search beats hashing every one.
        var values: [String] = []
        for piece in pieces {
            if let value = name(piece), !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// Parses a whole number, also written as a float with a zero fraction (`2008.0`, `-430.0`).
    ///
    /// - Parameters:
    ///   - text: Trimmed, non-missing text.
    ///   - range: The allowed values.
    ///   - what: The noun for messages ("year", "page count").
    /// - Returns: The number, or the reason it was refused.
    static func wholeNumber(_ text: String, in range: ClosedRange<Int>, what: String) -> Result<Int, ValueError> {
        var body = Substring(text)
        if let dot = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: dot)...]
            guard fraction.allSatisfy({ $0 == "0" }) else {
                return .failure(ValueError(reason: "is not a whole \(what)"))
            }
            body = body[..<dot]
        }
        guard let value = Int(body) else {
            return .failure(ValueError(reason: "is not a \(what) (expected a whole number)"))
        }
        guard range.contains(value) else {
            return .failure(
                ValueError(reason: "is out of range for a \(what) (\(range.lowerBound)…\(range.upperBound))"))
        }
        return .success(value)
    }

    /// The years accepted: up to 9999 BCE (negative) to 9999 CE.
    static let years = -9999...9999
    /// The page counts accepted.
    static let pageCounts = 1...100_000

    /// Why a value was refused.
    struct ValueError: Error, Sendable, Hashable {
        /// A sentence fragment: "is not a whole year".
        var reason: String
    }
}
