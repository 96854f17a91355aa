import Foundation
import Navigation
import Testing

@Suite struct DeepLinkTests {
    @Test func openAppliesAWholeChainAtOnce() throws {
        let url = try #require(URL(string: "catalog://genre/1?content=band/2&stack=genre/3&stack=band/4"))
        let before = try navigate([.setVisibility(.all), .selectSidebar(.settings)])
        let transition = try before.applying(.open(url))
        #expect(transition.state.sidebar == .genre(1) && transition.state.content == .band(2))
        #expect(transition.state.detail == .band(2) && transition.state.stack == [.genre(3), .band(4)])
        #expect(transition.state.visibility == .all && transition.state.compactColumn == .detail)
        #expect(transition.historyEffect == .record)
    }

    @Test(arguments: [
        "catalog://genre/1?content=book/2",  // a book is not listed under a genre
        "catalog://books?content=book/2&stack=band/3",  // a band cannot be pushed on a book
        "catalog://settings?content=book/2",  // settings has no content column
        "catalog://book/2",  // a book cannot be a sidebar item
        "catalog://books?content=book/2&detail=book/3",  // the detail of a content selection is that selection
        "catalog://books?stack=author/1",  // a stack without a detail root
        "catalog://shelves",  // no such route
        "https://books",  // another scheme
        "catalog://books?shelf=1",  // unknown query item
    ])
    func impossibleDeepLinkIsRefused(link: String) throws {
        let url = try #require(URL(string: link))
        let before = try navigate([.selectSidebar(.authors), .selectContent(.author(1))])
        #expect {
            try before.applying(.open(url))
        } throws: { error in
            guard case .invalidDeepLink = error as? NavigationError else { return false }
            return true
        }
    }

    @Test func linkRoundTripsThroughItsURL() throws {
        let state = try navigate([.selectSidebar(.books), .selectContent(.book(1)), .push(.author(2))])
        let link = DeepLink(state)
        #expect(link.urlString == "catalog://books?content=book/1&stack=author/2")
        let url = try #require(link.url)
        #expect(try DeepLink<TestRoute>(url: url) == link)
        #expect(try link.state() == state)

        let toolbar = try navigate([.selectSidebar(.settings), .showDetail(.cats)])
        let toolbarLink = DeepLink(toolbar)
        #expect(toolbarLink.urlString == "catalog://settings?detail=cats")
        #expect(try toolbarLink.state() == toolbar)
    }
}
