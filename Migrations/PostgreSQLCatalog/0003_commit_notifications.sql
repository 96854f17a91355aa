-- 0003_commit_notifications (PostgreSQL): every transaction that changes the change log or the navigation state
-- sends a notification on the channel `catalog_commits` (no payload), so that a server's long-polls (the change
-- feed's `wait`, a scene's revision) wake when any process commits to this database, other processes and other
-- servers included: LISTEN/NOTIFY is PostgreSQL's counterpart of the `PRAGMA data_version` a server polls on a
-- SQLite file. The channel's name has one home in Swift, `PostgreSQLCatalogSchema.commitChannel`.
--
-- A statement-level trigger per table is enough, and cheap: PostgreSQL delivers a transaction's notifications when
-- it commits, never when it rolls back (nor those of a rolled-back savepoint), and folds the identical ones of a
-- transaction into one, so however many rows and statements a transaction writes, each listener is woken once.
-- The catalog's tables need no trigger of their own: each change of an entity or a link is written to change_log
-- by the triggers of 0001 and 0002. A notification says only "something committed"; a woken listener reads what
-- it waits for (a seq, a revision) and waits again when it was something else.
CREATE FUNCTION catalog_notify_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalog_commits', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER change_log_notify AFTER INSERT OR UPDATE OR DELETE ON change_log
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_commit();
CREATE TRIGGER nav_scenes_notify AFTER INSERT OR UPDATE OR DELETE ON nav_scenes
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_commit();
CREATE TRIGGER nav_history_notify AFTER INSERT OR UPDATE OR DELETE ON nav_history
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_commit();
CREATE TRIGGER nav_sessions_notify AFTER INSERT OR UPDATE OR DELETE ON nav_sessions
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_commit();
