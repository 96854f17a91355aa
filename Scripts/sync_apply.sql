-- A client copy caught up with its server by SQLite alone, set-based: the peer of `catalog-bench sync` that shows
-- what applying the changes costs the schema itself, with no per-change work outside SQLite.
--
--     sqlite3 -bail CLIENT "ATTACH 'SERVER' AS server" ".read Scripts/sync_apply.sql"
--
-- CLIENT is a file made by `catalog snapshot` of SERVER. Every entity whose change-log row is past the client's
-- `sync_state.last_seq` is deleted (a tombstone) or written with the server's columns, references and link rows
-- mapped from uuids to the client's ids, in one transaction, every client trigger firing (sort-key copies,
-- search index, the client's own change log); then `sync_state` records the server's high-water mark. Unlike
-- `catalog sync` it reads the server's tables directly (no payloads, no JSON), in one batch, and settles no
-- unique-key collisions (the benchmark's changes make none).
PRAGMA foreign_keys = ON;
PRAGMA cache_size = -65536;
BEGIN IMMEDIATE;

CREATE TEMP TABLE changed AS
SELECT entity_kind AS kind, uuid, operation FROM server.change_log
WHERE seq > (SELECT last_seq FROM main.sync_state WHERE id = 1);
CREATE INDEX temp.changed_by_kind ON changed(kind, uuid);

DELETE FROM main.books WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'book' AND operation = 'delete');
DELETE FROM main.bands WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'band' AND operation = 'delete');
DELETE FROM main.authors
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'author' AND operation = 'delete');
DELETE FROM main.genres WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'genre' AND operation = 'delete');

-- Entity columns; a genre's parent once every genre is there.
INSERT INTO main.genres (uuid, name, name_key, created_at, updated_at)
SELECT s.uuid, s.name, s.name_key, s.created_at, s.updated_at
FROM server.genres s JOIN temp.changed c ON c.kind = 'genre' AND c.uuid = s.uuid WHERE true
ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, updated_at = excluded.updated_at;
UPDATE main.genres SET parent_id = (
    SELECT p.id FROM server.genres s JOIN server.genres sp ON sp.id = s.parent_id JOIN main.genres p ON p.uuid = sp.uuid
    WHERE s.uuid = main.genres.uuid)
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'genre');

INSERT INTO main.authors (uuid, name, sort_name, name_key, sort_key, disambiguation, created_at, updated_at)
SELECT s.uuid, s.name, s.sort_name, s.name_key, s.sort_key, s.disambiguation, s.created_at, s.updated_at
FROM server.authors s JOIN temp.changed c ON c.kind = 'author' AND c.uuid = s.uuid WHERE true
ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, sort_name = excluded.sort_name, name_key = excluded.name_key,
    sort_key = excluded.sort_key, disambiguation = excluded.disambiguation, updated_at = excluded.updated_at;

INSERT INTO main.bands (uuid, name, sort_name, name_key, sort_key, country, formed_year, ended_year, status,
    disambiguation, created_at, updated_at)
SELECT s.uuid, s.name, s.sort_name, s.name_key, s.sort_key, s.country, s.formed_year, s.ended_year, s.status,
    s.disambiguation, s.created_at, s.updated_at
FROM server.bands s JOIN temp.changed c ON c.kind = 'band' AND c.uuid = s.uuid WHERE true
ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, sort_name = excluded.sort_name, name_key = excluded.name_key,
    sort_key = excluded.sort_key, country = excluded.country, formed_year = excluded.formed_year,
    ended_year = excluded.ended_year, status = excluded.status, disambiguation = excluded.disambiguation,
    updated_at = excluded.updated_at;

INSERT INTO main.books (uuid, title, sort_title, sort_key, isbn13, year, pages, language, summary, created_at,
    updated_at)
SELECT s.uuid, s.title, s.sort_title, s.sort_key, s.isbn13, s.year, s.pages, s.language, s.summary, s.created_at,
    s.updated_at
FROM server.books s JOIN temp.changed c ON c.kind = 'book' AND c.uuid = s.uuid WHERE true
ON CONFLICT (uuid) DO UPDATE SET title = excluded.title, sort_title = excluded.sort_title,
    sort_key = excluded.sort_key, isbn13 = excluded.isbn13, year = excluded.year, pages = excluded.pages,
    language = excluded.language, summary = excluded.summary, updated_at = excluded.updated_at;

-- The link rows of every changed owner, replaced by the server's (the copied sort keys filled by triggers).
DELETE FROM main.book_authors
WHERE book_id IN (SELECT b.id FROM main.books b JOIN temp.changed c ON c.kind = 'book' AND c.uuid = b.uuid);
INSERT INTO main.book_authors (book_id, author_id, role, position)
SELECT cb.id, ca.id, l.role, l.position
FROM temp.changed c
JOIN server.books sb ON sb.uuid = c.uuid JOIN server.book_authors l ON l.book_id = sb.id
JOIN server.authors sa ON sa.id = l.author_id
JOIN main.books cb ON cb.uuid = sb.uuid JOIN main.authors ca ON ca.uuid = sa.uuid
WHERE c.kind = 'book' ORDER BY cb.id, l.position;

DELETE FROM main.book_genres
WHERE book_id IN (SELECT b.id FROM main.books b JOIN temp.changed c ON c.kind = 'book' AND c.uuid = b.uuid);
INSERT INTO main.book_genres (book_id, genre_id, position)
SELECT cb.id, cg.id, l.position
FROM temp.changed c
JOIN server.books sb ON sb.uuid = c.uuid JOIN server.book_genres l ON l.book_id = sb.id
JOIN server.genres sg ON sg.id = l.genre_id
JOIN main.books cb ON cb.uuid = sb.uuid JOIN main.genres cg ON cg.uuid = sg.uuid
WHERE c.kind = 'book' ORDER BY cb.id, l.position;

DELETE FROM main.band_genres
WHERE band_id IN (SELECT b.id FROM main.bands b JOIN temp.changed c ON c.kind = 'band' AND c.uuid = b.uuid);
INSERT INTO main.band_genres (band_id, genre_id, position)
SELECT cb.id, cg.id, l.position
FROM temp.changed c
JOIN server.bands sb ON sb.uuid = c.uuid JOIN server.band_genres l ON l.band_id = sb.id
JOIN server.genres sg ON sg.id = l.genre_id
JOIN main.bands cb ON cb.uuid = sb.uuid JOIN main.genres cg ON cg.uuid = sg.uuid
WHERE c.kind = 'band' ORDER BY cb.id, l.position;

-- The servers' updated_at, which the client's touch triggers replaced on the way (only where it differs: setting
-- the same value fires the touch trigger again).
UPDATE main.books SET updated_at = (SELECT s.updated_at FROM server.books s WHERE s.uuid = main.books.uuid)
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'book' AND operation <> 'delete')
    AND updated_at IS NOT (SELECT s.updated_at FROM server.books s WHERE s.uuid = main.books.uuid);
UPDATE main.authors SET updated_at = (SELECT s.updated_at FROM server.authors s WHERE s.uuid = main.authors.uuid)
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'author' AND operation <> 'delete')
    AND updated_at IS NOT (SELECT s.updated_at FROM server.authors s WHERE s.uuid = main.authors.uuid);
UPDATE main.genres SET updated_at = (SELECT s.updated_at FROM server.genres s WHERE s.uuid = main.genres.uuid)
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'genre' AND operation <> 'delete')
    AND updated_at IS NOT (SELECT s.updated_at FROM server.genres s WHERE s.uuid = main.genres.uuid);
UPDATE main.bands SET updated_at = (SELECT s.updated_at FROM server.bands s WHERE s.uuid = main.bands.uuid)
WHERE uuid IN (SELECT uuid FROM temp.changed WHERE kind = 'band' AND operation <> 'delete')
    AND updated_at IS NOT (SELECT s.updated_at FROM server.bands s WHERE s.uuid = main.bands.uuid);

UPDATE main.sync_state SET last_seq = (SELECT seq FROM server.sqlite_sequence WHERE name = 'change_log'),
    local_seq = (SELECT seq FROM main.sqlite_sequence WHERE name = 'change_log'),
    synced_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE id = 1;
COMMIT;
