#!/usr/bin/env bash
# Checks the layering that Package.swift alone does not enforce: which targets a target may reach through its
# dependencies. Each rule names a target and the targets its closure must not contain; a broken rule prints the
# path that breaks it.
#
#   Scripts/check-module-graph.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift package describe --type json | python3 -c '
import json, sys

# The database drivers and the C libraries under them.
drivers = {"SQLiteDB", "PostgreSQLDB", "CSQLite", "CLibPQ"}

# target: what its dependencies, direct or not, must not include
rules = {
    # A tool or app that wants PostgreSQL storage links no HTTP server.
    "PostgreSQLCatalog": {"HTTPServer", "CatalogServer", "CMicroHTTPD"},
    # The stores serve the server and the command line alike; they know nothing of HTTP.
    "CatalogStore": {"HTTPServer", "CatalogServer", "CMicroHTTPD"},
    # Navigation state, users and tokens are statements written once over SQLInterface: the side of each database
    # (SQLiteCatalog for SQLite, PostgreSQLCatalog) makes their stores, so none of them links a database driver.
    "Navigation": drivers,
    "Accounts": drivers,
    "AccessTokens": drivers,
}

targets = {t["name"]: t.get("target_dependencies", []) for t in json.load(sys.stdin)["targets"]}

def path_to(start, banned):
    """The first dependency path from start to a banned target, or None."""
    seen, stack = set(), [[start]]
    while stack:
        path = stack.pop()
        for dependency in targets.get(path[-1], []):
            if dependency in banned:
                return path + [dependency]
            if dependency not in seen:
                seen.add(dependency)
                stack.append(path + [dependency])
    return None

broken = False
for target, banned in rules.items():
    if target not in targets:
        print(f"module graph: no target {target} (update Scripts/check-module-graph.sh)", file=sys.stderr)
        broken = True
    elif (path := path_to(target, banned)):
        print(f"module graph: {target} must not depend on {path[-1]}: " + " -> ".join(path), file=sys.stderr)
        broken = True
sys.exit(1 if broken else 0)
'
echo "module graph: ok"
