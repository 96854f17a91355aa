import Catalog

/// A multi-valued cell written as a list literal (`--split FIELD=list`): a JSON array, `["Fantasy", "Classics"]`,
/// or a Python list as `repr` prints it, `['Fantasy', "Alice's Books"]`, as published data sets often hold them.
///
/// Items are quoted strings, in single or double quotes, with the escapes both languages write (`\'`, `\"`, `\\`,
/// `\/`, `\n`, `\r`, `\t`, `\b`, `\f`, `\xHH`, `\uHHHH` with surrogate pairs, `\UHHHHHHHH`); an empty list and a
/// trailing comma are allowed. Anything else — no brackets, an unquoted item, a quote never closed, text after the
/// closing bracket — is malformed, and says where.
enum ListCell {
    /// The `--split` value that asks for list literals.
    static let separator = "list"

    /// The items of a list literal.
    ///
    /// - Parameter text: The cell, trimmed and not missing.
    /// - Returns: The items in order, unescaped; or why the cell is not a list literal.
    static func items(_ text: String) -> Result<[String], FieldValue.ValueError> {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        do {
            return .success(try parser.list())
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func list() throws(FieldValue.ValueError) -> [String] {
            skipWhitespace()
            guard peek() == "[" else {
                throw FieldValue.ValueError(
                    reason: "is not a list: expected a JSON array or a Python list such as ['Fantasy', 'Classics']")
            }
            position += 1
            var items: [String] = []
            while true {
                skipWhitespace()
                if peek() == "]" { break }
                items.append(try string(number: items.count + 1))
                skipWhitespace()
                switch peek() {
                case ",": position += 1
                case "]": continue
                case nil: throw failure("the list is never closed with ]")
                default: throw failure("expected , or ] after item \(items.count)")
                }
            }
            position += 1
            skipWhitespace()
            guard position == scalars.count else { throw failure("text after the closing ]") }
            return items
        }

        private mutating func string(number: Int) throws(FieldValue.ValueError) -> String {
            guard let quote = peek(), quote == "'" || quote == "\"" else {
                throw failure(peek() == nil ? "the list is never closed with ]" : "item \(number) is not in quotes")
            }
            let start = position
            position += 1
            var text = String.UnicodeScalarView()
            while let scalar = peek() {
                position += 1
                if scalar == quote { return String(text) }
                if scalar == "\\" {
                    text.append(try escape())
                } else {
                    text.append(scalar)
                }
            }
            position = start
            throw failure("the quote that opens item \(number) is never closed")
        }

        private mutating func escape() throws(FieldValue.ValueError) -> Unicode.Scalar {
            let start = position - 1
            guard let code = peek() else { throw failure("a \\ ends the cell") }
            position += 1
            switch code {
            case "'", "\"", "\\", "/": return code
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "b": return "\u{8}"
            case "f": return "\u{C}"
            case "x": return try hexScalar(digits: 2, escapeStart: start)
            case "U": return try hexScalar(digits: 8, escapeStart: start)
            case "u":
                let value = try hex(digits: 4, escapeStart: start)
                guard (0xD800...0xDBFF).contains(value) else { return try scalar(value, escapeStart: start) }
                // A JSON surrogate pair: \uD83D\uDE00.
                guard peek() == "\\", scalars.indices.contains(position + 1), scalars[position + 1] == "u" else {
                    throw failure(
                        "\\u\(String(value, radix: 16, uppercase: true)) is half of a surrogate pair", at: start)
                }
                position += 2
                let low = try hex(digits: 4, escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(
                        "\\u\(String(value, radix: 16, uppercase: true)) is half of a surrogate pair", at: start)
                }
                return try scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), escapeStart: start)
            default:
                throw failure("unknown escape \\\(code)", at: start)
            }
        }

        private mutating func hexScalar(digits: Int, escapeStart: Int) throws(FieldValue.ValueError) -> Unicode.Scalar {
            try scalar(hex(digits: digits, escapeStart: escapeStart), escapeStart: escapeStart)
        }

        private mutating func hex(digits: Int, escapeStart: Int) throws(FieldValue.ValueError) -> UInt32 {
            guard position + digits <= scalars.count else { throw failure("an escape is cut short", at: escapeStart) }
            var value: UInt32 = 0
            for scalar in scalars[position..<position + digits] {
                guard let digit = Character(scalar).hexDigitValue else {
                    throw failure("an escape has a character that is not a hexadecimal digit", at: escapeStart)
                }
                value = value * 16 + UInt32(digit)
            }
            position += digits
            return value
        }

        private func scalar(_ value: UInt32, escapeStart: Int) throws(FieldValue.ValueError) -> Unicode.Scalar {
            guard value != 0, let scalar = Unicode.Scalar(value) else {
                throw failure("an escape names no character", at: escapeStart)
            }
            return scalar
        }

        private func peek() -> Unicode.Scalar? {
            position < scalars.count ? scalars[position] : nil
        }

        private mutating func skipWhitespace() {
            while let scalar = peek(), scalar.properties.isWhitespace { position += 1 }
        }

        /// A malformed-list reason with the 1-based character position.
        private func failure(_ what: String, at place: Int? = nil) -> FieldValue.ValueError {
            FieldValue.ValueError(reason: "is not a valid list: \(what) (character \((place ?? position) + 1))")
        }
    }
}
