import Foundation
import LibraryNavigation
import TerminalKit
import Testing

@testable import Navigation
@testable import catalog

/// Snapshots of the browser's frames, rendered without ANSI styles: `▸` marks a selection, `›` the cursor.
@Suite struct BrowseRendererTests {
    static func id(_ number: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, number))
    }

    static let metal = LibraryRoute.genre(id(1))
    static let motorhead = LibraryRoute.band(id(2))

    static var sidebar: ColumnList {
        ColumnList(title: "Library", rows: LibraryRoute.sections.map { ColumnRow(route: $0, title: $0.displayName) })
    }

    static var genres: ColumnList {
        ColumnList(
            title: "Genres",
            rows: [
                ColumnRow(route: .genre(id(3)), title: "Hard rock"), ColumnRow(route: metal, title: "Heavy metal"),
                ColumnRow(route: .genre(id(4)), title: "Hip hop"),
            ], totalCount: 26)
    }

    static var motorheadDetail: RouteDetail {
        RouteDetail(
            route: motorhead, kind: "Band", title: "Motörhead",
            fields: [
                DetailField(label: "Country", value: "GB"), DetailField(label: "Years", value: "1975–2015"),
                DetailField(label: "Status", value: "disbanded"),
            ],
            sections: [
                ColumnList(
                    title: "Genres",
                    rows: [
                        ColumnRow(route: metal, title: "Heavy metal"),
                        ColumnRow(route: .genre(id(3)), title: "Hard rock"),
                    ])
            ])
    }

    static func bandScreen() throws -> BrowseScreen {
        let state = try SplitViewState<LibraryRoute>(
            sidebar: .genres, content: metal, detail: metal, stack: [motorhead], compactColumn: .detail)
        return BrowseScreen(
            title: "ada · main", state: state, history: HistoryPosition(index: 3, count: 4), sidebar: sidebar,
            content: genres, detail: motorheadDetail, breadcrumb: ["Heavy metal", "Motörhead"], focus: .detail,
            cursors: [.sidebar: 2, .content: 1, .detail: 1], notice: nil, mode: .browsing)
    }

    /// The frame as text, each line's trailing spaces trimmed; every line must fill the width exactly.
    func render(_ screen: BrowseScreen, columns: Int, rows: Int) -> String {
        let lines = BrowseRenderer(size: TerminalSize(columns: columns, rows: rows), style: .plain).render(screen)
        #expect(lines.count == rows)
        #expect(lines.allSatisfy { $0.displayWidth == columns }, "\(lines.map(\.displayWidth))")
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    @Test func threeColumns() throws {
        #expect(
            render(try Self.bandScreen(), columns: 100, rows: 14) == """
                 Library catalog · ada · main                                                           history 4/4
                Library                │ Genres 26                    │ Heavy metal › Motörhead
                ───────────────────────┼──────────────────────────────┼─────────────────────────────────────────────
                  Books                │   Hard rock                  │ Band
                  Authors              │ ▸ Heavy metal                │ Motörhead
                ▸ Genres               │   Hip hop                    │
                  Bands                │                              │ Country  GB
                  Settings             │                              │ Years    1975–2015
                  About                │                              │ Status   disbanded
                                       │                              │
                                       │                              │ Genres 2
                                       │                              │   Heavy metal
                                       │                              │  ›Hard rock
                ↑↓ move  ⏎ open  ← back  ⇥ column  [ ] history  / search  s save  o sessions  ? help  q quit
                """)
    }

    @Test func twoColumns() throws {
        let state = try SplitViewState<LibraryRoute>(sidebar: .settings, detail: .settings, compactColumn: .detail)
        let settings = RouteDetail(
            route: .settings, kind: "Section", title: "Settings",
            fields: [DetailField(label: "User", value: "ada"), DetailField(label: "Scene", value: "main")],
            sections: [])
        var screen = try Self.bandScreen()
        screen.state = state
        screen.content = nil
        screen.detail = settings
        screen.breadcrumb = ["Settings"]
        screen.focus = .sidebar
        screen.cursors = [.sidebar: 4]
        screen.notice = "Restored with repairs: detail stack entry 1 book/… is no longer available"
        #expect(
            render(screen, columns: 101, rows: 9) == """
                 Library catalog · ada · main                                                            history 4/4
                Library                │ Settings
                ───────────────────────┼─────────────────────────────────────────────────────────────────────────────
                  Authors              │ Section
                  Genres               │ Settings
                  Bands                │
                ▸›Settings             │ User   ada
                  About                │ Scene  main
                Restored with repairs: detail stack entry 1 book/… is no longer available
                """)
    }

    /// A toolbar detail in two columns (Motörhead over Settings) takes the sidebar's mark: no `▸` on Settings.
    @Test func aToolbarDetailInTwoColumnsLeavesTheSidebarUnmarked() throws {
        var screen = try Self.bandScreen()
        screen.state = try SplitViewState<LibraryRoute>(
            sidebar: .settings, detail: Self.motorhead, compactColumn: .detail)
        screen.content = nil
        screen.breadcrumb = ["Motörhead"]
        screen.focus = .detail
        screen.cursors = [.sidebar: 4]
        let frame = render(screen, columns: 101, rows: 9)
        #expect(frame.contains("  Settings "))
        #expect(!frame.contains("▸"))
        screen.state = try screen.state.applying(.selectSidebar(.settings)).state
        #expect(render(screen, columns: 101, rows: 9).contains("▸ Settings"))
    }

    @Test func compactShowsTheStatesCompactColumnOnly() throws {
        #expect(
            render(try Self.bandScreen(), columns: 60, rows: 14) == """
                 Library catalog · ada · main                   history 4/4
                ‹ Heavy metal › Motörhead
                ────────────────────────────────────────────────────────────
                Band
                Motörhead

                Country  GB
                Years    1975–2015
                Status   disbanded

                Genres 2
                  Heavy metal
                 ›Hard rock
                ↑↓ move  ⏎ open  ← back  ⇥ column  [ ] history  / search  s…
                """)
    }

    @Test func longAndWideNamesAreCutByDisplayWidth() throws {
        var screen = try Self.bandScreen()
        let books: [ColumnRow] = [
            ColumnRow(route: .book(Self.id(10)), title: "ノルウェイの森", subtitle: "1987"),
            ColumnRow(route: .book(Self.id(11)), title: "三体：地球往事三部曲之一", subtitle: "2008"),
            ColumnRow(route: .book(Self.id(12)), title: "📚 The Library at Mount Char 🐉", subtitle: "2015"),
            ColumnRow(
                route: .book(Self.id(13)),
                title: "The Hitchhiker's Guide to the Galaxy: The Trilogy of Four in Five Parts",
                subtitle: "Douglas Adams, English author and humorist (1952–2001)"),
        ]
        screen.state = try SplitViewState(
            sidebar: .books, content: .book(Self.id(11)), detail: .book(Self.id(11)), compactColumn: .detail)
        screen.content = ColumnList(title: "Books", rows: books, totalCount: 1_000_000)
        screen.detail = RouteDetail(
            route: .book(Self.id(11)), kind: "Book", title: "三体：地球往事三部曲之一",
            fields: [DetailField(label: "Summary", value: "地球文明向宇宙发出的第一声啼鸣，以太阳为中心，以光速向宇宙深处飞驰……")],
            sections: [])
        screen.breadcrumb = ["三体：地球往事三部曲之一"]
        screen.focus = .content
        screen.cursors = [.content: 2]
        #expect(
            render(screen, columns: 100, rows: 10) == """
                 Library catalog · ada · main                                                           history 4/4
                Library                │ Books 1000000                │ 三体：地球往事三部曲之一
                ───────────────────────┼──────────────────────────────┼─────────────────────────────────────────────
                ▸ Books                │   ノルウェイの森        1987 │ Book
                  Authors              │ ▸ 三体：地球往事三部…   2008 │ 三体：地球往事三部曲之一
                  Genres               │  ›📚 The Library at M…  2015 │
                  Bands                │   The Hitchhike…  Douglas A… │ Summary  地球文明向宇宙发出的第一声啼鸣，以
                  Settings             │                              │          太阳为中心，以光速向宇宙深处飞驰……
                  About                │                              │
                ↑↓ move  ⏎ open  ← back  ⇥ column  [ ] history  / search  s save  o sessions  ? help  q quit
                """)
    }

    @Test func helpOverlayListsTheKeys() throws {
        var screen = try Self.bandScreen()
        screen.mode = .help
        #expect(
            render(screen, columns: 100, rows: 18) == """
                 Library catalog · ada · main                                                           history 4/4

                                   ┌─ Keys ────────────────────────────────────────────────────┐
                                   │ ↑ ↓  j k  move in the column (PgUp PgDn, Home End)        │
                                   │ ⏎ →  l    select, or push a link of the detail            │
                                   │ ← ⌫  h    back: pop the detail, or the column to the left │
                                   │ ⇥  ⇧⇥     next / previous column                          │
                                   │ [  ]      history back / forward                          │
                                   │ x         clear the sidebar selection and all after it    │
                                   │ /         search; the results fill the content column     │
                                   │ s         save this place as a named session              │
                                   │ o         open a saved session                            │
                                   │ ?         this help                                       │
                                   │ q         quit (the place is kept for next time)          │
                                   │ any key closes                                            │
                                   └───────────────────────────────────────────────────────────┘

                ↑↓ move  ⏎ open  ← back  ⇥ column  [ ] history  / search  s save  o sessions  ? help  q quit
                """)
    }

    @Test func promptTakesTheStatusLine() throws {
        var screen = try Self.bandScreen()
        screen.mode = .prompt(.search, text: "tolk")
        let lines = render(screen, columns: 100, rows: 6).split(separator: "\n")
        #expect(lines.last == "Search: tolk▏")
    }
}
