// The fuzz target of PageCursorCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum PageCursorFuzzer: FuzzTarget {
    static var check: PageCursorCheck { PageCursorCheck() }
}
