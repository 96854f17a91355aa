/// What a ``JSONReader`` accepts and keeps: how deep values nest, how long numbers are, how much of a string and of
/// one value it holds in memory, and what it does with text that is not Unicode.
///
/// A stream of any size is read in bounded memory only with finite ``stringBytes`` and ``valueBytes``; a whole
/// document held in memory already (a change line, a request body) is read with ``document``.
package struct JSONLimits: Sendable, Hashable {
    /// What a string that is not Unicode becomes.
    package enum Unicode: Sendable, Hashable {
        /// Refused: invalid UTF-8 in a string, or a `\u` escape of half a surrogate pair, is a syntax error.
        case strict
        /// Replaced: each such part becomes U+FFFD (for files read from the world, whose bytes were validated
        /// already, and whose stray escapes should not cost the whole file).
        case replacing
    }

    /// The deepest nesting of arrays and objects accepted.
    package var depth: Int
    /// The longest number accepted, in characters.
    package var numberLength: Int
    /// How much of a member name is kept, in bytes of UTF-8 (the rest is read and dropped).
    package var nameBytes: Int
    /// How much of a string value is kept, in bytes of UTF-8: a longer one becomes
    /// ``JSONNode/Value/oversizedString(byteCount:)``.
    package var stringBytes: Int
    /// How much one value built by ``JSONReader/value()`` may hold, in bytes (each value counts 16 more, each
    /// member name its length): past it the rest is read and dropped, and the value is `nil`.
    package var valueBytes: Int
    /// What a string that is not Unicode becomes.
    package var unicode: Unicode

    /// Limits; by default those of ``document``.
    package init(
        depth: Int = 64, numberLength: Int = 64, nameBytes: Int = .max, stringBytes: Int = .max,
        valueBytes: Int = .max, unicode: Unicode = .strict
    ) {
        self.depth = depth
        self.numberLength = numberLength
        self.nameBytes = nameBytes
        self.stringBytes = stringBytes
        self.valueBytes = valueBytes
        self.unicode = unicode
    }

    /// A whole document in memory: 64 levels, numbers of 64 characters, strings kept whole, strict Unicode.
    package static let document = JSONLimits()
}
