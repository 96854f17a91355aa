public import Foundation
import LibraryNavigation
import Navigation

/// The route string and URL parsers: `LibraryRoute(path:)`, `LibraryRoute(url:)`, `DeepLink(url:)` and
/// `DeepLink.state()`.
///
/// Every route parsed from any text writes back a path and URL that parse to the same route; every deep
/// link parsed writes back a URL that parses to the same link; every state a link opens is valid and is
/// what its own link opens.
public struct RouteParserCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "route-parser"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        if let route = LibraryRoute(path: text) {
            try checkRoundTrip(route, from: text)
        }
        guard let url = URL(string: text) else { return }
        if let route = LibraryRoute(url: url) {
            try checkRoundTrip(route, from: text)
        }
        guard let link = try? DeepLink<LibraryRoute>(url: url) else { return }
        try checkRoundTrip(link, from: text)
    }

    private func checkRoundTrip(_ route: LibraryRoute, from text: String) throws(FuzzFinding) {
        try require(
            LibraryRoute(path: route.path) == route, "path \(route.path.debugDescription) of \(text.debugDescription)")
        if let url = route.url {
            try require(LibraryRoute(url: url) == route, "url \(url.absoluteString) of \(text.debugDescription)")
        }
    }

    private func checkRoundTrip(_ link: DeepLink<LibraryRoute>, from text: String) throws(FuzzFinding) {
        if let url = link.url {
            let reparsed = try? DeepLink<LibraryRoute>(url: url)
            try require(
                reparsed == link, "deep link \(link.urlString) of \(text.debugDescription) reads back differently")
        }
        guard let state = try? link.state() else { return }
        do {
            try state.validate()
        } catch {
            throw FuzzFinding("deep link \(text.debugDescription) opened an invalid state: \(error)")
        }
        let own = DeepLink(state)
        try require((try? own.state()) == state, "the state of \(text.debugDescription) is not what its link opens")
    }
}
