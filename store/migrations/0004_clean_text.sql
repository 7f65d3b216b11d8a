-- Schema version 4: the tables do not change. Text stored before arbiter
-- checked it at every door (names read from Windows-1252 files as raw
-- bytes, control characters typed or imported) is repaired by the Go step
-- of this migration, repairText in store/repair.go, in the same
-- transaction; each repair is written to the event log.
SELECT 1;
