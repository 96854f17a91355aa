// The fuzz target of MARCReaderCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum MARCReaderFuzzer: FuzzTarget {
    static var check: MARCReaderCheck { MARCReaderCheck() }
}
