-- Schema version 21: a Double-Swiss match (FIDE C.04.5) reported from the
-- board. The players of a match report and confirm both games at once:
-- result_reports.result (and other_result) is game 1, as before, and
-- second (other_second) game 2, in game 2's own colours; 0 (no result)
-- on the reports of a board of one game.
ALTER TABLE result_reports ADD COLUMN second INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_reports ADD COLUMN other_second INTEGER NOT NULL DEFAULT 0;
