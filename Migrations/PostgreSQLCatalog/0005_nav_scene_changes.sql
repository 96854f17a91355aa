-- 0005_nav_scene_changes (PostgreSQL): which users' scenes changed, kept by the database itself, as SQLite's
-- 0011_nav_scene_changes.sql keeps it: one row per user whose scenes ever changed, at the seq of the user's latest
-- change, so a server holding long-polls on scenes wakes only the waiters of the users a commit touched, whichever
-- process or server made it. A reader keeps the highest seq it has seen and asks `seq > that`.
--
-- What differs from SQLite, and why:
-- * A seq comes from a sequence, and several transactions may save navigation at once, so without care a reader
--   could see seq 42 committed while 41 is still in flight, move past 41 and never see it: the fence of the change
--   log (0001) again, with a lock key of its own (nav_scene_changes_lock_key()). The trigger takes that
--   transaction-scoped advisory lock before it takes a seq, held until the writer commits or rolls back, so seqs
--   become visible in order. Navigation saves of different users then run one after the other from their first
--   write to a scene row on (a save is a few short statements, committed with synchronous_commit off); they never
--   wait for the catalog's writers, which take the other key.
-- * The triggers run once per statement, over its transition table, so a statement that deletes many scenes
--   moves each of their users once, and one that changes no row takes no lock.
CREATE SEQUENCE nav_scene_changes_seq AS BIGINT;
CREATE TABLE nav_scene_changes (
    user_id BIGINT PRIMARY KEY,
    seq BIGINT NOT NULL UNIQUE
);
ALTER SEQUENCE nav_scene_changes_seq OWNED BY nav_scene_changes.seq;

-- The advisory lock key navigation writers take before a seq: the bytes of "catalog\3" (the change log's is
-- "catalog\2", the migrator's "catalog\1").
CREATE FUNCTION nav_scene_changes_lock_key() RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT 7161132844275689219 $$;

-- Moves the users of the statement's rows (`changed_rows`, its transition table) to new seqs.
CREATE FUNCTION nav_log_scene_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
        RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(nav_scene_changes_lock_key());
    INSERT INTO nav_scene_changes (user_id, seq)
    SELECT user_id, nextval('nav_scene_changes_seq') FROM (SELECT DISTINCT user_id FROM changed_rows) AS users
    ON CONFLICT (user_id) DO UPDATE SET seq = EXCLUDED.seq;
    RETURN NULL;
END
$$;

-- PostgreSQL takes a transition table for one event per trigger: three triggers, one function.
CREATE TRIGGER nav_scenes_change_insert AFTER INSERT ON nav_scenes
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION nav_log_scene_changes();
CREATE TRIGGER nav_scenes_change_update AFTER UPDATE ON nav_scenes
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION nav_log_scene_changes();
CREATE TRIGGER nav_scenes_change_delete AFTER DELETE ON nav_scenes
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION nav_log_scene_changes();
