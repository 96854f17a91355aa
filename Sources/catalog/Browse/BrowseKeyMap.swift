import TerminalKit

/// Which action a key asks for, in each mode of the browser.
enum BrowseKeyMap {
    /// The action of `key` in `mode`, or `nil` when the key does nothing there.
    static func action(for key: Key, in mode: BrowseMode) -> BrowseAction? {
        switch mode {
        case .browsing: browsing(key)
        case .prompt: prompt(key)
        case .sessionPicker: picker(key)
        case .help: .cancel
        }
    }

    private static func browsing(_ key: Key) -> BrowseAction? {
        switch key {
        case .up, .character("k"): .move(-1)
        case .down, .character("j"): .move(1)
        case .pageUp: .movePage(-1)
        case .pageDown, .character(" "): .movePage(1)
        case .home, .character("g"): .moveToFirst
        case .end, .character("G"): .moveToLast
        case .enter, .right, .character("l"): .activate
        case .left, .backspace, .character("h"): .back
        case .tab: .nextColumn
        case .shiftTab: .previousColumn
        case .character("x"): .clearSidebar
        case .character("["): .historyBack
        case .character("]"): .historyForward
        case .character("/"): .startSearch
        case .character("s"): .startSaveSession
        case .character("o"): .openSessionPicker
        case .character("?"): .toggleHelp
        case .character("q"), .control("c"), .control("d"): .quit
        default: nil
        }
    }

    private static func prompt(_ key: Key) -> BrowseAction? {
        switch key {
        case .character(let character): .insert(character)
        case .backspace: .deleteBackward
        case .enter: .submit
        case .escape, .control("c"), .control("g"): .cancel
        default: nil
        }
    }

    private static func picker(_ key: Key) -> BrowseAction? {
        switch key {
        case .up, .character("k"): .move(-1)
        case .down, .character("j"): .move(1)
        case .enter, .right: .submit
        case .escape, .left, .character("q"), .character("o"), .control("c"): .cancel
        default: nil
        }
    }

    /// The keys, as the help overlay and docs/cli.md list them.
    static let help: [(keys: String, what: String)] = [
        ("↑ ↓  j k", "move in the column (PgUp PgDn, Home End)"),
        ("⏎ →  l", "select, or push a link of the detail"),
        ("← ⌫  h", "back: pop the detail, or the column to the left"),
        ("⇥  ⇧⇥", "next / previous column"),
        ("[  ]", "history back / forward"),
        ("x", "clear the sidebar selection and all after it"),
        ("/", "search; the results fill the content column"),
        ("s", "save this place as a named session"),
        ("o", "open a saved session"),
        ("?", "this help"),
        ("q", "quit (the place is kept for next time)"),
    ]
}
