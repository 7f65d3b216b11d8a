-- Schema version 10: what a result reported from a board and not
-- confirmed by the opponent becomes after a while. 'queue' sends it to the
-- organizer (as before); 'confirm' enters it as reported, logged as
-- confirmed by the lapse of time. unconfirmed_minutes is the while.

ALTER TABLE web_settings ADD COLUMN unconfirmed TEXT NOT NULL DEFAULT 'queue' CHECK (unconfirmed IN ('queue', 'confirm'));
ALTER TABLE web_settings ADD COLUMN unconfirmed_minutes INTEGER NOT NULL DEFAULT 10 CHECK (unconfirmed_minutes BETWEEN 1 AND 1440);
