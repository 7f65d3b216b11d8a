package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
)

// TournamentInfo is a tournament with a few counts, for lists.
type TournamentInfo struct {
	arbiter.Tournament
	Players int  // entries, withdrawn ones included
	Paired  int  // rounds paired so far
	Current bool // the current tournament (tournament use)
}

const tournamentColumns = `id, name, date, venue, rounds, time_control, pace, laws_edition, tiebreak_edition,
	pairing_edition, pab_value, half_bye_value, late_value, tiebreaks, deadline, first_colour, seed, language`

func scanTournament(row interface{ Scan(...any) error }, extra ...any) (arbiter.Tournament, error) {
	var t arbiter.Tournament
	var pab, half, late int
	var tbs string
	dest := []any{&t.ID, &t.Name, &t.Date, &t.Venue, &t.Rounds, &t.TimeControl, &t.Pace, &t.LawsEdition,
		&t.TiebreakEdition, &t.PairingEdition, &pab, &half, &late, &tbs, &t.Deadline, &t.FirstColour, &t.Seed, &t.Language}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return t, err
	}
	t.PABValue, t.HalfByeValue, t.LateValue = arbiter.Score(pab), arbiter.Score(half), arbiter.Score(late)
	t.Tiebreaks = splitCodes(tbs)
	return t, nil
}

// languageOf returns the language stored for t: its own, or "en" when
// it has none.
func languageOf(t arbiter.Tournament) string {
	if t.Language == "" {
		return "en"
	}
	return t.Language
}

func splitCodes(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// Setup is what the store reads, in the transaction that creates a
// tournament or changes its settings, for the desk's rule of them
// (SetupRule).
type Setup struct {
	Tournament arbiter.Tournament  // the settings to store, the name trimmed
	Old        *arbiter.Tournament // as stored; nil for a new tournament
	Paired     int                 // rounds paired
	Taken      int64               // the ID of another tournament of the same name (case ignored), 0 for none
}

// SetupRule is the desk's rule of a tournament's settings, run inside the
// write's transaction on what the store reads there: an error it returns
// refuses the write, and nothing is written. Nil refuses nothing.
type SetupRule func(Setup) error

// checkTournament refuses, as plain errors, settings the tables cannot
// hold: text that cannot be stored, a tournament without a name or a
// round, a tie-break chain that would not read back. The limits of the
// settings are the desk's (SetupRule).
func checkTournament(t arbiter.Tournament) error {
	for _, f := range []struct{ name, value string }{
		{"tournament name", t.Name}, {"venue", t.Venue}, {"time control", t.TimeControl}, {"date", t.Date}, {"deadline", t.Deadline},
	} {
		if err := text.Check(f.name, f.value, text.MaxTournament); err != nil {
			return invalid("%v", err)
		}
	}
	switch {
	case strings.TrimSpace(t.Name) == "":
		return fmt.Errorf("store tournament: no name: %w", ErrInvalid)
	case t.Rounds < 1:
		return fmt.Errorf("store tournament %q: %d rounds: %w", t.Name, t.Rounds, ErrInvalid)
	}
	for _, c := range t.Tiebreaks {
		if c == "" || strings.Contains(c, ",") {
			return fmt.Errorf("store tournament %q: tie-break code %q: %w", t.Name, c, ErrInvalid)
		}
	}
	return nil
}

// setup reads, inside tx, what the rule of t's settings is decided on,
// and runs it: t.ID 0 is a new tournament. Beneath the rule a name taken
// is a plain error.
func setup(ctx context.Context, tx *sql.Tx, t arbiter.Tournament, old *arbiter.Tournament, paired int, rule SetupRule) error {
	f := Setup{Tournament: t, Old: old, Paired: paired}
	err := tx.QueryRowContext(ctx, `SELECT id FROM tournaments WHERE name = ? COLLATE NOCASE AND id <> ?`, t.Name, t.ID).Scan(&f.Taken)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if rule != nil {
		if err := rule(f); err != nil {
			return err
		}
	}
	if f.Taken != 0 {
		return fmt.Errorf("store tournament %q: the name of tournament %d: %w", t.Name, f.Taken, ErrConflict)
	}
	return nil
}

// CreateTournament stores a new tournament, makes it the current one and
// returns it with its ID, under no rule of the desk (Tx.CreateTournament
// takes one): only what the tables must hold is checked, the name not
// used by another tournament (case is ignored) among it.
func (db *DB) CreateTournament(ctx context.Context, t arbiter.Tournament) (arbiter.Tournament, error) {
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		t, err = db.createTournament(ctx, tx, t, nil)
		return err
	})
	return t, err
}

// createTournament is CreateTournament inside tx, if rule allows.
func (db *DB) createTournament(ctx context.Context, tx *sql.Tx, t arbiter.Tournament, rule SetupRule) (arbiter.Tournament, error) {
	t.Name = strings.TrimSpace(t.Name)
	if err := setup(ctx, tx, t, nil, 0, rule); err != nil {
		return t, err
	}
	if err := checkTournament(t); err != nil {
		return t, err
	}
	if err := checkFormat(t); err != nil {
		return t, err
	}
	if err := checkSettings(t); err != nil {
		return t, err
	}
	var err error
	if t.ID, err = db.insertTournament(ctx, tx, t); err != nil {
		return t, err
	}
	if err := saveFormat(ctx, tx, t); err != nil {
		return t, err
	}
	if err := saveSettings(ctx, tx, t); err != nil {
		return t, err
	}
	if err := setCurrent(ctx, tx, t.ID); err != nil {
		return t, err
	}
	return t, db.logEvent(ctx, tx, t.ID, ActTournamentNew, t.Name, "", Describe(t))
}

// insertTournament stores t as a new tournament and returns its ID. The
// caller checks the settings and that the name is free.
func (db *DB) insertTournament(ctx context.Context, tx *sql.Tx, t arbiter.Tournament) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (name, date, venue, rounds, time_control, pace,
		laws_edition, tiebreak_edition, pairing_edition, pab_value, half_bye_value, late_value, tiebreaks,
		deadline, first_colour, seed, language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.Name, t.Date, t.Venue, t.Rounds, t.TimeControl, t.Pace, t.LawsEdition, t.TiebreakEdition,
		t.PairingEdition, int(t.PABValue), int(t.HalfByeValue), int(t.LateValue), strings.Join(t.Tiebreaks, ","),
		t.Deadline, t.FirstColour, t.Seed, languageOf(t), db.stamp())
	if err != nil {
		return 0, fmt.Errorf("create tournament: %w", err)
	}
	return res.LastInsertId()
}

// Describe sums up a tournament's settings in one line, as the log
// records them.
func Describe(t arbiter.Tournament) string {
	parts := []string{fmt.Sprintf("%d rounds", t.Rounds)}
	if t.System == arbiter.DoubleSwiss {
		parts[0] = fmt.Sprintf("%d rounds of two-game matches (Double-Swiss, FIDE C.04.5)", t.Rounds)
	}
	if t.TimeControl != "" {
		parts = append(parts, t.TimeControl)
	}
	parts = append(parts, t.Pace.String())
	if len(t.Tiebreaks) > 0 {
		parts = append(parts, "tie-breaks "+strings.Join(t.Tiebreaks, " "))
	}
	return strings.Join(parts, ", ")
}

func setCurrent(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ('current_tournament', ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, strconv.FormatInt(id, 10))
	return err
}

// UseTournament makes tournament id the current one.
func (db *DB) UseTournament(ctx context.Context, id int64) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, id); err != nil {
			return err
		}
		return setCurrent(ctx, tx, id)
	})
}

// Current returns the ID of the current tournament, or 0 if none was
// chosen (or it no longer exists).
func (db *DB) Current(ctx context.Context) (int64, error) {
	var id int64
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = currentID(ctx, tx)
		return err
	})
	return id, err
}

func currentID(ctx context.Context, q queryer) (int64, error) {
	var v string
	err := q.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = 'current_tournament'`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read current tournament: %w", err)
	}
	id, _ := strconv.ParseInt(v, 10, 64)
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE id = ?`, id).Scan(&n); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, nil
	}
	return id, nil
}

// Tournaments lists every tournament, newest first.
func (db *DB) Tournaments(ctx context.Context) ([]TournamentInfo, error) {
	var list []TournamentInfo
	err := db.read(ctx, func(tx *sql.Tx) error {
		cur, err := currentID(ctx, tx)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+tournamentColumns+`,
			(SELECT count(*) FROM entries e WHERE e.tournament_id = t.id),
			(SELECT count(*) FROM rounds r WHERE r.tournament_id = t.id)
			FROM tournaments t ORDER BY id DESC`)
		if err != nil {
			return fmt.Errorf("list tournaments: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var ti TournamentInfo
			t, err := scanTournament(rows, &ti.Players, &ti.Paired)
			if err != nil {
				return fmt.Errorf("list tournaments: %w", err)
			}
			ti.Tournament = t
			ti.Current = t.ID == cur
			list = append(list, ti)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for i := range list {
			if err := loadFormat(ctx, tx, &list[i].Tournament); err != nil {
				return err
			}
			if err := loadSettings(ctx, tx, &list[i].Tournament); err != nil {
				return err
			}
		}
		return nil
	})
	return list, err
}

// Tournament returns tournament id.
func (db *DB) Tournament(ctx context.Context, id int64) (arbiter.Tournament, error) {
	var t arbiter.Tournament
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		t, err = loadTournament(ctx, tx, id)
		return err
	})
	return t, err
}

func loadTournament(ctx context.Context, q queryer, id int64) (arbiter.Tournament, error) {
	t, err := scanTournament(q.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, inputRefusal(ErrNotFound, fmt.Sprintf("there is no tournament number %d", id), "refuse.notournament.id", "ID", id)
	}
	if err != nil {
		return t, fmt.Errorf("read tournament %d: %w", id, err)
	}
	if err := loadFormat(ctx, q, &t); err != nil {
		return t, err
	}
	return t, loadSettings(ctx, q, &t)
}

// FindTournament returns the tournament named by ref: its number, or its
// name (case and accents ignored). A number that is no tournament's ID
// is tried as a name too.
func (db *DB) FindTournament(ctx context.Context, ref string) (arbiter.Tournament, error) {
	var t arbiter.Tournament
	ref = strings.TrimSpace(ref)
	err := db.read(ctx, func(tx *sql.Tx) error {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
			if t, err = loadTournament(ctx, tx, id); err == nil {
				return nil
			}
		}
		rows, err := tx.QueryContext(ctx, `SELECT id, name FROM tournaments ORDER BY id`)
		if err != nil {
			return fmt.Errorf("find tournament: %w", err)
		}
		var ids []int64
		var names []string
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			names = append(names, name)
			if arbiter.FoldName(name) == arbiter.FoldName(ref) {
				ids = append(ids, id)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		switch len(ids) {
		case 0:
			if len(names) == 0 {
				return inputRefusal(ErrNotFound, fmt.Sprintf("there is no tournament %q (the database has none yet)", ref),
					"refuse.notournament.none", "Ref", ref)
			}
			return inputRefusal(ErrNotFound, fmt.Sprintf("there is no tournament %q (there are: %s)", ref, quoteList(names)),
				"refuse.notournament.others", "Ref", ref, "Names", quoteList(names))
		case 1:
			t, err = loadTournament(ctx, tx, ids[0])
			return err
		}
		return conflict("%q names %d tournaments: give its number instead", ref, len(ids))
	})
	return t, err
}

func quoteList(names []string) string {
	const max = 8
	var q []string
	for i, n := range names {
		if i == max {
			q = append(q, fmt.Sprintf("and %d more", len(names)-max))
			break
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}

// UpdateTournament saves new settings for tournament t.ID, logging each
// changed setting with its old and new value, under no rule of the desk:
// only what the tables must hold is checked. It is UpdateTournamentSeeds
// without the club ratings.
func (db *DB) UpdateTournament(ctx context.Context, t arbiter.Tournament) error {
	_, err := db.UpdateTournamentSeeds(ctx, t, nil, nil)
	return err
}

// UpdateTournamentSeeds is UpdateTournament under the desk's rule, and
// when the rating type (TRF 172) or the pace changes it seeds the
// entries again (see Reseeded): before round 1 is paired each entry is
// seeded by the rating the tournament now chooses, club giving the club
// ratings by roster ID for the rating type OTHER (nil: not known, such
// entries keep their rating), and the pairing numbers follow; once round
// 1 is paired the entries keep their ratings, and the result says the
// tournament is started. The result is the zero Reseed when neither
// setting changed. Beneath the rule, the planned rounds do not go below
// the rounds paired, a tournament with rounds paired does not become a
// Double-Swiss one or stop being one, an all-play-all continuation starts
// from the next round to pair among players of the tournament, and the
// name stays unique: each a plain error.
func (db *DB) UpdateTournamentSeeds(ctx context.Context, t arbiter.Tournament, club map[int64]int, rule SetupRule) (Reseed, error) {
	var rs Reseed
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		rs, err = db.updateTournament(ctx, tx, t, club, rule)
		return err
	})
	return rs, err
}

// updateTournament is UpdateTournamentSeeds inside tx.
func (db *DB) updateTournament(ctx context.Context, tx *sql.Tx, t arbiter.Tournament, club map[int64]int, rule SetupRule) (Reseed, error) {
	var rs Reseed
	t.Name = strings.TrimSpace(t.Name)
	old, err := loadTournament(ctx, tx, t.ID)
	if err != nil {
		return rs, err
	}
	var paired int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM rounds WHERE tournament_id = ?`, t.ID).Scan(&paired); err != nil {
		return rs, err
	}
	if err := setup(ctx, tx, t, &old, paired, rule); err != nil {
		return rs, err
	}
	if err := checkTournament(t); err != nil {
		return rs, err
	}
	if err := checkSettings(t); err != nil {
		return rs, err
	}
	if paired > 0 && old.System != t.System && (old.System == arbiter.DoubleSwiss || t.System == arbiter.DoubleSwiss) {
		// A round of a Double-Swiss tournament is a match of two games,
		// of any other a single game: the rounds paired would read
		// otherwise.
		return rs, fmt.Errorf("store tournament %q: %d rounds paired as %s, not %s: %w", t.Name, paired, old.System, t.System, ErrConflict)
	}
	if t.Rounds < paired {
		return rs, fmt.Errorf("store tournament %q: %d rounds paired, %d planned: %w", t.Name, paired, t.Rounds, ErrConflict)
	}
	if c := t.AllPlayAll; c.From != 0 && c.String() != old.AllPlayAll.String() {
		// A continuation starts with the next round to pair and
		// names players of the tournament.
		if c.From != paired+1 {
			return rs, fmt.Errorf("store tournament %q: an all-play-all from round %d, %d paired: %w", t.Name, c.From, paired, ErrConflict)
		}
		for _, pn := range c.Players {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM entries WHERE tournament_id = ? AND pn = ?`, t.ID, pn).Scan(&n); err != nil {
				return rs, err
			}
			if n == 0 {
				return rs, fmt.Errorf("store tournament %q: the all-play-all names player %d, not in it: %w", t.Name, pn, ErrInvalid)
			}
		}
	}
	changes := diffTournament(old, t)
	fchanges := diffFormat(old, t)
	if len(fchanges) > 0 {
		if err := checkFormat(t); err != nil {
			return rs, err
		}
		if err := saveFormat(ctx, tx, t); err != nil {
			return rs, err
		}
		for _, c := range fchanges {
			if err := db.logEvent(ctx, tx, t.ID, ActTournamentSet, c.field, c.old, c.new); err != nil {
				return rs, err
			}
		}
	}
	if schanges := diffSettings(old, t); len(schanges) > 0 {
		if err := saveSettings(ctx, tx, t); err != nil {
			return rs, err
		}
		for _, c := range schanges {
			if err := db.logEvent(ctx, tx, t.ID, ActTournamentSet, c.field, c.old, c.new); err != nil {
				return rs, err
			}
		}
	}
	if len(changes) > 0 {
		_, err = tx.ExecContext(ctx, `UPDATE tournaments SET name = ?, date = ?, venue = ?, rounds = ?, time_control = ?,
		pace = ?, laws_edition = ?, tiebreak_edition = ?, pairing_edition = ?, pab_value = ?, half_bye_value = ?,
		late_value = ?, tiebreaks = ?, deadline = ?, first_colour = ?, seed = ?, language = ? WHERE id = ?`,
			t.Name, t.Date, t.Venue, t.Rounds, t.TimeControl, t.Pace, t.LawsEdition, t.TiebreakEdition,
			t.PairingEdition, int(t.PABValue), int(t.HalfByeValue), int(t.LateValue), strings.Join(t.Tiebreaks, ","),
			t.Deadline, t.FirstColour, t.Seed, languageOf(t), t.ID)
		if err != nil {
			return rs, fmt.Errorf("update tournament: %w", err)
		}
		for _, c := range changes {
			if err := db.logEvent(ctx, tx, t.ID, ActTournamentSet, c.field, c.old, c.new); err != nil {
				return rs, err
			}
		}
	}
	if t.RatingType == old.RatingType && t.Pace == old.Pace {
		return rs, nil
	}
	rs.Tournament, rs.Started = t, paired > 0
	if rs.Started {
		return rs, nil
	}
	rs.Entries, err = db.reseed(ctx, tx, t, club)
	return rs, err
}

type change struct{ field, old, new string }

// diffTournament lists the settings that differ between a and b.
func diffTournament(a, b arbiter.Tournament) []change {
	var cs []change
	add := func(field, x, y string) {
		if x != y {
			cs = append(cs, change{field, x, y})
		}
	}
	itoa := strconv.Itoa
	add("name", a.Name, b.Name)
	add("date", a.Date, b.Date)
	add("venue", a.Venue, b.Venue)
	add("rounds", itoa(a.Rounds), itoa(b.Rounds))
	add("time control", a.TimeControl, b.TimeControl)
	add("pace", a.Pace.String(), b.Pace.String())
	add("laws edition", itoa(a.LawsEdition), itoa(b.LawsEdition))
	add("tie-break edition", itoa(a.TiebreakEdition), itoa(b.TiebreakEdition))
	add("pairing edition", itoa(a.PairingEdition), itoa(b.PairingEdition))
	add("bye value", a.PABValue.String(), b.PABValue.String())
	add("half-bye value", a.HalfByeValue.String(), b.HalfByeValue.String())
	add("late value", a.LateValue.String(), b.LateValue.String())
	add("tie-breaks", strings.Join(a.Tiebreaks, ","), strings.Join(b.Tiebreaks, ","))
	add("deadline", a.Deadline, b.Deadline)
	add("first colour", a.FirstColour.String(), b.FirstColour.String())
	add("seed", strconv.FormatInt(a.Seed, 10), strconv.FormatInt(b.Seed, 10))
	add("language", languageOf(a), languageOf(b))
	return cs
}
