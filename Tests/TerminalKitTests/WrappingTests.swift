import TerminalKit
import Testing

@Suite struct WrappingTests {
    @Test(arguments: [
        (
            "A hobbit is hired to steal a dragon's treasure.", 16,
            ["A hobbit is", "hired to steal a", "dragon's", "treasure."]
        ),
        ("Dune", 10, ["Dune"]),
        ("", 10, [""]),
        ("ノルウェイの森 は 小説", 8, ["ノルウェ", "イの森", "は 小説"]),
        ("Supercalifragilistic", 8, ["Supercal", "ifragili", "stic"]),
        ("one\ntwo three", 20, ["one", "two three"]),
    ])
    func breaksAtSpacesByDisplayWidth(text: String, width: Int, lines: [String]) {
        #expect(text.wrapped(toDisplayWidth: width) == lines)
        #expect(text.wrapped(toDisplayWidth: width).allSatisfy { $0.displayWidth <= width })
    }

    @Test func aWideCharacterWiderThanTheLineStillGoesOut() {
        #expect("森".wrapped(toDisplayWidth: 1) == ["森"])
        #expect("Dune".wrapped(toDisplayWidth: 0) == [])
    }
}
