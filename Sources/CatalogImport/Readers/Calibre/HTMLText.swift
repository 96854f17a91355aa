import Catalog
import Foundation

/// HTML reduced to the plain text a summary holds: Calibre keeps a book's comments as an HTML fragment.
///
/// Tags are dropped (the contents of `script` and `style` with them), character references are decoded, runs of
/// whitespace become one space as a browser shows them, a `<br>` is a line break and a block element (`p`, `div`,
/// a heading, a list item…) is a paragraph, separated from the next by a blank line. Text without a tag is taken as
/// plain text: its own line breaks are kept.
enum HTMLText {
    /// The plain text of an HTML fragment.
    ///
    /// - Parameter html: The fragment, e.g. `<div><p>One &amp; two.</p><p>Three</p></div>`.
    /// - Returns: The text, e.g. `One & two.\n\nThree`; trimmed, possibly empty.
    static func plainText(_ html: String) -> String {
        guard html.contains("<") else { return decodingReferences(html).trimmingWhitespace() }
        var paragraphs: [String] = []
        var lines: [String] = []
        var line = ""
        func endLine() {
            lines.append(decodingReferences(line).collapsingWhitespace())
            line = ""
        }
        func endParagraph() {
            endLine()
            let text = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
            if !text.isEmpty { paragraphs.append(text) }
            lines = []
        }
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            line += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = Tag(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            if tag.hidesContents, !tag.isClosing {
                // Skip to the matching end tag (the whole rest when it has none).
                let end = rest.range(of: "</\(tag.name)", options: .caseInsensitive)
                rest = end.map { rest[$0.upperBound...].drop { $0 != ">" }.dropFirst() } ?? ""
            } else if tag.name == "br" {
                endLine()
            } else if tag.isBlock {
                endParagraph()
            }
        }
        line += rest
        endParagraph()
        return paragraphs.joined(separator: "\n\n")
    }

    /// One tag's name, lowercased, and whether it closes an element.
    private struct Tag {
        let name: String
        let isClosing: Bool

        init(_ text: Substring) {
            isClosing = text.hasPrefix("/")
            name = text.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        }

        /// Elements whose contents are not text.
        var hidesContents: Bool { name == "script" || name == "style" || name == "head" || name == "title" }

        /// Elements that start and end a paragraph.
        var isBlock: Bool { Self.blocks.contains(name) }

        private static let blocks: Set<String> = [
            "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "blockquote", "pre", "table", "tr",
            "section", "article", "header", "footer", "hr", "dl", "dt", "dd", "body", "html",
        ]
    }

    /// `text` with its character references decoded (`&amp;`, `&#8212;`, `&#x2014;`, the common named ones); an
    /// unknown or malformed reference is kept as written.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let body = rest[afterAmpersand...].prefix(12).prefix { $0 != ";" && $0 != "&" }
            guard body.endIndex < rest.endIndex, rest[body.endIndex] == ";", let decoded = character(body) else {
                output += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            output.append(decoded)
            rest = rest[rest.index(after: body.endIndex)...]
        }
        return output + rest
    }

    /// The character a reference's body (between `&` and `;`) names.
    private static func character(_ body: Substring) -> Character? {
        guard body.hasPrefix("#") else { return namedReferences[String(body)] }
        let number = body.dropFirst()
        let value =
            number.first == "x" || number.first == "X" ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }

    /// The named references comments use: markup, spacing, quotes, dashes and Latin-1 letters.
    private static let namedReferences: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ",
        "thinsp": " ", "shy": "\u{AD}", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’",
        "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "copy": "©",
        "reg": "®", "trade": "™", "deg": "°", "middot": "·", "bull": "•", "times": "×", "eacute": "é",
        "egrave": "è", "ecirc": "ê", "euml": "ë", "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä",
        "aring": "å", "atilde": "ã", "aelig": "æ", "ccedil": "ç", "iacute": "í", "igrave": "ì", "icirc": "î",
        "iuml": "ï", "ntilde": "ñ", "oacute": "ó", "ograve": "ò", "ocirc": "ô", "ouml": "ö", "otilde": "õ",
        "oslash": "ø", "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü", "yacute": "ý", "szlig": "ß",
        "Eacute": "É", "Aacute": "Á", "Agrave": "À", "Auml": "Ä", "Aring": "Å", "Ccedil": "Ç", "Ntilde": "Ñ",
        "Oacute": "Ó", "Ouml": "Ö", "Oslash": "Ø", "Uacute": "Ú", "Uuml": "Ü",
    ]
}
