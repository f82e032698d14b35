-- Who a study belongs to in a team (issue 31), as in the SQLite store's V5: the submission that
-- queued it, the machine that measured it, the commit and branch it measured.
ALTER TABLE studies ADD COLUMN submission TEXT;
ALTER TABLE studies ADD COLUMN machine TEXT;
ALTER TABLE studies ADD COLUMN commit_sha TEXT;
ALTER TABLE studies ADD COLUMN branch TEXT;
UPDATE studies SET machine = environment::jsonb ->> 'machine'
    WHERE environment LIKE '{%' AND jsonb_typeof(environment::jsonb -> 'machine') = 'string';
-- studies a fleet queued before this version were labelled SUBMISSION@MACHINE
UPDATE studies SET submission = split_part(label, '@', 1),
                   machine = coalesce(machine, substr(label, strpos(label, '@') + 1))
    WHERE label ~ '^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}@.+$';
CREATE INDEX studies_by_submission ON studies(submission, machine);
-- Every agent that ever started, so that `submit` knows the machines and `overhead queue` knows how
-- long each agent's claim lives (MISSED_HEARTBEATS × its heartbeat) before its study is stalled.
CREATE TABLE agents (
    machine TEXT PRIMARY KEY, picked_by TEXT NOT NULL, heartbeat_ms BIGINT NOT NULL,
    first_seen TEXT NOT NULL, last_seen TEXT NOT NULL);
