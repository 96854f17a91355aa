// The fuzz target of RouteParserCheck: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum RouteParserFuzzer: FuzzTarget {
    static var check: RouteParserCheck { RouteParserCheck() }
}
