-- Schema version 16: the undo triggers leave the file. Every connection
-- that opens the database reads its whole schema first, and the three
-- triggers per table that record how to undo a change were two thirds of
-- it (77 triggers, 35 KB of the 49): every command, reads too, paid for
-- them. They are now made as TEMP triggers by the connection that writes,
-- on its first write (store.ensureUndo), from the tables' columns as
-- before; the migration's Go side (syncUndo) drops the ones stored in the
-- file. Nothing else changes: the undo log and its commands stay.
DELETE FROM undo_log WHERE command IS NULL;
