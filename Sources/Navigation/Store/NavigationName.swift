/// The rules every name of a user, a scene or a session follows, checked where one is created.
///
/// Names travel in URLs, HTTP requests and logs, so a name is 1 to ``maximumLength`` characters (Unicode code
/// points), has no control or invisible formatting characters (line breaks, tabs, zero-width and bidirectional
/// marks), no whitespace at either end and no `/` (it would split a URL path), and is not `.` or `..`.
///
/// ```swift
/// NavigationName.problem(with: "ada")        // nil
/// NavigationName.problem(with: "ada\nroot")  // .invisibleCharacter("U+000A", position: 4)
/// ```
public enum NavigationName {
    /// What a name names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case user, scene, session
    }

    /// The most characters (Unicode code points) a name may have: ``NavigationLimits/nameCharacters``.
    public static var maximumLength: Int { NavigationLimits.nameCharacters }

    /// How a name breaks the rules.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// The name has `length` characters, more than ``NavigationName/maximumLength``.
        case tooLong(length: Int)
        /// The name holds a control or formatting character, e.g. `U+000A`, at `position` (from 1).
        case invisibleCharacter(String, position: Int)
        /// The name begins or ends with whitespace.
        case surroundingWhitespace
        /// The name holds a `/`.
        case slash
        /// The name is `.` or `..`, which URL paths treat as "this" and "the parent".
        case dotSegment

        /// The end of the sentence "a user name …".
        public var description: String {
            switch self {
            case .empty: "cannot be empty"
            case .tooLong(let length):
                "has \(length) characters; it can have at most \(NavigationName.maximumLength)"
            case .invisibleCharacter(let code, let position):
                "cannot contain control or invisible formatting characters (\(code) at character \(position))"
            case .surroundingWhitespace: "cannot begin or end with whitespace"
            case .slash: "cannot contain '/'"
            case .dotSegment: "cannot be '.' or '..'"
            }
        }
    }

    /// How `name` breaks the rules, or `nil` when it follows them.
    public static func problem(with name: String) -> Problem? {
        let scalars = name.unicodeScalars
        guard !scalars.isEmpty else { return .empty }
        guard scalars.count <= maximumLength else { return .tooLong(length: scalars.count) }
        for (offset, scalar) in scalars.enumerated() where isInvisible(scalar) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return .invisibleCharacter(code, position: offset + 1)
        }
        if let first = scalars.first, let last = scalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            return .surroundingWhitespace
        }
        if scalars.contains("/") { return .slash }
        if name == "." || name == ".." { return .dotSegment }
        return nil
    }

    /// Throws ``NavigationStoreError/invalidName(kind:problem:)`` unless `name` follows the rules.
    package static func validate(_ name: String, as kind: Kind) throws {
        if let problem = problem(with: name) { throw NavigationStoreError.invalidName(kind: kind, problem: problem) }
    }

    /// Control characters, formatting characters (zero-width, bidirectional marks) and line or paragraph
    /// separators: invisible, or breaking a line of a log.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
