import Testing

/// What a crash matrix counts as a crash point.
@Suite struct KillScheduleTests {
    @Test func aKillBeforeTheFileExistsIsNoCrashPoint() throws {
        var schedule = Fixtures.KillSchedule()
        let started = schedule.nextRound()
        #expect(started)
        try schedule.killedBeforeTheFileExisted()
        #expect(schedule.points.isEmpty && schedule.kills == 1)
        try schedule.killed(at: 0, progressed: false)
        #expect(schedule.points == [0] && schedule.kills == 2)
    }
}
