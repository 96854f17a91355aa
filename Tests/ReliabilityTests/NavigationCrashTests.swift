import Foundation
import TestSupport
import Testing

/// kill -9 at random points of a burst of navigation saves (`navigation-stress burst`): after each kill the
/// file is consistent, `catalog nav show` works and shows the state before or after the interrupted intent,
/// and continuing the burst reaches the same final state as an uninterrupted run.
@Suite struct NavigationCrashTests {
    static let intents = 240
    static let user = "crash"

    func burst(_ path: String, from: Int) throws -> ChildProcess {
        try TestSupport.start(
            TestSupport.executable("navigation-stress"),
            ["burst", path, Self.user, String(from), String(Self.intents)])
    }

    /// The "STEP DIGEST" lines of a finished or killed burst.
    func steps(_ output: String) -> [(step: Int, digest: String)] {
        output.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " "), let step = Int(line[..<space]) else { return nil }
            return (step, String(line[line.index(after: space)...]))
        }
    }

    func show(_ path: String) throws -> String {
        let result = try TestSupport.run(TestSupport.executable("navigation-stress"), ["show", path, Self.user])
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    @Test func killedSavesLeaveTheBeforeOrAfterStateAndTheBurstCompletesTheSame() throws {
        let directory = try TestSupport.temporaryDirectory("nav-crash")
        let template = directory.appending(path: "template.sqlite").path
        try Fixtures.makeSampleDatabase(at: template)

        // The uninterrupted run: the digest after every step.
        let reference = directory.appending(path: "reference.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: reference)
        var expected = [try show(reference)]
        let full = try burst(reference, from: 0).wait()
        try #require(full.status == 0, "\(full.standardError)")
        expected += steps(full.standardOutput).map(\.digest)
        try #require(expected.count == Self.intents + 1)

        var schedule = Fixtures.KillSchedule()
        while schedule.nextRound() {
            let path = directory.appending(path: "crash-\(schedule.rounds).sqlite").path
            try FileManager.default.copyItem(atPath: template, toPath: path)
            var from = 0
            while true {
                let result = try burst(path, from: from).kill(after: schedule.delay(0.02, 0.3))
                if !result.endedBySignal {
                    try #require(result.status == 0, "\(result.standardError)")
                    break
                }
                let printed = steps(result.standardOutput).last?.step ?? from
                #expect(try Fixtures.integrityProblems(path).isEmpty, "after a kill at step \(printed)")
                let nav = try CatalogCLI.run(["--db", path, "nav", "--user", Self.user, "show"])
                #expect(nav.status == 0, "\(nav.standardError)")
                let digest = try show(path)
                let reached: Int
                if printed + 1 < expected.count && digest == expected[printed + 1] {
                    reached = printed + 1
                } else {
                    #expect(digest == expected[printed], "after a kill at step \(printed): \(digest)")
                    reached = printed
                }
                try schedule.killed(at: reached, progressed: reached != from)
                from = reached
            }
            #expect(try show(path) == expected[Self.intents], "round \(schedule.rounds) ends elsewhere")
            #expect(try Fixtures.integrityProblems(path).isEmpty)
        }
        schedule.report("navigation crash matrix", points: "steps")
    }
}
