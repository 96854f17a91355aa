import LibraryNavigation
import Navigation
import TerminalKit

/// Draws a ``BrowseScreen`` as terminal lines: a pure function of the frame and the terminal size.
///
/// Every line is exactly as wide as the terminal, measured in cells (CJK and emoji count two), so columns
/// line up whatever the names. With ``TextStyler/plain`` the lines are the text alone: the cursor, shown
/// in reverse video on a terminal, is written as `›` after the selection marker `▸`.
///
/// ```
///  Library catalog · default · main                                     history 3/3
/// Library              │ Genres 26                │ Heavy metal › Motörhead
/// ─────────────────────┼──────────────────────────┼───────────────────────────────
///   Books              │   Hard rock              │ Band
/// ```
struct BrowseRenderer {
    /// The terminal size.
    let size: TerminalSize
    /// ANSI styles, or none.
    let style: TextStyler

    /// The screen's lines, top to bottom, `size.rows` of them.
    func render(_ screen: BrowseScreen) -> [String] {
        let width = max(size.columns, 1)
        let bodyHeight = max(0, size.rows - 4)
        var lines = [titleLine(screen, width: width)]
        switch screen.mode {
        case .help:
            let keyWidth = BrowseKeyMap.help.map(\.keys.displayWidth).max() ?? 0
            let rows = BrowseKeyMap.help.map { $0.keys.padded(toDisplayWidth: keyWidth) + "  " + $0.what }
            lines += box(title: "Keys", rows: rows, cursor: nil, footer: "any key closes", width, bodyHeight + 2)
        case .sessionPicker(let names, let index):
            lines += box(
                title: "Open a session", rows: names, cursor: index, footer: "⏎ open · esc cancel", width,
                bodyHeight + 2)
        case .browsing, .prompt:
            lines += columns(screen, width: width, bodyHeight: bodyHeight)
        }
        lines.append(statusLine(screen, width: width))
        return Array(lines.prefix(max(size.rows, 1)))
    }

    // MARK: Frame

    private func titleLine(_ screen: BrowseScreen, width: Int) -> String {
        let left = " Library catalog · \(screen.title)"
        let right = "history \(screen.history.index + 1)/\(screen.history.count) "
        let room = width - right.displayWidth
        guard room > left.displayWidth else { return style.bold(left.padded(toDisplayWidth: width)) }
        return style.bold(left.padded(toDisplayWidth: room) + right)
    }

    private func statusLine(_ screen: BrowseScreen, width: Int) -> String {
        if case .prompt(let prompt, let text) = screen.mode {
            return style.bold(prompt.label) + (text + "▏").padded(toDisplayWidth: width - prompt.label.displayWidth)
        }
        if let notice = screen.notice {
            return style.bold(notice.padded(toDisplayWidth: width))
        }
        return style.dim(Self.hints.padded(toDisplayWidth: width))
    }

    static let hints = "↑↓ move  ⏎ open  ← back  ⇥ column  [ ] history  / search  s save  o sessions  ? help  q quit"

    // MARK: Columns

    private func columns(_ screen: BrowseScreen, width: Int, bodyHeight: Int) -> [String] {
        let visible = BrowseLayout.columns(for: screen.state, width: width)
        let widths = BrowseLayout.widths(of: visible, width: width)
        let compact = BrowseLayout.isCompact(width: width)
        var headers: [String] = []
        var bodies: [[String]] = []
        for (column, columnWidth) in zip(visible, widths) {
            let back = compact && column != .sidebar ? "‹ " : ""
            headers.append(style.bold((back + header(of: column, in: screen)).padded(toDisplayWidth: columnWidth)))
            bodies.append(body(of: column, in: screen, width: columnWidth, height: bodyHeight))
        }
        var lines = [headers.joined(separator: BrowseLayout.separator)]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
        for index in 0..<bodyHeight {
            lines.append(bodies.map { $0[index] }.joined(separator: BrowseLayout.separator))
        }
        return lines
    }

    private func header(of column: CompactColumn, in screen: BrowseScreen) -> String {
        switch column {
        case .sidebar: return screen.sidebar.title
        case .content: return screen.content?.header ?? "Content"
        case .detail: return screen.breadcrumb.isEmpty ? "Detail" : screen.breadcrumb.joined(separator: " › ")
        }
    }

    private func body(of column: CompactColumn, in screen: BrowseScreen, width: Int, height: Int) -> [String] {
        let cursor = screen.focus == column && screen.mode == .browsing ? screen.cursors[column] ?? 0 : nil
        let lines: [String]
        switch column {
        case .sidebar:
            lines = list(
                screen.sidebar, selected: screen.state.markedSidebarRoute, cursor: cursor, width: width, height: height,
                empty: "")
        case .content:
            let empty = screen.state.sidebar == nil ? "Choose a section" : "Nothing here"
            lines = list(
                screen.content, selected: screen.state.content, cursor: cursor, width: width, height: height,
                empty: empty)
        case .detail:
            lines = detail(screen.detail, cursor: cursor, width: width, height: height)
        }
        let blank = String(repeating: " ", count: width)
        return lines + Array(repeating: blank, count: max(0, height - lines.count))
    }

    private func list(
        _ list: ColumnList?, selected: LibraryRoute?, cursor: Int?, width: Int, height: Int, empty: String
    ) -> [String] {
        guard let list, !list.rows.isEmpty else {
            return height > 0 ? [style.dim(("  " + empty).padded(toDisplayWidth: width))] : []
        }
        let anchor = cursor ?? list.index(of: selected) ?? 0
        let first = ListViewport.firstRow(cursor: anchor, count: list.rows.count, height: height)
        return list.rows[first..<min(list.rows.count, first + height)].enumerated().map { offset, row in
            self.row(row, width: width, isSelected: row.route == selected, isCursor: first + offset == cursor)
        }
    }

    // MARK: Detail

    private func detail(_ detail: RouteDetail?, cursor: Int?, width: Int, height: Int) -> [String] {
        guard let detail else { return height > 0 ? [style.dim("  Choose an item".padded(toDisplayWidth: width))] : [] }
        var lines = [
            style.dim(detail.kind.padded(toDisplayWidth: width)),
            style.bold(detail.title.padded(toDisplayWidth: width)),
        ]
        let labelWidth = min(10, detail.fields.map(\.label.displayWidth).max() ?? 0)
        let valueWidth = max(1, width - labelWidth - 2)
        if !detail.fields.isEmpty { lines.append(String(repeating: " ", count: width)) }
        for field in detail.fields {
            for (index, text) in field.value.wrapped(toDisplayWidth: valueWidth).enumerated() {
                let label = index == 0 ? style.dim(field.label.padded(toDisplayWidth: labelWidth)) : ""
                let indent = index == 0 ? "" : String(repeating: " ", count: labelWidth)
                lines.append(label + indent + "  " + text.padded(toDisplayWidth: valueWidth))
            }
        }
        var cursorLine = 0
        var link = 0
        for section in detail.sections {
            lines.append(String(repeating: " ", count: width))
            lines.append(style.bold(section.header.padded(toDisplayWidth: width)))
            for row in section.rows {
                if link == cursor { cursorLine = lines.count }
                lines.append(self.row(row, width: width, isSelected: false, isCursor: link == cursor))
                link += 1
            }
            if section.rows.isEmpty { lines.append(style.dim("  none".padded(toDisplayWidth: width))) }
            if !section.isComplete { lines.append(style.dim("  …".padded(toDisplayWidth: width))) }
        }
        // The title stays in view until the cursor goes below the last line.
        let first = max(0, cursorLine + 1 - height)
        return Array(lines[first..<min(lines.count, first + height)])
    }

    // MARK: Rows

    /// One list row, exactly `width` cells: the selection marker, the cursor (reverse video, or `›` without
    /// ANSI), the title and the subtitle right-aligned.
    private func row(_ row: ColumnRow, width: Int, isSelected: Bool, isCursor: Bool) -> String {
        guard width > 2 else { return (isSelected ? "▸" : " ").padded(toDisplayWidth: width) }
        let marker = (isSelected ? "▸" : " ") + (isCursor && !style.usesANSI ? "›" : " ")
        let (title, gap, subtitle) = Self.fit(row, width: width - 2)
        let text = marker + (isSelected ? style.bold(title) : title) + gap + style.dim(subtitle)
        return isCursor ? style.selected(text) : text
    }

    /// The title, the gap and the subtitle of a row in `width` cells: the subtitle goes when the title needs
    /// the room, and is cut to two fifths of the row when both are long.
    static func fit(_ row: ColumnRow, width: Int) -> (String, String, String) {
        let title = row.title
        guard let subtitle = row.subtitle, !subtitle.isEmpty, width >= 16 else {
            return (title.padded(toDisplayWidth: width), "", "")
        }
        if title.displayWidth + 2 + subtitle.displayWidth <= width {
            return (title, String(repeating: " ", count: width - title.displayWidth - subtitle.displayWidth), subtitle)
        }
        let shown = subtitle.truncated(toDisplayWidth: width * 2 / 5)
        let titleWidth = width - shown.displayWidth - 2
        return (title.padded(toDisplayWidth: titleWidth), "  ", shown)
    }

    // MARK: Overlays

    /// A box centered in `height` lines of `width`: a title, rows (one under a cursor), a footer.
    private func box(title: String, rows: [String], cursor: Int?, footer: String, _ width: Int, _ height: Int)
        -> [String]
    {
        let inner = min(max(width - 6, 1), max(rows.map(\.displayWidth).max() ?? 0, footer.displayWidth, 30) + 2)
        let label = "─ \(title) ".truncated(toDisplayWidth: inner)
        var boxLines = ["┌" + label + String(repeating: "─", count: inner - label.displayWidth) + "┐"]
        for (index, text) in rows.enumerated() {
            let cell = (" " + text).padded(toDisplayWidth: inner)
            let marked = index == cursor ? (style.usesANSI ? style.selected(cell) : "›" + cell.dropFirst()) : cell
            boxLines.append("│" + marked + "│")
        }
        boxLines.append("│" + style.dim((" " + footer).padded(toDisplayWidth: inner)) + "│")
        boxLines.append("└" + String(repeating: "─", count: inner) + "┘")
        let left = String(repeating: " ", count: max(0, (width - inner - 2) / 2))
        let right = String(repeating: " ", count: max(0, width - left.count - inner - 2))
        let top = max(0, (height - boxLines.count) / 2)
        let blank = String(repeating: " ", count: width)
        var lines = Array(repeating: blank, count: top) + boxLines.prefix(height - top).map { left + $0 + right }
        lines += Array(repeating: blank, count: max(0, height - lines.count))
        return lines
    }
}
