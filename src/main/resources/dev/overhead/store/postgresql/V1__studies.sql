-- The SQLite store's tables (migrations/V1__studies.sql) in PostgreSQL's types: the same columns in
-- the same order, so that the same statements read and write both. Times stay fixed-width UTC text
-- (their text order is time order); flags stay 0/1 integers; seconds are double precision (REAL
-- would be 4 bytes here) and counters bigint.
CREATE TABLE studies (
    id TEXT PRIMARY KEY, label TEXT, created TEXT NOT NULL, state TEXT NOT NULL,
    options TEXT NOT NULL, environment TEXT NOT NULL, warnings TEXT NOT NULL);
CREATE TABLE workloads (
    study TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
    name TEXT NOT NULL, command TEXT NOT NULL, shell INTEGER NOT NULL, parameters TEXT NOT NULL,
    prepare TEXT NOT NULL, metrics TEXT NOT NULL,
    PRIMARY KEY (study, ordinal), UNIQUE (study, name));
CREATE TABLE variants (
    study TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
    name TEXT NOT NULL, env TEXT NOT NULL, prefix TEXT NOT NULL, setup TEXT NOT NULL,
    cleanup TEXT NOT NULL,
    PRIMARY KEY (study, ordinal), UNIQUE (study, name));
CREATE TABLE runs (
    study TEXT NOT NULL, workload TEXT NOT NULL, variant TEXT NOT NULL, idx INTEGER NOT NULL,
    sequence INTEGER NOT NULL, round INTEGER NOT NULL, started TEXT, exit_code INTEGER NOT NULL,
    signal INTEGER, timed_out INTEGER NOT NULL, wall_s DOUBLE PRECISION NOT NULL,
    user_s DOUBLE PRECISION NOT NULL, sys_s DOUBLE PRECISION NOT NULL, max_rss_kib BIGINT NOT NULL,
    max_rss_exact INTEGER NOT NULL, minor_faults BIGINT NOT NULL, major_faults BIGINT NOT NULL,
    voluntary_cs BIGINT NOT NULL, involuntary_cs BIGINT NOT NULL, fs_in_blocks BIGINT NOT NULL,
    fs_out_blocks BIGINT NOT NULL, metrics TEXT NOT NULL,
    PRIMARY KEY (study, workload, variant, idx),
    FOREIGN KEY (study, workload) REFERENCES workloads(study, name) ON DELETE CASCADE,
    FOREIGN KEY (study, variant) REFERENCES variants(study, name) ON DELETE CASCADE);
