import Foundation
import Navigation
import Testing

@Suite struct SplitViewStateTests {
    @Test func initializerChecksInvariants() throws {
        #expect(throws: NavigationError.self) { try SplitViewState<TestRoute>(sidebar: .books, content: .author(1)) }
        #expect(throws: NavigationError.self) { try SplitViewState<TestRoute>(sidebar: nil, stack: [.book(1)]) }
        #expect(throws: NavigationError.self) {
            try SplitViewState<TestRoute>(sidebar: .books, content: .book(1), detail: .book(2))
        }
        #expect(throws: NavigationError.self) {
            try SplitViewState<TestRoute>(sidebar: .settings, detail: .settings, compactColumn: .content)
        }
        let valid = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(1), detail: .book(1), stack: [.author(2), .book(3)], compactColumn: .detail)
        #expect(valid.layout == .threeColumns && valid.topOfDetail == .book(3))
    }

    @Test func codableUsesStablePaths() throws {
        let state = try SplitViewState<TestRoute>(
            sidebar: .genres, content: .genre(1), detail: .genre(1), stack: [.band(2)], visibility: .detailOnly,
            compactColumn: .detail)
        let data = try JSONEncoder().encode(state)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""sidebar":"genres""#) && json.contains(#""stack":["band\/2"]"#))
        #expect(try JSONDecoder().decode(SplitViewState<TestRoute>.self, from: data) == state)

        let unknown = Data(#"{"sidebar":"shelves"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SplitViewState<TestRoute>.self, from: unknown) }
    }

    @Test func routeURLForm() throws {
        #expect(TestRoute.author(4).urlString == "catalog://author/4")
        let url = try #require(URL(string: "catalog://symbol/Dragon%20Boat"))
        #expect(TestRoute(url: url) == .symbol("Dragon Boat"))
        #expect(TestRoute.symbol("Dragon Boat").urlString == "catalog://symbol/Dragon%20Boat")
        #expect(TestRoute(url: try #require(URL(string: "https://author/4"))) == nil)
    }
}
