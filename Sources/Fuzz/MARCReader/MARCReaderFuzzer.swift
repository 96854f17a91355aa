// The fuzz target of WholeFileReaderCheck.marc: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum MARCReaderFuzzer: FuzzTarget {
    static var check: WholeFileReaderCheck { .marc }
}
