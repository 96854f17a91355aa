// The fuzz target of RouterCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum RouterFuzzer: FuzzTarget {
    static var check: RouterCheck { RouterCheck() }
}
