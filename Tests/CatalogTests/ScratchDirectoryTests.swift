import Catalog
import Foundation
import TestSupport
import Testing

@Suite struct ScratchDirectoryTests {
    @Test func aNewDirectoryRemovesOnlyThoseOfEndedProcesses() throws {
        let parent = try TestSupport.temporaryDirectory("scratch")
        let ended = try Self.endedProcessIdentifier()
        let own = ProcessInfo.processInfo.processIdentifier
        let abandoned = parent.appending(path: "work-\(ended)-a")
        let running = parent.appending(path: "work-\(own)-b")
        let otherPrefix = parent.appending(path: "other-\(ended)-c")
        let notAProcess = parent.appending(path: "work-notes")
        for url in [abandoned, running, otherPrefix, notAProcess] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try Data("left".utf8).write(to: url.appending(path: "catalog.sqlite"))
        }

        let scratch = try ScratchDirectory(prefix: "work", in: parent)

        #expect(scratch.url.lastPathComponent.hasPrefix("work-\(own)-"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        #expect(left == Set([running, otherPrefix, notAProcess, scratch.url].map(\.lastPathComponent)))
        let permissions = try FileManager.default.attributesOfItem(atPath: scratch.url.path)[.posixPermissions]
        #expect(permissions as? Int == 0o700)
        scratch.remove()
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path))
    }

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
