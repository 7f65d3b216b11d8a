-- Schema version 7: club seasons, championships over the evenings of the
-- file. scoring, ties and tiebreaks are written as the season package
-- reads them ("places:10,8,6,5,4,3,2,1", "share", "EV,WIN,BEST,H2H");
-- best 0 counts every evening; participation is added to every evening
-- played. An evening (tournament) may belong to several seasons.

CREATE TABLE seasons (
	id            INTEGER PRIMARY KEY,
	name          TEXT    NOT NULL CHECK (name <> ''),
	scoring       TEXT    NOT NULL,
	best          INTEGER NOT NULL DEFAULT 0 CHECK (best >= 0),
	participation REAL    NOT NULL DEFAULT 0 CHECK (participation >= 0),
	ties          TEXT    NOT NULL DEFAULT 'share' CHECK (ties IN ('share', 'break')),
	tiebreaks     TEXT    NOT NULL DEFAULT '',
	created_at    TEXT    NOT NULL
) STRICT;
CREATE UNIQUE INDEX seasons_name ON seasons (name COLLATE NOCASE);

CREATE TABLE season_evenings (
	season_id     INTEGER NOT NULL REFERENCES seasons (id),
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	position      INTEGER NOT NULL CHECK (position >= 1),
	PRIMARY KEY (season_id, tournament_id),
	UNIQUE (season_id, position)
) STRICT;
