public import Foundation

/// One fuzz target's check: feeds an input to the code under test and verifies what must hold.
///
/// The same check runs under libFuzzer (`Scripts/fuzz.sh`), in the replay mode of the fuzz executables and
/// in the test suite, so every committed corpus file is also a regression test.
public protocol FuzzCheck {
    /// The corpus directory name under `Tests/FuzzCorpus/`, also the suffix of the executable's name.
    static var name: String { get }

    /// Runs one input.
    ///
    /// - Parameter input: the raw bytes libFuzzer produced or a corpus file holds.
    /// - Throws: ``FuzzFinding`` when a property does not hold. A crash is a finding too.
    func check(_ input: Data) throws(FuzzFinding)
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
                Data("usage: fuzz-\(type(of: check).name) FILE_OR_DIRECTORY...\n".utf8))
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
        FileHandle.standardOutput.write(Data("\(type(of: check).name): \(count) inputs, \(failures) failed\n".utf8))
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

    extension FuzzDriver {
        /// Runs libFuzzer's driver over `testOneInput`: the `main` of a fuzz executable.
        ///
        /// SwiftPM links an executable with `--defsym main=<module>_main`, so a fuzz target defines that entry
        /// point and hands it to libFuzzer.
        ///
        /// - Parameters:
        ///   - argc: the C `argc`.
        ///   - argv: the C `argv`.
        ///   - testOneInput: the target's `LLVMFuzzerTestOneInput`.
        /// - Returns: libFuzzer's exit status.
        public static func runLibFuzzer(
            _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        ) -> CInt {
            var count = argc
            var arguments = argv
            return llvmFuzzerRunDriver(&count, &arguments, testOneInput)
        }
    }
#endif
