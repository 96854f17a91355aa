import TerminalKit
import Testing

@Suite struct ListViewportTests {
    @Test(arguments: [
        (0, 5, 10, 0),  // everything fits
        (3, 100, 10, 0),  // cursor on the first screen
        (50, 100, 10, 45),  // cursor kept in the middle
        (99, 100, 10, 90),  // never past the last screen
        (5, 100, 0, 0),  // no room at all
    ])
    func keepsTheCursorInView(cursor: Int, count: Int, height: Int, first: Int) {
        #expect(ListViewport.firstRow(cursor: cursor, count: count, height: height) == first)
    }
}
