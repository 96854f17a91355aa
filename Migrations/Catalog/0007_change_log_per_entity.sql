-- 0007_change_log_per_entity: the change log keeps one row per entity, moved by one statement per change.

-- Before, every change appended a row and, when the newest row was the same entity's, deleted that one: three
-- statements and four max(seq) lookups per change, and a log as long as the number of writes. Now
-- `UNIQUE (entity_kind, uuid)` holds one row per entity and every change is one upsert that moves the entity's row
-- to a new, higher seq (the AUTOINCREMENT value the insert would have taken, so seqs are still never reused): the
-- way CouchDB's by-sequence index keeps only the latest revision of a document. The log is bounded by the number
-- of entities, tombstones included, and stays correct whoever writes (the sqlite3 shell, any SQLite client): the
-- triggers call only built-in SQL, and an upsert's target is honoured whatever OR policy the outer statement has.
--
-- What a client reads keeps its meaning: a row is "this entity changed; read its current payload", a delete
-- leaves its tombstone as the entity's row, links report as an update of their owner, and an entity whose
-- newest change is its insert (the log's last row) stays 'insert' when its links follow. A client at any cursor
-- sees every entity that changed after it, at the entity's newest seq; a client that synced before keeps
-- syncing from its cursor.
--
-- The conversion keeps, per entity, its row with the highest seq (what the old coalescing would have left had it
-- reached across other entities' rows), carries the AUTOINCREMENT counter over, and replaces 0003's triggers.

PRAGMA legacy_alter_table = ON;

CREATE TABLE change_log_rebuilt (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    uuid TEXT NOT NULL,
    operation TEXT NOT NULL CHECK (operation = 'insert' OR operation = 'update' OR operation = 'delete'),
    changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (entity_kind, uuid)
);
INSERT INTO change_log_rebuilt (seq, entity_kind, uuid, operation, changed_at)
SELECT c.seq, c.entity_kind, c.uuid, c.operation, c.changed_at FROM change_log c
WHERE c.seq = (SELECT max(n.seq) FROM change_log n WHERE n.entity_kind = c.entity_kind AND n.uuid = c.uuid)
ORDER BY c.seq;
DELETE FROM sqlite_sequence WHERE name = 'change_log_rebuilt';
INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_rebuilt', seq FROM sqlite_sequence WHERE name = 'change_log';
DROP TABLE change_log;
ALTER TABLE change_log_rebuilt RENAME TO change_log;

DROP TRIGGER books_changelog_insert;
DROP TRIGGER books_changelog_update;
DROP TRIGGER books_changelog_delete;
DROP TRIGGER authors_changelog_insert;
DROP TRIGGER authors_changelog_update;
DROP TRIGGER authors_changelog_delete;
DROP TRIGGER genres_changelog_insert;
DROP TRIGGER genres_changelog_update;
DROP TRIGGER genres_changelog_delete;
DROP TRIGGER bands_changelog_insert;
DROP TRIGGER bands_changelog_update;
DROP TRIGGER bands_changelog_delete;
DROP TRIGGER book_authors_changelog_insert;
DROP TRIGGER book_authors_changelog_update;
DROP TRIGGER book_authors_changelog_delete;
DROP TRIGGER book_genres_changelog_insert;
DROP TRIGGER book_genres_changelog_update;
DROP TRIGGER book_genres_changelog_delete;
DROP TRIGGER band_genres_changelog_insert;
DROP TRIGGER band_genres_changelog_update;
DROP TRIGGER band_genres_changelog_delete;

-- An entity's insert and delete set the operation; an update (its own or a link's) keeps 'insert' only while the
-- entity's insert is the log's last row, as 0003's coalescing did.
CREATE TRIGGER books_changelog_insert AFTER INSERT ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('book', NEW.uuid, 'insert')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'insert';
END;
CREATE TRIGGER books_changelog_update AFTER UPDATE ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('book', NEW.uuid, 'update')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER books_changelog_delete AFTER DELETE ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('book', OLD.uuid, 'delete')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'delete';
END;

CREATE TRIGGER authors_changelog_insert AFTER INSERT ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('author', NEW.uuid, 'insert')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'insert';
END;
CREATE TRIGGER authors_changelog_update AFTER UPDATE ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('author', NEW.uuid, 'update')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER authors_changelog_delete AFTER DELETE ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('author', OLD.uuid, 'delete')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'delete';
END;

CREATE TRIGGER genres_changelog_insert AFTER INSERT ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('genre', NEW.uuid, 'insert')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'insert';
END;
CREATE TRIGGER genres_changelog_update AFTER UPDATE ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('genre', NEW.uuid, 'update')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER genres_changelog_delete AFTER DELETE ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('genre', OLD.uuid, 'delete')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'delete';
END;

CREATE TRIGGER bands_changelog_insert AFTER INSERT ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('band', NEW.uuid, 'insert')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'insert';
END;
CREATE TRIGGER bands_changelog_update AFTER UPDATE ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('band', NEW.uuid, 'update')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER bands_changelog_delete AFTER DELETE ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('band', OLD.uuid, 'delete')
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at, operation = 'delete';
END;

-- A link row reports its owner: nothing when the owner is gone (deleted with it). An update of a link that moves it
-- to another owner reports both; refreshing the copied sort columns is not a change.
CREATE TRIGGER book_authors_changelog_insert AFTER INSERT ON book_authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = NEW.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER book_authors_changelog_delete AFTER DELETE ON book_authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = OLD.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER book_authors_changelog_update AFTER UPDATE ON book_authors
WHEN NEW.book_id IS NOT OLD.book_id
    OR NEW.author_id IS NOT OLD.author_id
    OR NEW.role IS NOT OLD.role
    OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = OLD.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = NEW.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;

CREATE TRIGGER book_genres_changelog_insert AFTER INSERT ON book_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = NEW.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER book_genres_changelog_delete AFTER DELETE ON book_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = OLD.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER book_genres_changelog_update AFTER UPDATE ON book_genres
WHEN NEW.book_id IS NOT OLD.book_id
    OR NEW.genre_id IS NOT OLD.genre_id
    OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = OLD.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'update' FROM books WHERE id = NEW.book_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;

CREATE TRIGGER band_genres_changelog_insert AFTER INSERT ON band_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'band', uuid, 'update' FROM bands WHERE id = NEW.band_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER band_genres_changelog_delete AFTER DELETE ON band_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'band', uuid, 'update' FROM bands WHERE id = OLD.band_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
CREATE TRIGGER band_genres_changelog_update AFTER UPDATE ON band_genres
WHEN NEW.band_id IS NOT OLD.band_id
    OR NEW.genre_id IS NOT OLD.genre_id
    OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'band', uuid, 'update' FROM bands WHERE id = OLD.band_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
    INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'band', uuid, 'update' FROM bands WHERE id = NEW.band_id
    ON CONFLICT (entity_kind, uuid) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at,
        operation = CASE WHEN operation = 'insert' AND seq = (SELECT max(seq) FROM change_log)
            THEN 'insert' ELSE 'update' END;
END;
