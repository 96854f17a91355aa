import Foundation
import LibraryNavigation
import Navigation
import TerminalKit
import Testing

@testable import catalog

@Suite struct BrowseKeyMapTests {
    @Test(arguments: [
        (Key.up, BrowseAction.move(-1)), (.character("k"), .move(-1)), (.down, .move(1)), (.character("j"), .move(1)),
        (.pageUp, .movePage(-1)), (.pageDown, .movePage(1)), (.home, .moveToFirst), (.end, .moveToLast),
        (.enter, .activate), (.right, .activate), (.character("l"), .activate),
        (.left, .back), (.backspace, .back), (.character("h"), .back),
        (.tab, .nextColumn), (.shiftTab, .previousColumn),
        (.character("["), .historyBack), (.character("]"), .historyForward), (.character("x"), .clearSidebar),
        (.character("/"), .startSearch), (.character("s"), .startSaveSession), (.character("o"), .openSessionPicker),
        (.character("?"), .toggleHelp), (.character("q"), .quit), (.control("c"), .quit),
    ])
    func browsingKeys(key: Key, action: BrowseAction) {
        #expect(BrowseKeyMap.action(for: key, in: .browsing) == action)
    }

    @Test(arguments: [
        (Key.character("q"), BrowseAction.insert("q")), (.character("森"), .insert("森")), (.backspace, .deleteBackward),
        (.enter, .submit), (.escape, .cancel), (.control("c"), .cancel),
    ])
    func promptKeysEditTheText(key: Key, action: BrowseAction) {
        #expect(BrowseKeyMap.action(for: key, in: .prompt(.search, text: "")) == action)
    }

    @Test func pickerAndHelpKeys() {
        let picker = BrowseMode.sessionPicker(names: ["a"], index: 0)
        #expect(BrowseKeyMap.action(for: .down, in: picker) == .move(1))
        #expect(BrowseKeyMap.action(for: .enter, in: picker) == .submit)
        #expect(BrowseKeyMap.action(for: .escape, in: picker) == .cancel)
        #expect(BrowseKeyMap.action(for: .character("x"), in: .help) == .cancel)
        #expect(BrowseKeyMap.action(for: .character("z"), in: .browsing) == nil)
    }

    static let genre = LibraryRoute.genre(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
    static let band = LibraryRoute.band(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2)))

    /// A row for the cursor, the state, the focus, whether collapsed → what happens.
    struct Case: Sendable, CustomTestStringConvertible {
        let action: BrowseAction
        let state: SplitViewState<LibraryRoute>
        let focus: CompactColumn
        let row: LibraryRoute?
        let isCompact: Bool
        let expected: BrowseResolution
        var testDescription: String { "\(action) on \(focus)\(isCompact ? " collapsed" : "")" }
    }

    static var cases: [Case] {
        get throws {
            let empty = SplitViewState<LibraryRoute>()
            let genres = try SplitViewState<LibraryRoute>(sidebar: .genres, compactColumn: .content)
            let pushed = try SplitViewState<LibraryRoute>(
                sidebar: .genres, content: genre, detail: genre, stack: [band], compactColumn: .detail)
            let settings = try SplitViewState<LibraryRoute>(
                sidebar: .settings, detail: .settings, compactColumn: .detail)
            return [
                Case(
                    action: .activate, state: empty, focus: .sidebar, row: .genres, isCompact: false,
                    expected: .intent(.selectSidebar(.genres), focus: nil)),
                Case(
                    action: .activate, state: genres, focus: .content, row: genre, isCompact: false,
                    expected: .intent(.selectContent(genre), focus: .detail)),
                Case(
                    action: .activate, state: pushed, focus: .detail, row: genre, isCompact: false,
                    expected: .intent(.push(genre), focus: .detail)),
                Case(action: .activate, state: genres, focus: .content, row: nil, isCompact: false, expected: .none),
                Case(
                    action: .back, state: pushed, focus: .detail, row: nil, isCompact: false,
                    expected: .intent(.pop, focus: .detail)),
                Case(
                    action: .back, state: genres, focus: .content, row: nil, isCompact: false,
                    expected: .focus(.sidebar)),
                Case(action: .back, state: genres, focus: .sidebar, row: nil, isCompact: false, expected: .none),
                Case(
                    action: .back, state: pushed, focus: .detail, row: nil, isCompact: true,
                    expected: .intent(.compactBack, focus: nil)),
                Case(action: .back, state: empty, focus: .sidebar, row: nil, isCompact: true, expected: .none),
                Case(
                    action: .nextColumn, state: genres, focus: .detail, row: nil, isCompact: false,
                    expected: .focus(.sidebar)),
                Case(
                    action: .previousColumn, state: settings, focus: .detail, row: nil, isCompact: false,
                    expected: .focus(.sidebar)),
                Case(
                    action: .nextColumn, state: genres, focus: .content, row: nil, isCompact: true,
                    expected: .intent(.setCompactColumn(.detail), focus: nil)),
                Case(action: .nextColumn, state: settings, focus: .detail, row: nil, isCompact: true, expected: .none),
                Case(
                    action: .historyBack, state: genres, focus: .content, row: nil, isCompact: false,
                    expected: .intent(.back, focus: nil)),
                Case(
                    action: .historyForward, state: genres, focus: .content, row: nil, isCompact: true,
                    expected: .intent(.forward, focus: nil)),
                Case(
                    action: .clearSidebar, state: genres, focus: .content, row: nil, isCompact: false,
                    expected: .intent(.clearSidebar, focus: .sidebar)),
                Case(
                    action: .clearSidebar, state: SplitViewState(), focus: .sidebar, row: nil, isCompact: false,
                    expected: .none),
            ]
        }
    }

    @Test(arguments: try cases)
    func actionsBecomeIntentsOrFocusChanges(_ test: Case) {
        let visible = BrowseLayout.columns(for: test.state, width: test.isCompact ? 80 : 140)
        let row = test.row.map { ColumnRow(route: $0, title: "row") }
        let resolution = BrowseResolution.resolve(
            test.action, state: test.state, focus: test.focus, row: row, visible: visible, isCompact: test.isCompact)
        #expect(resolution == test.expected)
    }

    @Test func layoutCollapsesBelow100ColumnsAndFollowsVisibility() throws {
        let genres = try SplitViewState<LibraryRoute>(sidebar: .genres, compactColumn: .content)
        #expect(BrowseLayout.columns(for: genres, width: 100) == [.sidebar, .content, .detail])
        #expect(BrowseLayout.columns(for: genres, width: 99) == [.content])
        let settings = try SplitViewState<LibraryRoute>(sidebar: .settings, detail: .settings, compactColumn: .detail)
        #expect(BrowseLayout.columns(for: settings, width: 140) == [.sidebar, .detail])
        let detailOnly = try SplitViewState<LibraryRoute>(
            sidebar: .genres, visibility: .detailOnly, compactColumn: .content)
        #expect(BrowseLayout.columns(for: detailOnly, width: 140) == [.detail])
    }
}
