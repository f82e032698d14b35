-- Finding a study by label (newest first) and a study's runs in the order they ran.
CREATE INDEX studies_by_label ON studies(label, created);
CREATE INDEX runs_by_sequence ON runs(study, sequence);
