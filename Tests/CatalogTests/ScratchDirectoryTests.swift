import Catalog
import Foundation
import TestSupport
import Testing

@Suite struct ScratchDirectoryTests {
    @Test func aNewDirectoryRemovesOnlyThoseOfEndedProcesses() throws {
        let parent = try TestSupport.temporaryDirectory("scratch")
        let ended = try Self.endedProcessIdentifier()
        let own = ProcessInfo.processInfo.processIdentifier
        let abandoned = parent.appending(path: "work-\(ended)-\(Self.uuid())")
        let running = parent.appending(path: "work-\(own)-\(Self.uuid())")
        let otherPrefix = parent.appending(path: "other-\(ended)-\(Self.uuid())")
        let notAProcess = parent.appending(path: "work-notes")
        // Another program's directory whose name only looks like a process number: a uuid of digits first.
        let lookalike = parent.appending(path: "work-12345678-AAAA-4BBB-8CCC-DDDDDDDDDDDD")
        let notAUUID = parent.appending(path: "work-\(ended)-notes")
        for url in [abandoned, running, otherPrefix, notAProcess, lookalike, notAUUID] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try Data("left".utf8).write(to: url.appending(path: "catalog.sqlite"))
        }

        let scratch = try ScratchDirectory(prefix: "work", in: parent)

        #expect(scratch.url.lastPathComponent.hasPrefix("work-\(own)-"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        #expect(
            left == Set([running, otherPrefix, notAProcess, lookalike, notAUUID, scratch.url].map(\.lastPathComponent)))
        let permissions = try FileManager.default.attributesOfItem(atPath: scratch.url.path)[.posixPermissions]
        #expect(permissions as? Int == 0o700)
        scratch.remove()
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path))
    }

    private static func uuid() -> String { UUID().uuidString.lowercased() }

    /// The number of a process that has ended (and been reaped).
    private static func endedProcessIdentifier() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
