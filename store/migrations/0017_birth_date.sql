-- Schema version 17: a player's full date of birth, YYYY-MM-DD, for the
-- FIDE tournament report (TRF-26 record 001, columns 70-79, YYYY/MM/DD).
-- Empty when only the year (birth_year) or nothing is known; when set,
-- birth_year holds its year.

ALTER TABLE players ADD COLUMN birth_date TEXT NOT NULL DEFAULT '' CHECK (birth_date = '' OR birth_date GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]');
