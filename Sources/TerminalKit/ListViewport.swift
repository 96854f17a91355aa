/// Which rows of a list a column of `height` lines shows so the cursor stays in view.
public enum ListViewport {
    /// The index of the first visible row: 0 while the cursor fits on the first screen, then the cursor
    /// kept in the middle, and the last screen of the list never scrolled past.
    ///
    /// - Parameters:
    ///   - cursor: the index of the highlighted row.
    ///   - count: the number of rows.
    ///   - height: the number of visible lines.
    public static func firstRow(cursor: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        let centered = cursor - height / 2
        return min(max(0, centered), count - height)
    }
}
