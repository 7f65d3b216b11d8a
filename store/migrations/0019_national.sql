-- Schema version 19: the lists an Italian club has. The roster keeps,
-- beside the FIDE standard rating, the FIDE rapid and blitz ratings and
-- the K of the standard rating as FIDE's list gives it (0 unknown), and
-- the national identity: national ID (the ID FSI), national rating (Elo
-- Italia) and its K, the national category (FSI: NC, 3N, 2N, 1N, CM, M,
-- ...; never a FIDE title) and the province (the full date of birth is
-- version 17's). An entry keeps the FIDE rating of the tournament's pace
-- and the national rating the player entered with, beside the rating the
-- entry is seeded by (rating): the rating change of the event starts
-- from them. Entries made before this version were seeded by their FIDE
-- rating.
ALTER TABLE players ADD COLUMN rapid_rating INTEGER NOT NULL DEFAULT 0 CHECK (rapid_rating BETWEEN 0 AND 3500);
ALTER TABLE players ADD COLUMN blitz_rating INTEGER NOT NULL DEFAULT 0 CHECK (blitz_rating BETWEEN 0 AND 3500);
ALTER TABLE players ADD COLUMN k INTEGER NOT NULL DEFAULT 0 CHECK (k BETWEEN 0 AND 100);
ALTER TABLE players ADD COLUMN national_id TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN national_rating INTEGER NOT NULL DEFAULT 0 CHECK (national_rating BETWEEN 0 AND 3500);
ALTER TABLE players ADD COLUMN national_k INTEGER NOT NULL DEFAULT 0 CHECK (national_k BETWEEN 0 AND 100);
ALTER TABLE players ADD COLUMN category TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN province TEXT NOT NULL DEFAULT '';
CREATE INDEX players_national_id ON players (national_id) WHERE national_id <> '';

ALTER TABLE entries ADD COLUMN fide_rating INTEGER NOT NULL DEFAULT 0 CHECK (fide_rating BETWEEN 0 AND 3500);
ALTER TABLE entries ADD COLUMN national_rating INTEGER NOT NULL DEFAULT 0 CHECK (national_rating BETWEEN 0 AND 3500);
UPDATE entries SET fide_rating = rating;
