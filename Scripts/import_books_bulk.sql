-- The triggers' work for Scripts/import_books.sql, done set-based: the bulk-SQL peer of `catalog-bench import`, the
-- limit of what SQLite needs for the benchmark's rows.
--
--     sqlite3 -bail DATABASE ".import --csv --schema temp BOOKS.csv staged" \
--         "PRAGMA foreign_keys = ON" "PRAGMA synchronous = NORMAL" "PRAGMA cache_size = -65536" "BEGIN IMMEDIATE" \
--         ".read DROP_INDEXES.sql" ".dbconfig enable_trigger off" ".read Scripts/import_books.sql" \
--         ".read Scripts/import_books_bulk.sql" ".read CREATE_INDEXES.sql" "COMMIT"
--
-- where DROP_INDEXES.sql and CREATE_INDEXES.sql drop and create again the secondary indexes (not those of a
-- constraint, and not authors_by_name_key, which import_books.sql reads) from their stored SQL; the benchmark writes
-- them. With the triggers off, import_books.sql writes the tables alone (it fills the sort-key copies of the link
-- tables itself); this fills what the triggers would have: the search index and one change-log row per new entity,
-- the entities after the ids import_books.sql found last (temp.start).

INSERT INTO search_index (rowid, name)
SELECT id * 4 + 2, name FROM genres WHERE id > (SELECT genre FROM temp.start)
UNION ALL SELECT id * 4 + 1, name FROM authors WHERE id > (SELECT author FROM temp.start)
UNION ALL SELECT id * 4, title FROM books WHERE id > (SELECT book FROM temp.start);

INSERT INTO change_log (entity_kind, uuid, operation)
SELECT 'genre', uuid, 'insert' FROM genres WHERE id > (SELECT genre FROM temp.start)
UNION ALL SELECT 'author', uuid, 'insert' FROM authors WHERE id > (SELECT author FROM temp.start)
UNION ALL SELECT 'book', uuid, 'insert' FROM books WHERE id > (SELECT book FROM temp.start);
