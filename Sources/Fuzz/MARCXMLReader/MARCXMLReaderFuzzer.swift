// The fuzz target of WholeFileReaderCheck.marcXML: libFuzzer with -DFUZZING (Scripts/fuzz.sh), else a corpus replay (FuzzTarget).
import FuzzChecks

@main
enum MARCXMLReaderFuzzer: FuzzTarget {
    static var check: WholeFileReaderCheck { .marcXML }
}
