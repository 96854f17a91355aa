-- 0008_links_follow_deletes: deleting a book, author, genre or band takes its link rows with it (and a genre's
-- children lose their parent) by trigger, whatever the writing connection's foreign-key setting.
--
-- The links' ON DELETE CASCADE and genres.parent_id's ON DELETE SET NULL act only on a connection that has turned
-- PRAGMA foreign_keys on. The Catalog library does; the sqlite3 shell and most SQLite clients do not, so a genre
-- deleted there left its book_genres and band_genres rows behind: links to nothing, which no client ever heard of
-- (a link row reports its owner when it is deleted, 0007, and these never were), and which a genre created later
-- under the freed id would silently inherit. These triggers delete the rows themselves, so the link tables'
-- change-log triggers report every book and band that lost a link, and the genres' update trigger every child that
-- lost its parent, as a cascade does. With foreign keys on, the cascade has already done it and they find nothing.
--
-- Links such writes left behind before this migration are removed here the same way, so their owners are reported
-- and clients converge.

CREATE TRIGGER books_unlink AFTER DELETE ON books
BEGIN
    DELETE FROM book_authors WHERE book_id = OLD.id;
    DELETE FROM book_genres WHERE book_id = OLD.id;
END;

CREATE TRIGGER authors_unlink AFTER DELETE ON authors
BEGIN
    DELETE FROM book_authors WHERE author_id = OLD.id;
END;

CREATE TRIGGER genres_unlink AFTER DELETE ON genres
BEGIN
    DELETE FROM book_genres WHERE genre_id = OLD.id;
    DELETE FROM band_genres WHERE genre_id = OLD.id;
    UPDATE genres SET parent_id = NULL WHERE parent_id = OLD.id;
END;

CREATE TRIGGER bands_unlink AFTER DELETE ON bands
BEGIN
    DELETE FROM band_genres WHERE band_id = OLD.id;
END;

DELETE FROM book_authors
WHERE book_id NOT IN (SELECT id FROM books) OR author_id NOT IN (SELECT id FROM authors);
DELETE FROM book_genres
WHERE book_id NOT IN (SELECT id FROM books) OR genre_id NOT IN (SELECT id FROM genres);
DELETE FROM band_genres
WHERE band_id NOT IN (SELECT id FROM bands) OR genre_id NOT IN (SELECT id FROM genres);
UPDATE genres SET parent_id = NULL WHERE parent_id NOT IN (SELECT id FROM genres);
