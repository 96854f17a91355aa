import Foundation
public import Navigation

/// An intent of the catalog's navigation by the name the command line (`catalog nav NAME ARGUMENT`) and the HTTP API
/// (`{"intent": NAME, "argument": ARGUMENT}`) give it, with what its argument is.
///
/// ```swift
/// let intent = try NamedIntent.named("select-content")?.intent("genre/0f8fad5b-d9cb-469f-a165-70867728950e")
/// ```
public struct NamedIntent: Sendable {
    /// What an intent's argument is.
    public enum ArgumentKind: Sendable, Hashable {
        /// A route in its string form, e.g. `books` or `genre/UUID`.
        case route
        /// One of the column visibilities: `automatic`, `all`, `doubleColumn`, `detailOnly`.
        case visibility
        /// One of the compact columns: `sidebar`, `content`, `detail`.
        case compactColumn
        /// A deep link, e.g. `catalog://genres?content=genre/UUID`.
        case url
        /// How many entries of the detail stack to keep: a whole number, 0 or more.
        case stackCount
    }

    /// Why an argument does not make an intent.
    public enum ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The intent takes an argument and none was given.
        case missing(intent: String)
        /// The intent takes none and one was given.
        case unexpected(intent: String)
        /// The text is not a route.
        case notARoute(String)
        /// The text is not one of `allowed`.
        case notOneOf(String, allowed: [String])
        /// The text is not a URL.
        case notAURL(String)
        /// The text is not a whole number of stack entries.
        case notAStackCount(String)

        /// A sentence saying what is wrong.
        public var description: String {
            switch self {
            case .missing(let intent): "\(intent) takes an argument"
            case .unexpected(let intent): "\(intent) takes no argument"
            case .notARoute(let text): "'\(text)' is not a route"
            case .notOneOf(let text, let allowed): "'\(text)' is not one of \(allowed.joined(separator: ", "))"
            case .notAURL(let text): "'\(text)' is not a URL"
            case .notAStackCount(let text):
                "'\(text)' is not a whole number of stack entries (0 or more): how many to keep, 0 for the root"
            }
        }
    }

    /// The intent's name, e.g. `select-content`.
    public let name: String
    /// A sentence saying what it does.
    public let abstract: String
    /// What its argument is, or `nil` when it takes none.
    public let argument: ArgumentKind?
    private let make: @Sendable (String) throws -> NavigationIntent<LibraryRoute>

    private init(
        _ name: String, _ abstract: String, _ argument: ArgumentKind? = nil,
        _ make: @escaping @Sendable (String) throws -> NavigationIntent<LibraryRoute>
    ) {
        self.name = name
        self.abstract = abstract
        self.argument = argument
        self.make = make
    }

    /// The intent this name makes with `argument`.
    ///
    /// - Throws: ``ArgumentError`` when the argument is missing, unexpected or not of its kind.
    public func intent(_ argument: String?) throws -> NavigationIntent<LibraryRoute> {
        switch (self.argument, argument) {
        case (nil, nil): return try make("")
        case (nil, .some): throw ArgumentError.unexpected(intent: name)
        case (.some, nil): throw ArgumentError.missing(intent: name)
        case (.some, .some(let text)): return try make(text)
        }
    }

    /// The intent called `name`, or `nil`.
    public static func named(_ name: String) -> NamedIntent? {
        all.first { $0.name == name }
    }

    /// Every named intent, in the order the command line lists them.
    public static let all: [NamedIntent] = [
        NamedIntent("select-sidebar", "Select a sidebar item (clears everything after it).", .route) {
            .selectSidebar(try route($0))
        },
        NamedIntent("clear-sidebar", "Clear the sidebar selection and everything after it.") { _ in .clearSidebar },
        NamedIntent("select-content", "Select an item of the content list; it becomes the detail.", .route) {
            .selectContent(try route($0))
        },
        NamedIntent("clear-content", "Clear the content selection and the detail.") { _ in .selectContent(nil) },
        NamedIntent("show-detail", "Show a route in the detail column from outside the lists.", .route) {
            .showDetail(try route($0))
        },
        NamedIntent("push", "Push a route onto the detail stack.", .route) { .push(try route($0)) },
        NamedIntent("pop", "Pop the top of the detail stack.") { _ in .pop },
        NamedIntent("pop-to-root", "Pop the detail stack to its root.") { _ in .popToRoot },
        NamedIntent("pop-to", "Keep the first INDEX entries of the detail stack (0: pop to its root).", .stackCount) {
            guard let count = Int($0), count >= 0 else { throw ArgumentError.notAStackCount($0) }
            return .popTo(count)
        },
        NamedIntent("back", "Go back in history.") { _ in .back },
        NamedIntent("forward", "Go forward in history.") { _ in .forward },
        NamedIntent("compact-back", "The back button of the collapsed (one-column) view.") { _ in .compactBack },
        NamedIntent("visibility", "Set the column visibility.", .visibility) {
            .setVisibility(try choice($0, ColumnVisibility.self))
        },
        NamedIntent("compact-column", "Set the column shown on top when collapsed.", .compactColumn) {
            .setCompactColumn(try choice($0, CompactColumn.self))
        },
        NamedIntent("open", "Open a deep link as one whole state.", .url) {
            guard let url = URL(string: $0) else { throw ArgumentError.notAURL($0) }
            return .open(url)
        },
    ]

    private static func route(_ text: String) throws -> LibraryRoute {
        guard let route = LibraryRoute(path: text) else { throw ArgumentError.notARoute(text) }
        return route
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ type: T.Type) throws -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw ArgumentError.notOneOf(text, allowed: T.allCases.map(\.rawValue))
        }
        return value
    }
}
