-- Schema version 3: the language of a tournament's printed sheets and
-- workbook, "en" or "it" (ISO 639-1). Existing tournaments keep printing
-- in English.

ALTER TABLE tournaments ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'it'));
