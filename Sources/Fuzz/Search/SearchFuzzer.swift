// The fuzz target of SearchCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum SearchFuzzer: FuzzTarget {
    static var check: SearchCheck { SearchCheck.makeOrExit() }
}
