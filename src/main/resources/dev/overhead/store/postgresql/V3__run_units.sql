-- The build and boot each run measured, for studies that repeat their variants at those levels
-- (levels: {build: N, boot: N}); NULL where the study has no such level.
ALTER TABLE runs ADD COLUMN build INTEGER;
ALTER TABLE runs ADD COLUMN boot INTEGER;
