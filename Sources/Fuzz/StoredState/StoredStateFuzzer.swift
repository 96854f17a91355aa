// The fuzz target of StoredStateCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum StoredStateFuzzer: FuzzTarget {
    static var check: StoredStateCheck { StoredStateCheck() }
}
