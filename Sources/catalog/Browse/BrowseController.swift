import Catalog
import Foundation
import LibraryNavigation
import Navigation
import TerminalKit

/// The interactive browser's screen state over a scene's `NavigationSession`: the column lists for the current
/// navigation state, the focused column, a cursor per column, the prompt or picker, and a notice.
///
/// Every navigation change goes through `NavigationSession.apply(_:)`, so it is saved at once; the focus and
/// cursors are view state, derived again from the navigation state after a relaunch.
final class BrowseController {
    let session: NavigationSession<LibraryRoute>
    private let columns: BrowserColumns
    /// Where the notices find the names of merged entries.
    private let catalog: any BrowsableCatalog
    private(set) var sidebar: ColumnList
    private(set) var content: ColumnList?
    private(set) var detail: RouteDetail?
    private(set) var breadcrumb: [String] = []
    private(set) var focus: CompactColumn
    private(set) var cursors: [CompactColumn: Int] = [:]
    private(set) var mode: BrowseMode = .browsing
    private(set) var notice: String?
    /// The terminal size the next frame has: it decides whether the view is collapsed.
    var size = TerminalSize(columns: 140, rows: 40)

    /// The state the lists were made for.
    private var shown: SplitViewState<LibraryRoute>?

    /// Shows the session's restored state, titled from `catalog` (its database named `databaseName`); a repaired
    /// restore becomes the notice.
    init(catalog: any BrowsableCatalog, named databaseName: String, session: NavigationSession<LibraryRoute>) throws {
        self.session = session
        self.catalog = catalog
        columns = BrowserColumns(catalog: catalog, named: databaseName, session: session)
        sidebar = columns.sidebar()
        focus = session.state.compactColumn
        if !session.restoreReport.isEmpty {
            notice = describe(session.restoreReport, opening: "Restored with repairs")
        }
        try refresh()
    }

    private var isCompact: Bool { BrowseLayout.isCompact(width: size.columns) }
    private var visible: [CompactColumn] { BrowseLayout.columns(for: session.state, width: size.columns) }

    /// The frame to draw.
    func screen() -> BrowseScreen {
        BrowseScreen(
            title: "\(session.user.name) · \(session.scene)", state: session.state, history: session.history,
            sidebar: sidebar, content: content, detail: detail, breadcrumb: breadcrumb, focus: shownFocus,
            cursors: cursors, notice: notice, mode: mode)
    }

    /// The focus as drawn: the compact column when collapsed, else the focus if its column is shown.
    private var shownFocus: CompactColumn {
        if isCompact { return session.state.compactColumn }
        return visible.contains(focus) ? focus : visible.last ?? .detail
    }

    /// Handles one key.
    ///
    /// - Returns: `false` when the key quits.
    /// - Throws: errors reading or writing the database; refused intents become the notice instead.
    func handle(_ key: Key) throws -> Bool {
        guard let action = BrowseKeyMap.action(for: key, in: mode) else { return true }
        notice = nil
        if action == .quit { return false }
        do {
            try perform(action)
        } catch let error as NavigationError {
            notice = Self.sentence(error)
        } catch let error as NavigationStoreError {
            notice = "\(error)"
        }
        try refresh()
        return true
    }

    private func perform(_ action: BrowseAction) throws {
        switch mode {
        case .browsing: try browse(action)
        case .prompt(let prompt, let text): try edit(prompt, text: text, action)
        case .sessionPicker(let names, let index): try pick(names, index: index, action)
        case .help: mode = .browsing
        }
    }

    // MARK: Browsing

    private func browse(_ action: BrowseAction) throws {
        focus = shownFocus
        switch action {
        case .move(let rows): try moveCursor(by: rows)
        case .movePage(let pages): try moveCursor(by: pages * max(1, size.rows - 5))
        case .moveToFirst: cursors[focus] = 0
        case .moveToLast: try moveCursor(by: rowCount(of: focus))
        case .startSearch: mode = .prompt(.search, text: "")
        case .startSaveSession: mode = .prompt(.sessionName, text: "")
        case .openSessionPicker:
            let names = try session.store.sessions(for: session.user).map(\.name)
            if names.isEmpty {
                notice = "No saved sessions yet: press s to save this place as one."
            } else {
                mode = .sessionPicker(names: names, index: 0)
            }
        case .toggleHelp: mode = .help
        default:
            let resolution = BrowseResolution.resolve(
                action, state: session.state, focus: focus, row: row(at: cursors[focus] ?? 0, in: focus),
                visible: visible, isCompact: isCompact)
            try perform(resolution)
        }
    }

    private func perform(_ resolution: BrowseResolution) throws {
        switch resolution {
        case .intent(let intent, let next):
            let repairs = try session.apply(intent)
            if !repairs.isEmpty { notice = describe(repairs, opening: "History entry repaired") }
            focus = next ?? session.state.compactColumn
        case .focus(let column):
            focus = column
        case .none:
            break
        }
    }

    private func moveCursor(by rows: Int) throws {
        let target = max(0, (cursors[focus] ?? 0) + rows)
        switch focus {
        case .sidebar: break
        case .content: try content?.loadIfNeeded(around: target)
        case .detail: try detail?.loadIfNeeded(aroundLink: target)
        }
        cursors[focus] = min(target, max(0, rowCount(of: focus) - 1))
    }

    private func rowCount(of column: CompactColumn) -> Int {
        switch column {
        case .sidebar: sidebar.rows.count
        case .content: content?.rows.count ?? 0
        case .detail: detail?.links.count ?? 0
        }
    }

    private func row(at index: Int, in column: CompactColumn) -> ColumnRow? {
        let rows: [ColumnRow] =
            switch column {
            case .sidebar: sidebar.rows
            case .content: content?.rows ?? []
            case .detail: detail?.links ?? []
            }
        return rows.indices.contains(index) ? rows[index] : nil
    }

    // MARK: Prompt and picker

    private func edit(_ prompt: BrowseMode.Prompt, text: String, _ action: BrowseAction) throws {
        switch action {
        case .insert(let character): mode = .prompt(prompt, text: text + String(character))
        case .deleteBackward: mode = .prompt(prompt, text: String(text.dropLast()))
        case .cancel: mode = .browsing
        case .submit:
            mode = .browsing
            let text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return }
            switch prompt {
            case .search:
                try perform(.intent(.selectSidebar(.search(text)), focus: .content))
            case .sessionName:
                try session.saveSession(named: text)
                notice = "Saved this place as session “\(text)”; press o to open it later."
            }
        default: break
        }
    }

    private func pick(_ names: [String], index: Int, _ action: BrowseAction) throws {
        switch action {
        case .move(let rows): mode = .sessionPicker(names: names, index: min(max(0, index + rows), names.count - 1))
        case .cancel: mode = .browsing
        case .submit:
            mode = .browsing
            let repairs = try session.restoreSession(named: names[index])
            notice =
                repairs.isEmpty
                ? "Opened session “\(names[index])”; [ goes back."
                : describe(repairs, opening: "Opened session “\(names[index])” with repairs")
            focus = session.state.compactColumn
        default: break
        }
    }

    /// Shows the scene as another program saved it (`catalog nav`, the web page, another browser), if one did
    /// since this browser last read or saved it.
    ///
    /// - Returns: whether the screen changed.
    func followChangesElsewhere() throws -> Bool {
        guard let report = try session.followSavedScene() else { return false }
        notice =
            report.isEmpty
            ? "Changed in another program: showing it." : describe(report, opening: "Changed in another program")
        focus = session.state.compactColumn
        try refresh()
        return true
    }

    // MARK: Lists

    /// Makes the lists the current state shows, keeping those that did not change, and puts each cursor on
    /// its column's selection when the selection changed.
    func refresh() throws {
        let state = session.state
        let previous = shown
        sidebar = columns.sidebar()
        // A selection cleared by the back button leaves the cursor where it was, as a phone's list does.
        if previous?.sidebar != state.sidebar || previous == nil {
            cursors[.sidebar] = sidebar.index(of: state.sidebar) ?? sidebar.index(of: previous?.sidebar) ?? 0
            content = try state.sidebar.flatMap(columns.content(of:))
            cursors[.content] = try content?.load(until: state.content) ?? 0
        } else if previous?.content != state.content {
            cursors[.content] = try content?.load(until: state.content ?? previous?.content) ?? cursors[.content]
        }
        if previous?.topOfDetail != state.topOfDetail || previous == nil {
            detail = try state.topOfDetail.map(columns.detail(of:))
            // Back from a pushed route puts the cursor on the link that led there.
            cursors[.detail] = detail?.linkIndex(of: previous?.topOfDetail) ?? 0
        }
        breadcrumb = try columns.breadcrumb()
        shown = state
    }

    // MARK: Messages

    private func describe(_ report: RepairReport, opening: String) -> String {
        // A notice is a courtesy: a name that cannot be read leaves the repair's own words.
        let first =
            report.repairs.first.map { repair in " " + ((try? catalog.sentence(for: repair)) ?? "\(repair)") } ?? ""
        let more = report.repairs.count > 1 ? " (and \(report.repairs.count - 1) more)" : ""
        return "\(opening):\(first)\(more)"
    }

    private static func sentence(_ error: NavigationError) -> String {
        switch error {
        case .noPreviousEntry: "This is the oldest place in the history."
        case .noNextEntry: "This is the newest place in the history."
        default: ErrorMessage.text(for: error)
        }
    }
}
