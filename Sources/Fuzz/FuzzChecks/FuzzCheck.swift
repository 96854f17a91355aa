public import Foundation

/// One fuzz target's check: feeds an input to the code under test and verifies what must hold.
///
/// The same check runs under libFuzzer (`Scripts/fuzz.sh`), in the replay mode of the fuzz executables and
/// in the test suite, so every committed corpus file is also a regression test.
public protocol FuzzCheck {
    /// The corpus directory name under `Tests/FuzzCorpus/`, also the suffix of the executable's name.
    var name: String { get }

    /// Runs one input.
    ///
    /// - Parameter input: the raw bytes libFuzzer produced or a corpus file holds.
    /// - Throws: ``FuzzFinding`` when a property does not hold. A crash is a finding too.
    func check(_ input: Data) throws(FuzzFinding)
}

/// A fuzz executable: `@main enum CSVReaderFuzzer: FuzzTarget { static var check: CSVReaderCheck { CSVReaderCheck() } }`.
///
/// Built with `-DFUZZING` (`Scripts/fuzz.sh`) its `main` runs libFuzzer's driver over the check; otherwise it
/// replays the files and directories named on the command line, so the seed corpus doubles as a regression
/// check.
public protocol FuzzTarget {
    associatedtype Check: FuzzCheck
    static var check: Check { get }
}

extension FuzzTarget {
    public static func main() {
        #if FUZZING
            exit(FuzzDriver.runLibFuzzer(check))
        #else
            exit(FuzzDriver.replay(check, arguments: Array(CommandLine.arguments.dropFirst())))
        #endif
    }
}

/// How a fuzz executable runs its check.
public enum FuzzDriver {
    /// libFuzzer's entry: runs `check` on the bytes and aborts on a finding, so libFuzzer saves the input.
    ///
    /// - Parameters:
    ///   - check: the target's check.
    ///   - bytes: the input libFuzzer passed.
    ///   - size: its length.
    public static func fuzz(_ check: some FuzzCheck, _ bytes: UnsafePointer<UInt8>?, _ size: Int) {
        let input = bytes.map { Data(bytes: $0, count: size) } ?? Data()
        do {
            try check.check(input)
        } catch {
            FileHandle.standardError.write(Data("fuzz finding: \(error)\n".utf8))
            abort()
        }
    }

    /// The replay mode: runs `check` on every file named on the command line (directories recursively).
    ///
    /// - Parameters:
    ///   - check: the target's check.
    ///   - arguments: file and directory paths.
    /// - Returns: the exit status: 0 when every input passed, 1 on a finding, 64 without arguments.
    public static func replay(_ check: some FuzzCheck, arguments: [String]) -> Int32 {
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(
                Data("usage: fuzz-\(check.name) FILE_OR_DIRECTORY...\n".utf8))
            return 64
        }
        var count = 0
        var failures = 0
        for file in arguments.flatMap(inputFiles) {
            count += 1
            do {
                try check.check(try Data(contentsOf: file))
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("\(file.path): \(error)\n".utf8))
            }
        }
        FileHandle.standardOutput.write(Data("\(check.name): \(count) inputs, \(failures) failed\n".utf8))
        return failures == 0 ? 0 : 1
    }

    /// The regular files at `path`: the file itself, or every file under a directory, in name order.
    public static func inputFiles(_ path: String) -> [URL] {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [url]
        }
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        return (files ?? []).sorted { $0.path < $1.path }
    }
}

#if FUZZING
    /// libFuzzer's `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`, linked in
    /// by `-sanitize=fuzzer` (pointer arguments and an `int` result: the Swift and C conventions agree).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The check of this executable, set once before libFuzzer starts calling `LLVMFuzzerTestOneInput`.
    nonisolated(unsafe) private var fuzzedCheck: (any FuzzCheck)?

    /// libFuzzer's per-input entry point (`-sanitize=fuzzer` links libFuzzer's `main`, which needs it).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        if let fuzzedCheck { FuzzDriver.fuzz(fuzzedCheck, bytes, size) }
        return 0
    }

    extension FuzzDriver {
        /// Runs libFuzzer's driver over `check` with this process's arguments: the `main` of a fuzz executable.
        ///
        /// - Returns: libFuzzer's exit status.
        static func runLibFuzzer(_ check: some FuzzCheck) -> CInt {
            fuzzedCheck = check
            var count = CommandLine.argc
            var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            return llvmFuzzerRunDriver(&count, &arguments, fuzzTestOneInput)
        }
    }
#endif
