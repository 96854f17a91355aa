// The fuzz target of CSVReaderCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum CSVReaderFuzzer: FuzzTarget {
    static var check: CSVReaderCheck { CSVReaderCheck() }
}
