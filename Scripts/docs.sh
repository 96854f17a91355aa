#!/usr/bin/env bash
# Builds the DocC documentation of every library product into .build/docs/<Target>.doccarchive with the
# toolchain's docc. Warnings are errors: a ``Symbol`` link to nothing, a documented parameter the function
# does not have, or a broken article link fails the script.
#
#   Scripts/docs.sh            all the catalogs below
#   Scripts/docs.sh Navigation one of them
set -euo pipefail

# The library targets with a catalog at Sources/<Target>/Documentation.docc, in dependency order.
targets=(
    SQLiteDB
    SQLiteCatalog
    Catalog
    CatalogImport
    CatalogSync
    CatalogRemote
    Navigation
    LibraryNavigation
    CatalogServer
    PostgreSQLDB
    PostgreSQLCatalog
)

cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/.build/docs"

fail() {
    echo "docs: $*" >&2
    exit 1
}

if [ $# -gt 0 ]; then
    for target in "$@"; do
        [[ " ${targets[*]} " == *" $target "* ]] || fail "$target is not one of: ${targets[*]}"
    done
    targets=("$@")
fi

# docc ships beside swift in the toolchain; on macOS xcrun knows where.
docc=${DOCC:-}
if [ -z "$docc" ]; then
    if command -v xcrun >/dev/null 2>&1; then
        docc=$(xcrun --find docc)
    elif command -v docc >/dev/null 2>&1; then
        docc=$(command -v docc)
    else
        docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
    fi
fi
[ -x "$docc" ] || fail "no docc found (looked beside swift); set DOCC to its path"

for target in "${targets[@]}"; do
    [ -d "Sources/$target/Documentation.docc" ] || fail "Sources/$target/Documentation.docc is missing"
done

# The build flags are CI's (.ci/run), so after its build step this reuses the products instead of compiling
# everything again.
build_flags=(-Xswiftc -warnings-as-errors)
mkdir -p "$out"
log="$out/build.log"
echo "docs: build"
swift build "${build_flags[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    fail "the build failed"
}

# Symbol graphs of the public API, written beside the build products. dump-symbol-graph also tries the test
# modules, which fails when the tests were not built; only the graphs of the targets above matter, and they
# are new ones since the folder is emptied first.
graphs="$(dirname "$(swift build "${build_flags[@]}" --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
log="$out/symbol-graphs.log"
echo "docs: symbol graphs"
# The toolchain's swift-package has been seen to crash (signal 11) in this step now and then, with nothing wrong
# in the package; a crash is tried again, up to three times in all.
for attempt in 1 2 3; do
    status=0
    swift package "${build_flags[@]}" dump-symbol-graph --emit-extension-block-symbols >"$log" 2>&1 || status=$?
    [ "$status" -ge 128 ] || break
    echo "docs: swift package dump-symbol-graph crashed (exit $status, attempt $attempt of 3)" >&2
    rm -rf "$graphs"
done

for target in "${targets[@]}"; do
    # Only this module's graphs: its own symbols and its extensions of other modules' types.
    module_graphs="$out/symbol-graphs/$target"
    rm -rf "$module_graphs" "$out/$target.doccarchive"
    mkdir -p "$module_graphs"
    [ -f "$graphs/$target.symbols.json" ] || {
        cat "$log" >&2
        fail "no symbol graph for $target in $graphs"
    }
    cp "$graphs/$target.symbols.json" "$module_graphs/"
    find "$graphs" -maxdepth 1 -name "$target@*.symbols.json" -exec cp {} "$module_graphs/" \;

    echo "docs: $target"
    if ! "$docc" convert "Sources/$target/Documentation.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$target" \
        --fallback-bundle-identifier "LibraryCatalog.$target" \
        --output-path "$out/$target.doccarchive" \
        --warnings-as-errors >"$out/$target.log" 2>&1; then
        cat "$out/$target.log" >&2
        fail "$target: fix the problems above, in Sources/$target/Documentation.docc or in $target's doc comments"
    fi
done

echo "docs: archives in $out:"
for target in "${targets[@]}"; do
    echo "  $out/$target.doccarchive"
done
