// The fuzz target of OpenLibraryReaderCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum OpenLibraryReaderFuzzer: FuzzTarget {
    static var check: OpenLibraryReaderCheck { OpenLibraryReaderCheck() }
}
