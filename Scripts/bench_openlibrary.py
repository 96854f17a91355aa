#!/usr/bin/env python3
"""Times `catalog import` of a generated Open Library works dump (10,000,000 lines by default): wall time, CPU time,
peak RSS and rows/s, with the catalog's row counts after.

    python3 Scripts/bench_openlibrary.py [--lines N] [--catalog PATH] [--keep DIR] [-- IMPORT_OPTION...]

The dump is written first (not timed) into a temporary directory, or DIR with --keep (where a dump of the same
--lines is reused), in the works dump's format: 5 tab-separated columns (type, key, revision, last modified, JSON).
Its lines are shaped like the real dump's, seeded so every run writes the same file: about 3% `/type/redirect`
lines (skipped by the importer), the rest works with a title, 1-3 authors as `/type/author_role` entries from a
pool of a third as many author keys as works (placeholder names, as when the authors dump has not been imported),
0-11 subjects drawn from 50,000 with a long tail, covers in one of two, a first publish date in two of three,
created and last_modified stamps. How many authors and subjects a work has, and how often it has a subtitle or a
description, follow a real slice of the dump (1,970 works: 58% without subjects, 1.3 a work; 99% with one
author; a subtitle in 2%, a description in 3%). A catalog made by
`catalog init` in the same directory receives it through the release `catalog` (`--catalog PATH`, default
`.build/release/catalog`), with the import options given after `--`.
"""

import argparse
import json
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

WORDS = (
    "night city river garden stone winter shadow light house letters voyage empire memory island secret "
    "children war peace history song fire glass iron silver journey mountain forest sea love death time "
    "world kingdom road dream north south storm harbor bridge mirror queen king soldier painter machine "
    "theory practice principles introduction studies essays poems tales stories notes chronicle atlas"
).split()
ACCENTED = ["été", "Ångström", "naïve", "Über", "façade", "Zürich", "Kraków", "São Paulo", "東京", "Москва"]


def title(rng):
    words = [rng.choice(WORDS).capitalize() for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.1:
        words.insert(rng.randrange(len(words) + 1), rng.choice(ACCENTED))
    if rng.random() < 0.3:
        words.insert(0, rng.choice(["The", "A", "An"]))
    return " ".join(words)


# Works per number of subjects (0, 1, 2 …) and per number of authors (1, 2, 3) in the real slice.
SUBJECT_COUNTS = [1142, 195, 205, 180, 95, 57, 37, 24, 12, 5, 4, 5]
AUTHOR_COUNTS = [1954, 10, 6]


def subject(rng):
    # One of 50,000, named by its number; a long tail: a few subjects on many works, most on a few.
    index = int(50_000 ** rng.random()) - 1
    return f"{WORDS[index % len(WORDS)].capitalize()} {WORDS[index // len(WORDS) % len(WORDS)]} {index}"


def stamp(rng, year):
    return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999999):06d}"


def write_dump(path, lines):
    rng = random.Random(7)
    author_pool = max(1, lines // 3)
    with open(path, "w", encoding="utf-8") as out:
        for number in range(1, lines + 1):
            key = f"/works/OL{number}W"
            modified = stamp(rng, rng.randint(2008, 2024))
            if rng.random() < 0.03:
                record = {"type": {"key": "/type/redirect"}, "key": key, "location": f"/works/OL{rng.randint(1, lines)}W",
                          "revision": 2, "last_modified": {"type": "/type/datetime", "value": modified}}
                out.write(f"/type/redirect\t{key}\t2\t{modified}\t{json.dumps(record)}\n")
                continue
            revision = rng.randint(1, 9)
            record = {"title": title(rng)}
            if rng.random() < 0.02:
                record["subtitle"] = title(rng)
            record["created"] = {"type": "/type/datetime", "value": stamp(rng, rng.randint(2008, 2012))}
            if rng.random() < 0.5:
                record["covers"] = [rng.randint(1, 14_000_000)]
            record["last_modified"] = {"type": "/type/datetime", "value": modified}
            record["latest_revision"] = revision
            record["key"] = key
            record["authors"] = [
                {"type": {"key": "/type/author_role"}, "author": {"key": f"/authors/OL{rng.randint(1, author_pool)}A"}}
                for _ in range(1 + rng.choices(range(len(AUTHOR_COUNTS)), AUTHOR_COUNTS)[0])
            ]
            subjects = [subject(rng) for _ in range(rng.choices(range(len(SUBJECT_COUNTS)), SUBJECT_COUNTS)[0])]
            if subjects:
                record["subjects"] = subjects
            if rng.random() < 0.03:
                record["description"] = {"type": "/type/text", "value": " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 60)))}
            if rng.random() < 0.67:
                record["first_publish_date"] = str(rng.randint(1500, 2024))
            record["type"] = {"key": "/type/work"}
            record["revision"] = revision
            out.write(f"/type/work\t{key}\t{revision}\t{modified}\t{json.dumps(record)}\n")


def remove_catalog(database):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)


def line_count(path):
    with open(path, "rb") as file:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: file.read(1 << 20), b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--catalog", default=".build/release/catalog")
    parser.add_argument("--keep", help="directory to keep (and reuse) the dump in")
    parser.add_argument("options", nargs="*", help="options for catalog import, after --")
    arguments = parser.parse_args()
    if not os.access(arguments.catalog, os.X_OK):
        sys.exit(f"{arguments.catalog}: no catalog executable; build it with `swift build -c release --product catalog`")
    directory = arguments.keep or tempfile.mkdtemp(prefix="bench-openlibrary-")
    os.makedirs(directory, exist_ok=True)
    dump = os.path.join(directory, f"works-{arguments.lines}.txt")
    database = os.path.join(directory, "catalog.sqlite")
    try:
        if os.path.exists(dump) and line_count(dump) == arguments.lines:
            print(f"reusing {dump}", flush=True)
        else:
            print(f"writing {arguments.lines:,} lines to {dump}", flush=True)
            write_dump(dump, arguments.lines)
        print(f"dump: {os.path.getsize(dump) / 1e9:.2f} GB", flush=True)
        remove_catalog(database)
        subprocess.run([arguments.catalog, "--db", database, "init"], check=True, stdout=subprocess.DEVNULL)
        command = [arguments.catalog, "--db", database, "import", dump, "--json"] + arguments.options
        print(" ".join(command), flush=True)
        load = os.getloadavg()[0]
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=subprocess.PIPE)
        output, _ = child.communicate()
        seconds = time.monotonic() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        if child.returncode != 0:
            sys.exit(f"catalog import exited with status {child.returncode}")
        summary = json.loads(output)
        connection = sqlite3.connect(database)
        counts = {table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                  for table in ("books", "authors", "genres", "book_authors", "book_genres")}
        connection.close()
        # ru_maxrss of the children is the largest one's: the import, not `catalog init`.
        print(f"catalog import: {seconds:.2f} s ({seconds / 60:.1f} min), CPU {usage.ru_utime + usage.ru_stime:.2f} s, "
              f"peak RSS {usage.ru_maxrss * 1024 / 1e6:.1f} MB, {arguments.lines / seconds:,.0f} lines/s; load before: "
              f"{load:.2f}")
        print("summary: " + ", ".join(f"{key} {value}" for key, value in summary.items() if isinstance(value, int)))
        print("catalog: " + ", ".join(f"{table} {count:,}" for table, count in counts.items()))
    finally:
        remove_catalog(database)
        if not arguments.keep:
            shutil.rmtree(directory)


if __name__ == "__main__":
    main()
