// The fuzz target of JSONReaderCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum JSONReaderFuzzer: FuzzTarget {
    static var check: JSONReaderCheck { JSONReaderCheck() }
}
