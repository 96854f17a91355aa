import SchemaMigration

/// A version of a scene's saved state: it changes whenever the state or the position in the history changes, so a
/// client holding one can ask "has it changed?" (an HTTP `ETag`) and a save can be made conditional on it.
///
/// It is made of the scene's row alone, so it is cheap to recompute. A scene without saved state shows its
/// user's most recently used scene (see ``NavigationStore/restore(scene:for:)``), so its revision is that scene's.
/// Revisions compare by what they are made of; ``text`` digests that into a short opaque form only when asked, so
/// a restore or a save pays nothing for it.
public struct SceneRevision: Sendable, Hashable, CustomStringConvertible {
    private let own: Bool
    private let scene: String
    private let format: Int
    private let state: String
    private let first: Int64
    private let cursor: Int64
    private let last: Int64

    /// The revision of a user who has no saved scene at all.
    static let nothingSaved = Self(own: false, scene: "", format: 0, state: "", first: 0, cursor: 0, last: 0)

    /// Whether it is the revision of the scene's own row (else the scene had none, and started from another).
    var isOwn: Bool { own }

    /// The revision of a stored scene row (`own`: the scene's own row, else the one a scene without a row starts
    /// from).
    init(own: Bool, scene: String, format: Int, state: String, first: Int64, cursor: Int64, last: Int64) {
        self.own = own
        self.scene = scene
        self.format = format
        self.state = state
        self.first = first
        self.cursor = cursor
        self.last = last
    }

    /// The revision as text, 32 lowercase hex digits (the first half of a SHA-256 of what it is made of): equal
    /// revisions have equal texts, and another revision's text differs but for a chance of 2⁻¹²⁸.
    public var text: String {
        // NUL cannot occur in a scene name or in stored JSON text, so the joined parts are unambiguous.
        let parts = [own ? "own" : "from", scene, "\(format)", "\(first)", "\(cursor)", "\(last)", state]
        return String(SHA256.hexDigest(of: parts.joined(separator: "\u{0}")).prefix(32))
    }

    /// The revision's ``text``.
    public var description: String { text }
}
