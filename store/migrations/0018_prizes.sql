-- Schema version 18: prizes and categories. A category of a tournament
-- is a group of players with prizes of their own: name_key is its name
-- folded (case and accents aside), unique in the tournament; criteria are
-- the conditions a player meets to be in it, as a JSON array of kinds
-- and values (prizes.EncodeCriteria: a new kind of criterion needs no
-- change here); min_players is the fewest players it must have for its
-- prizes to be given. A prize is the prize of a place of the general
-- standings (category_id NULL) or of a category: money (name '', cents
-- the amount in hundredths, currency as typed) or a named prize (name,
-- and cents what it is worth when compared, 0 if not said).
-- prize_settings holds, for a tournament that has a row, how players
-- level on points share prizes and which prize a player keeps of two of
-- equal value; a tournament without one shares none and prefers the
-- general standings.
CREATE TABLE categories (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	name          TEXT    NOT NULL CHECK (name <> ''),
	name_key      TEXT    NOT NULL,
	criteria      TEXT    NOT NULL DEFAULT '[]',
	min_players   INTEGER NOT NULL DEFAULT 0 CHECK (min_players >= 0),
	UNIQUE (tournament_id, name_key)
) STRICT;

CREATE TABLE prizes (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	category_id   INTEGER REFERENCES categories (id),
	place         INTEGER NOT NULL CHECK (place >= 1),
	cents         INTEGER NOT NULL DEFAULT 0 CHECK (cents >= 0),
	currency      TEXT    NOT NULL DEFAULT '',
	name          TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE UNIQUE INDEX prizes_place ON prizes (tournament_id, coalesce(category_id, 0), place);

CREATE TABLE prize_settings (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	sharing       TEXT    NOT NULL DEFAULT 'none' CHECK (sharing IN ('none', 'equal', 'hort')),
	prefer        TEXT    NOT NULL DEFAULT 'general' CHECK (prefer IN ('general', 'category'))
) STRICT;
