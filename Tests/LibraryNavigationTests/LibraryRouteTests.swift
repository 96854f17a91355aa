import Foundation
import LibraryNavigation
import Navigation
import Testing

@Suite struct LibraryRouteTests {
    static let id = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8") ?? UUID()

    @Test(arguments: [
        (LibraryRoute.books, "books"), (.authors, "authors"), (.genres, "genres"), (.bands, "bands"),
        (.settings, "settings"), (.about, "about"), (.search("le guin"), "search/le guin"),
        (.search("a/b"), "search/a/b"), (.search(""), "search/"),
        (.book(id), "book/6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        (.author(id), "author/6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        (.genre(id), "genre/6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        (.band(id), "band/6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
    ])
    func stringFormRoundTrips(route: LibraryRoute, path: String) throws {
        #expect(route.path == path)
        #expect(LibraryRoute(path: path) == route)
        let url = try #require(route.url)
        #expect(LibraryRoute(url: url) == route)
        let encoded = try JSONEncoder().encode([route])
        #expect(try JSONDecoder().decode([LibraryRoute].self, from: encoded) == [route])
    }

    @Test(arguments: ["", "Books", "book", "book/", "book/not-a-uuid", "shelf/1", "settings/x", "/books"])
    func unknownStringsNameNoRoute(_ path: String) {
        #expect(LibraryRoute(path: path) == nil)
    }

    @Test func settingsAndAboutAreTwoColumnRoutes() {
        #expect(LibraryRoute.sections.filter { $0.layout == .twoColumns } == [.settings, .about])
        #expect(LibraryRoute.genre(Self.id).layout == .threeColumns)
    }

    @Test(arguments: [
        (LibraryRoute.authors, LibraryRoute.author(id), true), (.authors, .book(id), false),
        (.books, .book(id), true), (.genres, .genre(id), true), (.bands, .band(id), true),
        (.search("x"), .band(id), true), (.search("x"), .books, false), (.genre(id), .band(id), true),
        (.genre(id), .book(id), true), (.genre(id), .author(id), false), (.settings, .book(id), false),
    ])
    func contentBelongsToItsSection(sidebar: LibraryRoute, content: LibraryRoute, allowed: Bool) {
        #expect(sidebar.allowsContent(content) == allowed)
    }

    @Test(arguments: [
        (LibraryRoute.book(id), LibraryRoute.author(id), true), (.book(id), .genre(id), true),
        (.book(id), .band(id), false), (.author(id), .book(id), true), (.author(id), .author(id), true),
        (.author(id), .band(id), false),
        (.band(id), .genre(id), true), (.genre(id), .band(id), true), (.genre(id), .book(id), true),
        (.settings, .book(id), false),
    ])
    func detailPushesFollowTheEntitysLinks(from origin: LibraryRoute, to next: LibraryRoute, allowed: Bool) {
        #expect(origin.allowsPush(next) == allowed)
    }

    @Test func onlySectionsAndGenresGoInTheSidebar() {
        let sidebarSections = LibraryRoute.sections.filter { $0.isSidebarItem }
        #expect(sidebarSections == LibraryRoute.sections)
        #expect(LibraryRoute.genre(Self.id).isSidebarItem)
        #expect(!LibraryRoute.book(Self.id).isSidebarItem)
        #expect(!LibraryRoute.band(Self.id).isSidebarItem)
    }
}
