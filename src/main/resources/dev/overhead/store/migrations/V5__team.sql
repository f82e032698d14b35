-- Who a study belongs to in a team (issue 31): the submission that queued it and the machine that
-- measured it (also in its environment, copied here so that the queue, history and `compare
-- --submission` find a machine's studies without reading every study), and the commit and branch it
-- measured. Version 4 is the team store's queue, which a file store has no use for: the numbers stay
-- those of the PostgreSQL store, so "schema 5" names the same study tables in both.
ALTER TABLE studies ADD COLUMN submission TEXT;
ALTER TABLE studies ADD COLUMN machine TEXT;
ALTER TABLE studies ADD COLUMN commit_sha TEXT;
ALTER TABLE studies ADD COLUMN branch TEXT;
UPDATE studies SET machine = json_extract(environment, '$.machine')
    WHERE json_valid(environment) AND json_type(environment, '$.machine') = 'text';
-- studies a fleet queued before this version were labelled SUBMISSION@MACHINE
UPDATE studies SET submission = substr(label, 1, instr(label, '@') - 1),
                   machine = coalesce(machine, substr(label, instr(label, '@') + 1))
    WHERE label GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]@?*';
CREATE INDEX studies_by_submission ON studies(submission, machine);
