import SQLiteDB

/// A version of a scene's saved state: it changes whenever the state or the position in the history changes, so a
/// client holding one can ask "has it changed?" (an HTTP `ETag`) and a save can be made conditional on it.
///
/// It is computed from the scene's row alone, so it is cheap to recompute. A scene without saved state shows its
/// user's most recently used scene (see ``NavigationStore/restore(scene:for:)``), so its revision is that scene's.
public struct SceneRevision: Sendable, Hashable, CustomStringConvertible {
    /// The revision as text: 32 lowercase hex digits.
    public let text: String

    /// A revision from its text, e.g. one a client sent back.
    public init(_ text: String) {
        self.text = text
    }

    /// The revision's text.
    public var description: String { text }

    /// The revision of a user who has no saved scene at all.
    static let nothingSaved = Self(digesting: ["nothing saved"])

    /// The revision of a stored scene row (`own`: the scene's own row, else the one it starts from).
    init(own: Bool, scene: String, format: Int, state: String, first: Int64, cursor: Int64, last: Int64) {
        self.init(digesting: [own ? "own" : "from", scene, "\(format)", "\(first)", "\(cursor)", "\(last)", state])
    }

    private init(digesting parts: [String]) {
        // NUL cannot occur in a scene name or in stored JSON text, so the joined parts are unambiguous.
        text = String(SHA256.hexDigest(of: parts.joined(separator: "\u{0}")).prefix(32))
    }
}
