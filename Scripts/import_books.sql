-- The books CSV of `catalog-bench import` written set-based by SQLite alone: the peer that shows what the schema
-- costs, with no per-row work outside SQLite.
--
--     sqlite3 -bail DATABASE ".import --csv --schema temp BOOKS.csv staged" "PRAGMA foreign_keys = ON" \
--         "PRAGMA synchronous = NORMAL" "BEGIN IMMEDIATE" ".read Scripts/import_books.sql" "COMMIT"
--
-- DATABASE must have the catalog schema (`catalog --db DATABASE init`) and none of the CSV's source keys yet
-- (the rows are appended: new books, their new authors and genres; names already there are linked). The staged rows are
-- written with what the importer writes for them (books with sort titles and sort keys, authors with sort names
-- and keys, genres, the link tables with positions and sort-key copies, source_records), every trigger firing
-- (search index, change log). SQLite's lower() folds ASCII only, so keys of non-ASCII text keep their accents
-- and cases; names the CSV spells differently in case or accents only would stay apart (the benchmark's CSV has
-- none). No fingerprint is computed (SQLite has no hash function). The links are written table by table: the
-- same triggers run as for the importer's book-by-book writes, and the log ends with one row per entity too.
-- The transaction is the caller's, so Scripts/import_books_bulk.sql can run in the same one with the triggers off.

-- The last ids before the import: Scripts/import_books_bulk.sql fills the search index and change log after them.
CREATE TEMP TABLE start AS
SELECT (SELECT coalesce(max(id), 0) FROM books) AS book, (SELECT coalesce(max(id), 0) FROM authors) AS author,
    (SELECT coalesce(max(id), 0) FROM genres) AS genre;

CREATE TEMP TABLE titled AS
SELECT s.rowid + (SELECT book FROM temp.start) AS book_id, s.source_key, s.title, s.authors, s.genres,
    nullif(replace(replace(s.isbn, '-', ''), ' ', ''), '') AS isbn13, CAST(nullif(s.year, '') AS INTEGER) AS year,
    CAST(nullif(s.pages, '') AS INTEGER) AS pages, instr(s.title, ' ') AS space
FROM temp.staged s;

-- A leading English article goes last: "The Hobbit" -> "Hobbit, The".
CREATE TEMP TABLE rows (
    book_id INTEGER PRIMARY KEY, source_key, title, authors, genres, isbn13, year, pages, sort_title, sort_key);
INSERT INTO temp.rows
SELECT *, lower(sort_title) FROM (
    SELECT book_id, source_key, title, authors, genres, isbn13, year, pages,
        CASE WHEN space > 0 AND lower(substr(title, 1, space - 1)) IN ('the', 'a', 'an')
            THEN substr(title, space + 1) || ', ' || substr(title, 1, space - 1) ELSE title END AS sort_title
    FROM temp.titled);

INSERT INTO books (id, title, sort_title, sort_key, isbn13, year, pages)
SELECT book_id, title, sort_title, sort_key, isbn13, year, pages FROM temp.rows ORDER BY book_id;

-- The names of a multi-valued cell, in order: `kind` 0 for authors, 1 for genres.
CREATE TEMP TABLE names AS
WITH RECURSIVE split(kind, book_id, position, name, rest) AS (
    SELECT 0, book_id, -1, NULL, authors || '|' FROM temp.rows
    UNION ALL
    SELECT 1, book_id, -1, NULL, genres || '|' FROM temp.rows
    UNION ALL
    SELECT kind, book_id, position + 1, trim(substr(rest, 1, instr(rest, '|') - 1)), substr(rest, instr(rest, '|') + 1)
    FROM split WHERE rest <> ''
)
SELECT kind, book_id, position, name, lower(name) AS name_key FROM split WHERE name <> '';

-- A person is filed under the last word of the name (the benchmark's names have no particles or suffixes).
INSERT INTO authors (name, sort_name, name_key, sort_key)
SELECT name, sort_name, name_key, lower(sort_name) FROM (
    SELECT name, name_key, min(book_id * 4 + position) AS first,
        CASE WHEN instr(name, ' ') > 0
            THEN substr(name, length(rtrim(name, replace(name, ' ', ''))) + 1) || ', '
                || rtrim(rtrim(name, replace(name, ' ', '')), ' ')
            ELSE name END AS sort_name
    FROM temp.names WHERE kind = 0 AND name_key NOT IN (SELECT name_key FROM authors) GROUP BY name_key)
ORDER BY first;

INSERT INTO genres (name, name_key)
SELECT name, name_key FROM (
    SELECT name, name_key, min(book_id * 4 + position) AS first
    FROM temp.names WHERE kind = 1 AND name_key NOT IN (SELECT name_key FROM genres) GROUP BY name_key)
ORDER BY first;

-- A name given twice in one cell is linked once, at its first position; positions count from 0 without gaps.
INSERT INTO book_authors (book_id, author_id, role, position, book_year_key, book_sort_key)
SELECT l.book_id, l.author_id, 'author', row_number() OVER (PARTITION BY l.book_id ORDER BY l.position) - 1,
    coalesce(r.year, 10000), r.sort_key
FROM (
    SELECT n.book_id, min(n.position) AS position,
        (SELECT id FROM authors a WHERE a.name_key = n.name_key ORDER BY id LIMIT 1) AS author_id
    FROM temp.names n WHERE n.kind = 0 GROUP BY n.book_id, author_id) l
JOIN temp.rows r ON r.book_id = l.book_id
ORDER BY l.book_id, l.position;

INSERT INTO book_genres (book_id, genre_id, position, book_sort_key)
SELECT l.book_id, l.genre_id, row_number() OVER (PARTITION BY l.book_id ORDER BY l.position) - 1, r.sort_key
FROM (
    SELECT n.book_id, min(n.position) AS position, g.id AS genre_id
    FROM temp.names n JOIN genres g ON g.name_key = n.name_key WHERE n.kind = 1 GROUP BY n.book_id, g.id) l
JOIN temp.rows r ON r.book_id = l.book_id
ORDER BY l.book_id, l.position;

INSERT INTO source_records (source, source_key, entity_kind, entity_id, imported_at)
SELECT 'books', source_key, 'book', book_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM temp.rows;
