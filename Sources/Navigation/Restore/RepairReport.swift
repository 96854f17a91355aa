/// What a restore had to change in the stored state so it could be used: one ``Repair`` per problem.
///
/// An app shows it ("this book is no longer available"); an empty report means the state came back as
/// it was saved.
public struct RepairReport: Sendable, Hashable, CustomStringConvertible {
    /// The repairs, upstream first.
    public var repairs: [Repair]
    /// The stored format version when it was older than the current one and migrated forward.
    public var migratedFromFormat: Int?

    /// A report with the given repairs.
    ///
    /// - Parameters:
    ///   - repairs: the repairs made.
    ///   - migratedFromFormat: the older stored format, if the state was migrated.
    public init(repairs: [Repair] = [], migratedFromFormat: Int? = nil) {
        self.repairs = repairs
        self.migratedFromFormat = migratedFromFormat
    }

    /// Whether nothing was repaired.
    public var isEmpty: Bool { repairs.isEmpty }

    /// One line per repair.
    public var description: String {
        repairs.isEmpty ? "no repairs" : repairs.map(\.description).joined(separator: "\n")
    }
}

/// One repair of a restored state: which element was wrong, why, and every stored route dropped for it.
public struct Repair: Sendable, Hashable, CustomStringConvertible {
    /// A part of a split-view state.
    public enum Element: Sendable, Hashable, CustomStringConvertible {
        /// The whole state.
        case state
        /// The sidebar selection.
        case sidebar
        /// The content selection.
        case content
        /// The detail root.
        case detail
        /// The detail stack entry at `index` (0 is the bottom).
        case stack(index: Int)
        /// The column visibility.
        case visibility
        /// The compact column.
        case compactColumn

        /// The element's name, e.g. `detail stack entry 2`.
        public var description: String {
            switch self {
            case .state: "state"
            case .sidebar: "sidebar"
            case .content: "content selection"
            case .detail: "detail root"
            case .stack(let index): "detail stack entry \(index + 1)"
            case .visibility: "column visibility"
            case .compactColumn: "compact column"
            }
        }
    }

    /// Why an element could not be kept.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The stored state is not readable at all (not JSON, not an object).
        case unreadable
        /// The stored format version is unknown to this program (newer, or not a version).
        case unknownFormat(Int)
        /// The stored value names no route (or no value of its kind).
        case undecodable
        /// The route cannot appear there (not a sidebar item, not in the section, not pushable there).
        case notAllowed
        /// The route's entity no longer exists.
        case notFound
        /// The route's entity was merged into the one `successor` (a route path) names, which the state shows
        /// instead: nothing was removed.
        case mergedInto(successor: String)
        /// The route exists, but `from` (the sidebar selection, or the stack entry below) does not list it.
        case notLinked(from: String)
        /// The reference check failed, so routes were kept unchecked.
        case validatorFailed(String)
        /// The stored route is `bytes` bytes of UTF-8, over ``NavigationLimits/routeBytes``.
        case routeTooLong(bytes: Int)
        /// The stored state took `bytes` bytes, over ``NavigationLimits/stateBytes``: the element (the top of the
        /// detail stack from it on, or the state's unread parts) did not fit.
        case stateTooLarge(bytes: Int)

        /// A short phrase, e.g. `is no longer available`.
        public var description: String {
            switch self {
            case .unreadable: "could not be read"
            case .unknownFormat(let version): "has unknown format \(version)"
            case .undecodable: "names nothing this program knows"
            case .notAllowed: "cannot appear there"
            case .notFound: "is no longer available"
            case .mergedInto(let successor): "was merged into \(successor)"
            case .notLinked(let origin): "is not listed under \(origin)"
            case .validatorFailed(let message): "could not be checked (\(message))"
            case .routeTooLong(let bytes):
                "is \(bytes) bytes, over the limit of \(NavigationLimits.routeBytes) bytes for a route"
            case .stateTooLarge(let bytes):
                "does not fit the limit of \(NavigationLimits.stateBytes) bytes for a saved state (it took \(bytes))"
            }
        }
    }

    /// The route path the element's entity was merged into, when that is the repair.
    public var mergedInto: String? {
        guard case .mergedInto(let successor) = reason else { return nil }
        return successor
    }

    /// The element repaired.
    public let element: Element
    /// The stored value of the element (a route path, a visibility name), when there was one.
    public let storedValue: String?
    /// Why it was repaired.
    public let reason: Reason
    /// The stored routes dropped by this repair: the element itself and everything that depended on it.
    public let removed: [String]

    /// A repair record.
    ///
    /// - Parameters:
    ///   - element: the element repaired.
    ///   - storedValue: its stored value.
    ///   - reason: why.
    ///   - removed: the stored routes dropped as a consequence.
    public init(element: Element, storedValue: String?, reason: Reason, removed: [String]) {
        self.element = element
        self.storedValue = storedValue
        self.reason = reason
        self.removed = removed
    }

    /// E.g. `detail stack entry 2 book/… is no longer available: removed book/…, author/…`.
    public var description: String {
        let value = storedValue.map { " \($0)" } ?? ""
        let dropped = removed.isEmpty ? "" : ": removed \(removed.joined(separator: ", "))"
        return "\(element)\(value) \(reason)\(dropped)"
    }
}
