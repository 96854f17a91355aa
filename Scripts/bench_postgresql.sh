#!/usr/bin/env bash
# Runs the PostgreSQL cases of `catalog-bench` (the import suite's and the serve-postgresql suite) against a
# throwaway PostgreSQL server: initdb into a temporary directory (as the postgres user when run as root, since initdb
# refuses root), postgres on a free port of 127.0.0.1 with its default durability settings (fsync on), stopped and
# deleted when the script ends.
#
#   Scripts/bench_postgresql.sh --rows 100000                   # both suites (when the first word is an option)
#   Scripts/bench_postgresql.sh serve-postgresql --runs 1       # the suites named, with any catalog-bench options
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${CATALOG_POSTGRESQL_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server programs (apt-get install postgresql, or set CATALOG_POSTGRESQL_BIN)" >&2; exit 69; }

work="$(mktemp -d /tmp/catalog-bench-postgres.XXXXXX)"
as_server=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$work"
    as_server=(setpriv --reuid=postgres --regid=postgres --init-groups)
fi
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
pid=""
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"${as_server[@]}" "$bin/initdb" -D "$work/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    > "$work/initdb.log" 2>&1 || { cat "$work/initdb.log" >&2; exit 1; }
"${as_server[@]}" "$bin/postgres" -D "$work/data" -p "$port" -k "$work" -c listen_addresses=127.0.0.1 \
    > "$work/postgres.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres && break
    sleep 0.1
done
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres bench

cd "$root"
swift build -c release --product catalog-bench > /dev/null
swift build -c release --product catalog > /dev/null
case "${1:-}" in "" | -*) set -- import serve-postgresql "$@" ;; esac
"$root/.build/release/catalog-bench" --postgresql "postgres://postgres@127.0.0.1:$port/bench" "$@"
