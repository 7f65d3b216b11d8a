-- Schema version 9: the settings of the tournament report a chief arbiter
-- submits (FIDE TRF-26) and the settings the regulations of a tournament
-- must state. tournament_settings holds, for a tournament that has one:
-- the acceleration of the pairings ('' or 'baku', C.04.5.1), the rating an
-- unrated player counts with in ARO, TPR and the other rating tie-breaks
-- (C.07: the regulations say how; 0 = not said), the federation (032),
-- city (022), chief arbiter (102), deputy arbiters (112, one per line),
-- end date (052, YYYY-MM-DD), round dates (132, YYYY-MM-DD separated by
-- commas, '' for a round without one), the encoded time control (222) and
-- the rating type (172: FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER).
-- A tournament without a row has none of them.
CREATE TABLE tournament_settings (
	tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments (id),
	accelerated    TEXT    NOT NULL DEFAULT '' CHECK (accelerated IN ('', 'baku')),
	unrated_rating INTEGER NOT NULL DEFAULT 0 CHECK (unrated_rating BETWEEN 0 AND 3500),
	federation     TEXT    NOT NULL DEFAULT '',
	city           TEXT    NOT NULL DEFAULT '',
	chief_arbiter  TEXT    NOT NULL DEFAULT '',
	deputies       TEXT    NOT NULL DEFAULT '',
	end_date       TEXT    NOT NULL DEFAULT '',
	round_dates    TEXT    NOT NULL DEFAULT '',
	time_code      TEXT    NOT NULL DEFAULT '',
	rating_type    TEXT    NOT NULL DEFAULT ''
) STRICT;
