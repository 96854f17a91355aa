// The OpenLibraryReaderCheck fuzz target. Built with -DFUZZING (Scripts/fuzz.sh) it exports libFuzzer's entry point and has no
// Swift `main` (its entry point runs libFuzzer's driver); otherwise it replays the files and directories named on the command line,
// so the seed corpus doubles as a regression check. (Not main.swift: even the inactive branch must be valid in
// a library-mode file, and `-parse-as-library` makes it one.)
import FuzzChecks

#if FUZZING
    nonisolated(unsafe) private let check = OpenLibraryReaderCheck()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzDriver.fuzz(check, bytes, size)
        return 0
    }

    // SwiftPM links executables with `--defsym main=<module>_main`.
    @_cdecl("fuzz_openlibrary_reader_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzDriver.runLibFuzzer(argc, argv, fuzzTestOneInput)
    }
#else
    import Foundation

    @main
    enum Replay {
        static func main() {
            exit(FuzzDriver.replay(OpenLibraryReaderCheck(), arguments: Array(CommandLine.arguments.dropFirst())))
        }
    }
#endif
