-- 0003_changes: the change log clients follow, and the sync state of a client copy.
--
-- Every insert, update and delete of a book, author, genre or band lands in `change_log` through the triggers
-- below, whoever writes (this library, the sqlite3 shell, any SQLite client): they call only built-in SQL.
--
-- * `seq` is AUTOINCREMENT: strictly increasing and never reused, even after the oldest rows are pruned or
--   coalesced away. The high-water mark is `sqlite_sequence.seq` for 'change_log'.
-- * A row names the entity by kind and uuid (never rowid); the feed reads the entity's current payload when a
--   client asks. A delete leaves a tombstone row ('delete') carrying the uuid.
-- * Links are reported as an update of the owning entity: a row of book_authors or book_genres as an update of
--   its book, a row of band_genres as an update of its band, a genre's parent as an update of the genre. The
--   client re-reads that entity's whole payload, link lists included. Deleting an author or a genre cascades to
--   the link rows, which reports the books and bands that lost it; a link deleted along with its owner reports
--   nothing (the owner's tombstone says it all).
-- * Coalescing: when the newest row is already an insert or update of the same entity, it is replaced by a
--   new row at the end (keeping 'insert' if it was one), so a book saved with its credits and genres is one
--   row, and a client that read the old row still sees the new one. Rows only ever move to a higher seq.
-- * Updates of the copied sort columns of link tables (kept by 0001's triggers) are not changes: only the
--   columns a client sees are watched.

CREATE TABLE change_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_kind TEXT NOT NULL CHECK (entity_kind IN ('book', 'author', 'genre', 'band')),
    uuid TEXT NOT NULL,
    operation TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
    changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One row: this file's identity as a change source (a snapshot copy gets a new one, since its log goes its own
-- way from then on), and the pruned horizon: rows with seq < pruned_before are gone, so a client that has not
-- applied everything up to pruned_before - 1 must take a fresh snapshot.
CREATE TABLE change_log_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    database_uuid TEXT NOT NULL,
    pruned_before INTEGER NOT NULL DEFAULT 0 CHECK (pruned_before >= 0)
);
INSERT INTO change_log_state (id, database_uuid) VALUES (1, lower(hex(randomblob(4)) || '-' || hex(randomblob(2))
    || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1)
    || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))));

-- A client copy: present (one row) only in a file made by `catalog snapshot`. `server_uuid` is the database it
-- follows, `snapshot_seq` the server sequence the snapshot was taken at, `last_seq` the last server sequence
-- applied, and `local_seq` this file's own change-log high-water mark after that apply: the client's triggers
-- log what sync applies (so a client can serve clients of its own), and any row beyond `local_seq` is a local
-- write the server does not know about, which sync refuses to merge.
CREATE TABLE sync_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    server_uuid TEXT NOT NULL,
    server_path TEXT,
    snapshot_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    local_seq INTEGER NOT NULL,
    synced_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The log starts with the entities already there (a catalog created before this migration), as inserts.
INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'genre', uuid, 'insert' FROM genres ORDER BY id;
INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'author', uuid, 'insert' FROM authors ORDER BY id;
INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'band', uuid, 'insert' FROM bands ORDER BY id;
INSERT INTO change_log (entity_kind, uuid, operation) SELECT 'book', uuid, 'insert' FROM books ORDER BY id;

CREATE TRIGGER books_changelog_insert AFTER INSERT ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('book', NEW.uuid, 'insert');
END;
CREATE TRIGGER books_changelog_update AFTER UPDATE ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', NEW.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = NEW.uuid
            AND c.operation <> 'delete'), 'update');
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = NEW.uuid;
END;
CREATE TRIGGER books_changelog_delete AFTER DELETE ON books
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('book', OLD.uuid, 'delete');
END;

CREATE TRIGGER authors_changelog_insert AFTER INSERT ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('author', NEW.uuid, 'insert');
END;
CREATE TRIGGER authors_changelog_update AFTER UPDATE ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'author', NEW.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'author' AND c.uuid = NEW.uuid
            AND c.operation <> 'delete'), 'update');
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'author' AND operation <> 'delete' AND uuid = NEW.uuid;
END;
CREATE TRIGGER authors_changelog_delete AFTER DELETE ON authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('author', OLD.uuid, 'delete');
END;

CREATE TRIGGER genres_changelog_insert AFTER INSERT ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('genre', NEW.uuid, 'insert');
END;
CREATE TRIGGER genres_changelog_update AFTER UPDATE ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'genre', NEW.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'genre' AND c.uuid = NEW.uuid
            AND c.operation <> 'delete'), 'update');
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'genre' AND operation <> 'delete' AND uuid = NEW.uuid;
END;
CREATE TRIGGER genres_changelog_delete AFTER DELETE ON genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('genre', OLD.uuid, 'delete');
END;

CREATE TRIGGER bands_changelog_insert AFTER INSERT ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('band', NEW.uuid, 'insert');
END;
CREATE TRIGGER bands_changelog_update AFTER UPDATE ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'band', NEW.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'band' AND c.uuid = NEW.uuid
            AND c.operation <> 'delete'), 'update');
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'band' AND operation <> 'delete' AND uuid = NEW.uuid;
END;
CREATE TRIGGER bands_changelog_delete AFTER DELETE ON bands
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation) VALUES ('band', OLD.uuid, 'delete');
END;

CREATE TRIGGER book_authors_changelog_insert AFTER INSERT ON book_authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = NEW.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = NEW.book_id);
END;
CREATE TRIGGER book_authors_changelog_delete AFTER DELETE ON book_authors
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = OLD.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = OLD.book_id);
END;
-- Only the columns a client sees: refreshing the copied sort columns is not a change of the book.
CREATE TRIGGER book_authors_changelog_update AFTER UPDATE ON book_authors
WHEN NEW.book_id IS NOT OLD.book_id OR NEW.author_id IS NOT OLD.author_id
    OR NEW.role IS NOT OLD.role OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = OLD.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = OLD.book_id);
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = NEW.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = NEW.book_id);
END;

CREATE TRIGGER book_genres_changelog_insert AFTER INSERT ON book_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = NEW.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = NEW.book_id);
END;
CREATE TRIGGER book_genres_changelog_delete AFTER DELETE ON book_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = OLD.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = OLD.book_id);
END;
-- Only the columns a client sees: refreshing the copied sort columns is not a change of the book.
CREATE TRIGGER book_genres_changelog_update AFTER UPDATE ON book_genres
WHEN NEW.book_id IS NOT OLD.book_id OR NEW.genre_id IS NOT OLD.genre_id
    OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = OLD.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = OLD.book_id);
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'book', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'book' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM books e WHERE e.id = NEW.book_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'book' AND operation <> 'delete' AND uuid = (SELECT uuid FROM books WHERE id = NEW.book_id);
END;

CREATE TRIGGER band_genres_changelog_insert AFTER INSERT ON band_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'band', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'band' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM bands e WHERE e.id = NEW.band_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'band' AND operation <> 'delete' AND uuid = (SELECT uuid FROM bands WHERE id = NEW.band_id);
END;
CREATE TRIGGER band_genres_changelog_delete AFTER DELETE ON band_genres
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'band', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'band' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM bands e WHERE e.id = OLD.band_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'band' AND operation <> 'delete' AND uuid = (SELECT uuid FROM bands WHERE id = OLD.band_id);
END;
-- Only the columns a client sees: refreshing the copied sort columns is not a change of the band.
CREATE TRIGGER band_genres_changelog_update AFTER UPDATE ON band_genres
WHEN NEW.band_id IS NOT OLD.band_id OR NEW.genre_id IS NOT OLD.genre_id
    OR NEW.position IS NOT OLD.position
BEGIN
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'band', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'band' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM bands e WHERE e.id = OLD.band_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'band' AND operation <> 'delete' AND uuid = (SELECT uuid FROM bands WHERE id = OLD.band_id);
    INSERT INTO change_log (entity_kind, uuid, operation)
    SELECT 'band', e.uuid, coalesce((
        SELECT c.operation FROM change_log c
        WHERE c.seq = (SELECT max(seq) FROM change_log) AND c.entity_kind = 'band' AND c.uuid = e.uuid
            AND c.operation <> 'delete'), 'update')
    FROM bands e WHERE e.id = NEW.band_id;
    DELETE FROM change_log
    WHERE seq = (SELECT max(seq) FROM change_log WHERE seq < (SELECT max(seq) FROM change_log))
        AND entity_kind = 'band' AND operation <> 'delete' AND uuid = (SELECT uuid FROM bands WHERE id = NEW.band_id);
END;
