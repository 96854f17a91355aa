// The fuzz target of WholeFileReaderCheck.openLibrary: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum OpenLibraryReaderFuzzer: FuzzTarget {
    static var check: WholeFileReaderCheck { .openLibrary }
}
