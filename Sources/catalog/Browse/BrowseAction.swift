/// What a key press asks the interactive browser to do, before it is turned into a navigation intent.
enum BrowseAction: Hashable, Sendable {
    /// Move the cursor of the focused column by a number of rows (negative: up).
    case move(Int)
    /// Move the cursor by a number of screens (negative: up).
    case movePage(Int)
    /// Move the cursor to the first row.
    case moveToFirst
    /// Move the cursor to the last loaded row.
    case moveToLast
    /// Select the row under the cursor (sidebar, content) or push it (a detail link).
    case activate
    /// The back button: `compactBack` when collapsed, else pop the detail stack or focus the column to the left.
    case back
    /// Focus the next column (collapsed: show it).
    case nextColumn
    /// Focus the previous column (collapsed: show it).
    case previousColumn
    /// Clear the sidebar selection: nothing selected, the sidebar on top.
    case clearSidebar
    /// History back.
    case historyBack
    /// History forward.
    case historyForward
    /// Open the search prompt.
    case startSearch
    /// Open the prompt naming a session to save.
    case startSaveSession
    /// Open the picker of saved sessions.
    case openSessionPicker
    /// Show or hide the key help.
    case toggleHelp
    /// Leave the browser.
    case quit
    /// Type a character into the prompt.
    case insert(Character)
    /// Delete the last character of the prompt.
    case deleteBackward
    /// Confirm the prompt or the picker.
    case submit
    /// Close the prompt, the picker or the help.
    case cancel
}
