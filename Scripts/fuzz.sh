#!/bin/sh
# Builds one libFuzzer target with the address sanitizer and runs it over a copy of its seed corpus.
#
#   Scripts/fuzz.sh TARGET SECONDS [MAX_RUNS] [libFuzzer options…]
#
# TARGET: route-parser, stored-state, search, page-cursor, csv-reader, json-reader, openlibrary-reader, router,
# marc-reader or marcxml-reader (the executable is fuzz-TARGET).
# The build uses its own scratch path (.build/fuzz) so normal builds are not disturbed. The corpus copy
# grows in .build/fuzz/corpus/TARGET; crash inputs land in .build/fuzz/artifacts/TARGET. Copy a crash input
# into Tests/FuzzCorpus/TARGET/ to make it a regression test of the normal suite.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [MAX_RUNS] [libFuzzer options…]" >&2
    exit 64
fi
target=$1
seconds=$2
shift 2
runs=-1
if [ $# -gt 0 ]; then
    runs=$1
    shift
fi

root=$(cd "$(dirname "$0")/.." && pwd)
seeds="$root/Tests/FuzzCorpus/$target"
if [ ! -d "$seeds" ]; then
    echo "no seed corpus at $seeds" >&2
    exit 64
fi
scratch="$root/.build/fuzz"

cd "$root"
mkdir -p "$scratch"
build_log="$scratch/build-$target.log"
# A failed build must stop here: the binary of an earlier build may still be there.
if ! swift build -c release --scratch-path "$scratch" --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library >"$build_log" 2>&1; then
    grep -v "Cannot export local symbol" "$build_log" >&2
    echo "fuzz-$target did not build (log: $build_log)" >&2
    exit 1
fi
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/fuzz-$target"

corpus="$scratch/corpus/$target"
artifacts="$scratch/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
cp "$seeds"/* "$corpus"/

dictionary=""
if [ -f "$root/Tests/FuzzCorpus/$target.dict" ]; then
    dictionary="-dict=$root/Tests/FuzzCorpus/$target.dict"
fi

log="$scratch/fuzz-$target.log"
status=0
"$binary" "$corpus" -max_total_time="$seconds" -runs="$runs" -artifact_prefix="$artifacts/" \
    -print_final_stats=1 $dictionary "$@" 2>"$log" || status=$?
grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added)|ERROR|fuzz finding' \
    "$log" || true
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
echo "fuzz-$target: ${executions:-?} executions in at most $seconds s (log: $log)"
if [ "$status" -ne 0 ]; then
    echo "fuzz-$target: crashed; inputs in $artifacts" >&2
fi
exit "$status"
