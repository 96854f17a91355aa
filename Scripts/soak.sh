#!/bin/sh
# Runs the multi-process soak (one importing, two navigating and two browsing processes on one database file)
# for at least SECONDS, and until its imports are done (two, one of them retitling every book).
#
#   Scripts/soak.sh SECONDS
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 SECONDS" >&2
    exit 64
fi
cd "$(dirname "$0")/.."
CATALOG_SOAK_SECONDS=$1 swift test --filter 'ReliabilityTests.SoakTests'
