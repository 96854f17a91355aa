#!/usr/bin/env python3
"""The straightforward normalized import of a books CSV with Python's sqlite3: the peer `catalog-bench import`
measures `catalog import` against.

    python3 Scripts/import_books.py DATABASE BOOKS.csv [SOURCE]

DATABASE must have the catalog schema (`catalog --db DATABASE init`). The CSV has the columns
source_key,title,authors,genres,isbn,year,pages with `|` between the names of a multi-valued cell. The rules are
the catalog's: identity by (source, source_key), then ISBN-13 for a new key; authors and genres matched by
folded name through a dict (the in-memory name -> id map), created when new; the same tables, columns, sort
keys and link copies; one transaction. Written the way a careful Python programmer would: csv module,
prepared statements reused by sqlite3's statement cache, no executemany tricks that change the semantics.
"""
import csv
import hashlib
import re
import sqlite3
import sys
import unicodedata
import uuid

ARTICLES = {"the", "a", "an"}
PARTICLES = {"al", "bin", "da", "das", "de", "del", "della", "den", "der", "des", "di", "do", "dos", "du", "el",
             "ibn", "la", "le", "st.", "ten", "ter", "van", "von", "zu"}
SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}
SPACES = re.compile(r"\s+")


def clean(text):
    return SPACES.sub(" ", text).strip()


def fold(text):
    if text.isascii():
        return clean(text).lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return clean(unicodedata.normalize("NFC", stripped))


def sort_title(title):
    first, _, rest = title.partition(" ")
    return f"{rest}, {first}" if rest and first.lower() in ARTICLES else title


def sort_person(name):
    if "," in name:
        return name
    words = name.split(" ")
    suffix = words.pop() if len(words) > 1 and words[-1].lower() in SUFFIXES else None
    if len(words) < 2:
        return ", ".join(words + ([suffix] if suffix else []))
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in PARTICLES:
        start -= 1
    parts = [" ".join(words[start:]), " ".join(words[:start])] + ([suffix] if suffix else [])
    return ", ".join(parts)


def isbn13(text):
    digits = text.replace("-", "").replace(" ", "")
    if len(digits) != 13 or not digits.isdigit() or not digits.startswith(("978", "979")):
        return None
    check = (10 - sum((1 if i % 2 == 0 else 3) * int(d) for i, d in enumerate(digits[:12])) % 10) % 10
    return digits if check == int(digits[12]) else None


def split(cell):
    values = []
    for piece in cell.split("|"):
        value = clean(piece)
        if value and value not in values:
            values.append(value)
    return values


def csv_books(path):
    """The books of the CSV as write_books takes them."""
    with open(path, newline="", encoding="utf-8-sig") as file:
        for row in csv.DictReader(file):
            yield {"key": row["source_key"], "title": clean(row["title"]),
                   "isbn": isbn13(row["isbn"]) if row["isbn"] else None,
                   "year": int(row["year"]) if row["year"] else None,
                   "pages": int(row["pages"]) if row["pages"] else None,
                   "authors": split(row["authors"]), "genres": split(row["genres"])}


def main(database, path, source):
    write_books(database, csv_books(path), source)


def write_books(database, books, source):
    """Writes books (dicts of key, title, isbn, year, pages, authors, genres) under source, in one transaction."""
    db = sqlite3.connect(database, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    stamp = db.execute("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')").fetchone()[0]
    authors, genres = {}, {}
    counts = {"inserted": 0, "updated": 0, "unchanged": 0, "rejected": 0}
    db.execute("BEGIN IMMEDIATE")

    def author_id(name):
        key = fold(name)
        if key not in authors:
            row = db.execute("SELECT id FROM authors WHERE name_key = ? ORDER BY id LIMIT 1", (key,)).fetchone()
            if row is None:
                sort = sort_person(name)
                db.execute(
                    "INSERT INTO authors (uuid, name, sort_name, name_key, sort_key) VALUES (?, ?, ?, ?, ?)",
                    (str(uuid.uuid4()), name, sort, key, fold(sort)))
                row = (db.execute("SELECT last_insert_rowid()").fetchone()[0],)
            authors[key] = row[0]
        return authors[key]

    def genre_id(name):
        key = fold(name)
        if key not in genres:
            row = db.execute("SELECT id FROM genres WHERE name_key = ?", (key,)).fetchone()
            if row is None:
                db.execute("INSERT INTO genres (uuid, name, name_key) VALUES (?, ?, ?)",
                           (str(uuid.uuid4()), name, key))
                row = (db.execute("SELECT last_insert_rowid()").fetchone()[0],)
            genres[key] = row[0]
        return genres[key]

    for row in books:
        title = row["title"]
        if not title:
            counts["rejected"] += 1
            continue
        isbn, year, pages = row["isbn"], row["year"], row["pages"]
        names, subjects = row["authors"], row["genres"]
        key = row["key"]
        fingerprint = hashlib.blake2b(
            repr((title, isbn, year, pages, names, subjects)).encode(), digest_size=8).hexdigest()
        known = db.execute(
            "SELECT entity_id, fingerprint FROM source_records WHERE source = ? AND source_key = ?",
            (source, key)).fetchone()
        if known and known[1] == fingerprint:
            counts["unchanged"] += 1
            continue
        existing = known[0] if known else None
        if existing is None and isbn:
            match = db.execute("SELECT id FROM books WHERE isbn13 = ?", (isbn,)).fetchone()
            existing = match[0] if match else None
        sort = sort_title(title)
        sort_key = fold(sort)
        if existing is None:
            db.execute(
                "INSERT INTO books (uuid, title, sort_title, sort_key, isbn13, year, pages) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", (str(uuid.uuid4()), title, sort, sort_key, isbn, year, pages))
            book = db.execute("SELECT last_insert_rowid()").fetchone()[0]
            counts["inserted"] += 1
        else:
            book = existing
            db.execute(
                "UPDATE books SET title = ?, sort_title = ?, sort_key = ?, isbn13 = ?, year = ?, pages = ? "
                "WHERE id = ?", (title, sort, sort_key, isbn, year, pages, book))
            db.execute("DELETE FROM book_authors WHERE book_id = ?", (book,))
            db.execute("DELETE FROM book_genres WHERE book_id = ?", (book,))
            counts["updated"] += 1
        seen = []
        for name in names:
            author = author_id(name)
            if author in seen:
                continue
            db.execute(
                "INSERT INTO book_authors (book_id, author_id, role, position, book_year_key, book_sort_key) "
                "VALUES (?, ?, 'author', ?, ?, ?)",
                (book, author, len(seen), 10000 if year is None else year, sort_key))
            seen.append(author)
        linked = []
        for name in subjects:
            genre = genre_id(name)
            if genre in linked:
                continue
            db.execute(
                "INSERT INTO book_genres (book_id, genre_id, position, book_sort_key) VALUES (?, ?, ?, ?)",
                (book, genre, len(linked), sort_key))
            linked.append(genre)
        db.execute(
            "INSERT INTO source_records (source, source_key, entity_kind, entity_id, fingerprint, imported_at) "
            "VALUES (?, ?, 'book', ?, ?, ?) ON CONFLICT (source, source_key) DO UPDATE SET "
            "entity_id = excluded.entity_id, fingerprint = excluded.fingerprint, imported_at = excluded.imported_at",
            (source, key, book, fingerprint, stamp))
    db.execute("COMMIT")
    print(counts)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else "books")
