-- 0001_catalog: books, authors, genres and bands, their links, import identities and the search index.
--
-- Rules every later migration and every other SQLite client can rely on:
-- * Every entity table has `id INTEGER PRIMARY KEY`, a unique `uuid` (lowercase text, never changes: routes and
--   clients point at it), and `created_at` / `updated_at` as ISO-8601 UTC text with milliseconds, the text
--   strftime('%Y-%m-%dT%H:%M:%fZ', 'now') writes. A row inserted without a uuid gets a random version-4 one.
-- * `name_key` and `sort_key` hold the Unicode fold (case- and diacritic-insensitive, whitespace collapsed) of
--   the name and of the sort name. The application computes them (SQLite's lower() and NOCASE fold ASCII only).
--   Lists order by `sort_key, id`; `name_key` is for matching ("MOTÖRHEAD" = "Motörhead" = "motorhead").
-- * Link tables carry copies of the sort columns of the entity they list (`book_sort_key` …), so every
--   browsing list pages straight off one index; the triggers below fill and refresh the copies.
-- * Triggers call only built-in SQL functions, so any SQLite client can write the file.
-- * `search_index` is one FTS5 table over book titles and author, genre and band names. Its rowid encodes the
--   entity: id * 4 + kind, kind 0 = book, 1 = author, 2 = genre, 3 = band. One table ranks every kind with the
--   same bm25 statistics, and `rowid >> 2` / `rowid & 3` lead back to the row.
--
-- 0002 adds the navigation tables; 0003 is meant to add a change log fed by its own AFTER INSERT / UPDATE /
-- DELETE triggers on the entity tables. The trigger names here are `<table>_<purpose>`, so the names a change
-- log would take (e.g. `books_changelog_insert`) stay free.

CREATE TABLE genres (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CHECK (name <> ''),
    name_key TEXT NOT NULL UNIQUE CHECK (name_key <> ''),
    parent_id INTEGER REFERENCES genres(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (parent_id IS NOT id)
);
-- All genres by name: the UNIQUE index on name_key. Children of a genre (and ON DELETE SET NULL):
CREATE INDEX genres_by_parent ON genres(parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE authors (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CHECK (name <> ''),
    sort_name TEXT NOT NULL CHECK (sort_name <> ''),
    name_key TEXT NOT NULL,
    sort_key TEXT NOT NULL,
    -- Tells apart people who share a name: "English writer, 1892–1973".
    disambiguation TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX authors_by_sort_key ON authors(sort_key);
CREATE INDEX authors_by_name_key ON authors(name_key);

CREATE TABLE books (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    title TEXT NOT NULL CHECK (title <> ''),
    sort_title TEXT NOT NULL CHECK (sort_title <> ''),
    sort_key TEXT NOT NULL,
    isbn13 TEXT UNIQUE CHECK (isbn13 IS NULL OR (length(isbn13) = 13 AND isbn13 NOT GLOB '*[^0-9]*')),
    -- Negative for BCE.
    year INTEGER CHECK (year IS NULL OR year BETWEEN -9999 AND 9999),
    pages INTEGER CHECK (pages IS NULL OR pages > 0),
    -- BCP 47 language tag: "en", "fr", "grc".
    language TEXT,
    summary TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX books_by_sort_key ON books(sort_key);

CREATE TABLE bands (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    -- Not unique: thousands of real bands share a name; `disambiguation` tells them apart.
    name TEXT NOT NULL CHECK (name <> ''),
    sort_name TEXT NOT NULL CHECK (sort_name <> ''),
    name_key TEXT NOT NULL,
    sort_key TEXT NOT NULL,
    -- ISO 3166-1 alpha-2: "GB", "IS".
    country TEXT CHECK (country IS NULL OR (length(country) = 2 AND country GLOB '[A-Z][A-Z]')),
    formed_year INTEGER,
    ended_year INTEGER CHECK (ended_year IS NULL OR formed_year IS NULL OR ended_year >= formed_year),
    status TEXT CHECK (status IS NULL OR status IN ('active', 'hiatus', 'disbanded')),
    disambiguation TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX bands_by_sort_key ON bands(sort_key);
CREATE INDEX bands_by_name_key ON bands(name_key);

-- Who is credited on a book, in credited order (`position` from 0), and as what: 'author', 'translator',
-- 'illustrator', 'editor', 'contributor' … One person may hold several roles on one book.
CREATE TABLE book_authors (
    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
    role TEXT NOT NULL DEFAULT 'author' CHECK (role <> ''),
    position INTEGER NOT NULL CHECK (position >= 0),
    -- Copies of books.year (10000 when unknown, so undated books come last) and books.sort_key.
    book_year_key INTEGER,
    book_sort_key TEXT,
    PRIMARY KEY (book_id, position),
    UNIQUE (book_id, author_id, role)
) WITHOUT ROWID;
-- Author → books (year, then title); book → authors uses the primary key.
CREATE INDEX book_authors_by_author ON book_authors(author_id, book_year_key, book_sort_key, book_id);

CREATE TABLE book_genres (
    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
    genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
    position INTEGER NOT NULL DEFAULT 0 CHECK (position >= 0),
    -- Copy of books.sort_key.
    book_sort_key TEXT,
    PRIMARY KEY (book_id, genre_id)
) WITHOUT ROWID;
-- Genre → books (by title).
CREATE INDEX book_genres_by_genre ON book_genres(genre_id, book_sort_key, book_id);

CREATE TABLE band_genres (
    band_id INTEGER NOT NULL REFERENCES bands(id) ON DELETE CASCADE,
    genre_id INTEGER NOT NULL REFERENCES genres(id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    -- Copy of bands.sort_key.
    band_sort_key TEXT,
    PRIMARY KEY (band_id, genre_id)
) WITHOUT ROWID;
-- Band → genres (in position order) and genre → bands (by sort name).
CREATE UNIQUE INDEX band_genres_by_position ON band_genres(band_id, position);
CREATE INDEX band_genres_by_genre ON band_genres(genre_id, band_sort_key, band_id);

-- Import identity: (source, source_key) names one entity, so importing a file again updates instead of
-- duplicating. `fingerprint` is the hash of the record last imported, to tell "unchanged" from "updated".
CREATE TABLE source_records (
    source TEXT NOT NULL CHECK (source <> ''),
    source_key TEXT NOT NULL CHECK (source_key <> ''),
    entity_kind TEXT NOT NULL CHECK (entity_kind IN ('book', 'author', 'genre', 'band')),
    entity_id INTEGER NOT NULL,
    fingerprint TEXT,
    imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (source, source_key)
) WITHOUT ROWID;
CREATE INDEX source_records_by_entity ON source_records(entity_kind, entity_id);

CREATE VIRTUAL TABLE search_index USING fts5(
    name,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
);

-- Copies of sort columns on link tables: filled when a writer leaves them NULL, refreshed when the source
-- row's sort columns change.
CREATE TRIGGER book_authors_fill_sort_keys AFTER INSERT ON book_authors
WHEN NEW.book_year_key IS NULL OR NEW.book_sort_key IS NULL
BEGIN
    UPDATE book_authors
    SET book_year_key = (SELECT coalesce(year, 10000) FROM books WHERE id = NEW.book_id),
        book_sort_key = (SELECT sort_key FROM books WHERE id = NEW.book_id)
    WHERE book_id = NEW.book_id AND position = NEW.position;
END;

CREATE TRIGGER book_genres_fill_sort_keys AFTER INSERT ON book_genres
WHEN NEW.book_sort_key IS NULL
BEGIN
    UPDATE book_genres SET book_sort_key = (SELECT sort_key FROM books WHERE id = NEW.book_id)
    WHERE book_id = NEW.book_id AND genre_id = NEW.genre_id;
END;

CREATE TRIGGER band_genres_fill_sort_keys AFTER INSERT ON band_genres
WHEN NEW.band_sort_key IS NULL
BEGIN
    UPDATE band_genres SET band_sort_key = (SELECT sort_key FROM bands WHERE id = NEW.band_id)
    WHERE band_id = NEW.band_id AND genre_id = NEW.genre_id;
END;

CREATE TRIGGER books_refresh_sort_keys AFTER UPDATE OF year, sort_key ON books
WHEN NEW.year IS NOT OLD.year OR NEW.sort_key IS NOT OLD.sort_key
BEGIN
    UPDATE book_authors SET book_year_key = coalesce(NEW.year, 10000), book_sort_key = NEW.sort_key
    WHERE book_id = NEW.id;
    UPDATE book_genres SET book_sort_key = NEW.sort_key WHERE book_id = NEW.id;
END;

CREATE TRIGGER bands_refresh_sort_keys AFTER UPDATE OF sort_key ON bands
WHEN NEW.sort_key IS NOT OLD.sort_key
BEGIN
    UPDATE band_genres SET band_sort_key = NEW.sort_key WHERE band_id = NEW.id;
END;

-- A uuid is the entity's public identity: routes, saved navigation and client copies point at it.
CREATE TRIGGER books_keep_uuid BEFORE UPDATE OF uuid ON books WHEN NEW.uuid IS NOT OLD.uuid
BEGIN SELECT RAISE(ABORT, 'books.uuid cannot change'); END;
CREATE TRIGGER authors_keep_uuid BEFORE UPDATE OF uuid ON authors WHEN NEW.uuid IS NOT OLD.uuid
BEGIN SELECT RAISE(ABORT, 'authors.uuid cannot change'); END;
CREATE TRIGGER genres_keep_uuid BEFORE UPDATE OF uuid ON genres WHEN NEW.uuid IS NOT OLD.uuid
BEGIN SELECT RAISE(ABORT, 'genres.uuid cannot change'); END;
CREATE TRIGGER bands_keep_uuid BEFORE UPDATE OF uuid ON bands WHEN NEW.uuid IS NOT OLD.uuid
BEGIN SELECT RAISE(ABORT, 'bands.uuid cannot change'); END;

-- updated_at for writers that do not set it themselves (the Catalog library does, so this stays idle).
CREATE TRIGGER books_touch AFTER UPDATE ON books WHEN NEW.updated_at IS OLD.updated_at
BEGIN UPDATE books SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;
CREATE TRIGGER authors_touch AFTER UPDATE ON authors WHEN NEW.updated_at IS OLD.updated_at
BEGIN UPDATE authors SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;
CREATE TRIGGER genres_touch AFTER UPDATE ON genres WHEN NEW.updated_at IS OLD.updated_at
BEGIN UPDATE genres SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;
CREATE TRIGGER bands_touch AFTER UPDATE ON bands WHEN NEW.updated_at IS OLD.updated_at
BEGIN UPDATE bands SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id; END;

-- The search index follows the entity tables.
CREATE TRIGGER books_index_insert AFTER INSERT ON books
BEGIN INSERT INTO search_index(rowid, name) VALUES (NEW.id * 4, NEW.title); END;
CREATE TRIGGER books_index_update AFTER UPDATE OF title ON books WHEN NEW.title IS NOT OLD.title
BEGIN UPDATE search_index SET name = NEW.title WHERE rowid = NEW.id * 4; END;
CREATE TRIGGER authors_index_insert AFTER INSERT ON authors
BEGIN INSERT INTO search_index(rowid, name) VALUES (NEW.id * 4 + 1, NEW.name); END;
CREATE TRIGGER authors_index_update AFTER UPDATE OF name ON authors WHEN NEW.name IS NOT OLD.name
BEGIN UPDATE search_index SET name = NEW.name WHERE rowid = NEW.id * 4 + 1; END;
CREATE TRIGGER genres_index_insert AFTER INSERT ON genres
BEGIN INSERT INTO search_index(rowid, name) VALUES (NEW.id * 4 + 2, NEW.name); END;
CREATE TRIGGER genres_index_update AFTER UPDATE OF name ON genres WHEN NEW.name IS NOT OLD.name
BEGIN UPDATE search_index SET name = NEW.name WHERE rowid = NEW.id * 4 + 2; END;
CREATE TRIGGER bands_index_insert AFTER INSERT ON bands
BEGIN INSERT INTO search_index(rowid, name) VALUES (NEW.id * 4 + 3, NEW.name); END;
CREATE TRIGGER bands_index_update AFTER UPDATE OF name ON bands WHEN NEW.name IS NOT OLD.name
BEGIN UPDATE search_index SET name = NEW.name WHERE rowid = NEW.id * 4 + 3; END;

-- Deleting an entity takes its search entry and its import identities with it (the links go by ON DELETE
-- CASCADE), so importing its source again creates it anew.
CREATE TRIGGER books_forget AFTER DELETE ON books
BEGIN
    DELETE FROM search_index WHERE rowid = OLD.id * 4;
    DELETE FROM source_records WHERE entity_kind = 'book' AND entity_id = OLD.id;
END;
CREATE TRIGGER authors_forget AFTER DELETE ON authors
BEGIN
    DELETE FROM search_index WHERE rowid = OLD.id * 4 + 1;
    DELETE FROM source_records WHERE entity_kind = 'author' AND entity_id = OLD.id;
END;
CREATE TRIGGER genres_forget AFTER DELETE ON genres
BEGIN
    DELETE FROM search_index WHERE rowid = OLD.id * 4 + 2;
    DELETE FROM source_records WHERE entity_kind = 'genre' AND entity_id = OLD.id;
END;
CREATE TRIGGER bands_forget AFTER DELETE ON bands
BEGIN
    DELETE FROM search_index WHERE rowid = OLD.id * 4 + 3;
    DELETE FROM source_records WHERE entity_kind = 'band' AND entity_id = OLD.id;
END;
