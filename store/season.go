package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/season"
	"github.com/labyrinth-chess/arbiter/text"
)

// Event actions of seasons and of the roster.
const (
	ActSeasonNew   = "season.new"
	ActSeasonAdd   = "season.add"
	ActRosterMerge = "roster.merge"
)

// ErrNoSeason: the database has no season yet (ErrNotFound).
var ErrNoSeason = fmt.Errorf("no season: %w", ErrNotFound)

// Season is a club season: its rules and its evenings, the tournaments
// in the order they were added.
type Season struct {
	ID       int64
	Name     string
	Settings season.Settings
	Evenings []int64 // tournament IDs
}

// SeasonTable is a season computed: the snapshots of its evenings, in
// the season's order, and the table (see season.Compute).
type SeasonTable struct {
	Season    Season
	Evenings  []*Snapshot
	Standings []season.Standing
	Names     map[int64]string // roster ID: name
}

// CreateSeason stores a new season with no evening and makes it the
// current season. A name already taken (case ignored) is an ErrConflict;
// one text.Check refuses (control characters, too long) ErrInvalid.
func (db *DB) CreateSeason(ctx context.Context, s Season) (Season, error) {
	s.Name = strings.TrimSpace(s.Name)
	if s.Name == "" {
		return s, invalid("a season needs a name")
	}
	if err := text.Check("season name", s.Name, text.MaxTournament); err != nil {
		return s, invalid("%v", err)
	}
	if s.Settings.Best < 0 {
		return s, invalid("--best %d: count at least one evening, or 0 for all", s.Settings.Best)
	}
	if err := season.CheckParticipation(s.Settings.Participation); err != nil {
		return s, invalid("participation %v: give the points for taking part, from 0 to %d", s.Settings.Participation, season.MaxParticipation)
	}
	if _, err := season.ParseScoring(s.Settings.Scoring.String()); err != nil {
		return s, invalid("%v", err)
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seasons WHERE name = ? COLLATE NOCASE`, s.Name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return conflict("there is already a season %q: choose another name", s.Name)
		}
		set := s.Settings
		res, err := tx.ExecContext(ctx, `INSERT INTO seasons (name, scoring, best, participation, ties, tiebreaks, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, s.Name, set.Scoring.String(), set.Best, set.Participation, set.Ties.String(),
			season.FormatTiebreaks(set.Tiebreaks), db.stamp())
		if err != nil {
			return fmt.Errorf("add season %s: %w", s.Name, err)
		}
		if s.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := setCurrentSeason(ctx, tx, s.ID); err != nil {
			return err
		}
		return db.logEvent(ctx, tx, 0, ActSeasonNew, s.Name, "", DescribeSeason(s))
	})
	return s, err
}

// DescribeSeason writes a season's rules in one line, as the event log
// keeps them.
func DescribeSeason(s Season) string {
	set := s.Settings
	parts := []string{"scoring " + set.Scoring.String(), "ties " + set.Ties.String()}
	if set.Best > 0 {
		parts = append(parts, "best "+strconv.Itoa(set.Best))
	}
	if set.Participation != 0 {
		parts = append(parts, "participation "+strconv.FormatFloat(set.Participation, 'f', -1, 64))
	}
	if len(set.Tiebreaks) > 0 {
		parts = append(parts, "tie-breaks "+season.FormatTiebreaks(set.Tiebreaks))
	}
	return strings.Join(parts, ", ")
}

func setCurrentSeason(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ('current_season', ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, strconv.FormatInt(id, 10))
	return err
}

// Seasons lists the seasons, oldest first.
func (db *DB) Seasons(ctx context.Context) ([]Season, error) {
	var out []Season
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadSeasons(ctx, tx, 0)
		return err
	})
	return out, err
}

// loadSeasons reads season id, or every season for id 0.
func loadSeasons(ctx context.Context, q queryer, id int64) ([]Season, error) {
	query := `SELECT id, name, scoring, best, participation, ties, tiebreaks FROM seasons`
	var args []any
	if id != 0 {
		query += ` WHERE id = ?`
		args = append(args, id)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("read seasons: %w", err)
	}
	var out []Season
	for rows.Next() {
		var s Season
		var scoring, ties, tbs string
		if err := rows.Scan(&s.ID, &s.Name, &scoring, &s.Settings.Best, &s.Settings.Participation, &ties, &tbs); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read seasons: %w", err)
		}
		if s.Settings.Scoring, err = season.ParseScoring(scoring); err != nil {
			rows.Close()
			return nil, fmt.Errorf("season %s: %w", s.Name, err)
		}
		if s.Settings.Ties, err = season.ParseTies(ties); err != nil {
			rows.Close()
			return nil, fmt.Errorf("season %s: %w", s.Name, err)
		}
		if s.Settings.Tiebreaks, err = season.ParseTiebreaks(tbs); err != nil {
			rows.Close()
			return nil, fmt.Errorf("season %s: %w", s.Name, err)
		}
		out = append(out, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		ev, err := q.QueryContext(ctx, `SELECT tournament_id FROM season_evenings WHERE season_id = ? ORDER BY position`, out[i].ID)
		if err != nil {
			return nil, fmt.Errorf("read season %s: %w", out[i].Name, err)
		}
		for ev.Next() {
			var tid int64
			if err := ev.Scan(&tid); err != nil {
				ev.Close()
				return nil, err
			}
			out[i].Evenings = append(out[i].Evenings, tid)
		}
		ev.Close()
		if err := ev.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// FindSeason returns the season ref names, by number or by name (case
// ignored), or the current season for "". ErrNotFound says which seasons
// there are; ErrNoSeason that there is none.
func (db *DB) FindSeason(ctx context.Context, ref string) (Season, error) {
	var s Season
	ref = strings.TrimSpace(ref)
	err := db.read(ctx, func(tx *sql.Tx) error {
		all, err := loadSeasons(ctx, tx, 0)
		if err != nil {
			return err
		}
		if len(all) == 0 {
			return &InputError{Kind: ErrNoSeason, Msg: "there is no season yet"}
		}
		if ref == "" {
			var v string
			err := tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = 'current_season'`).Scan(&v)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("read current season: %w", err)
			}
			id, _ := strconv.ParseInt(v, 10, 64)
			for _, x := range all {
				if x.ID == id {
					s = x
					return nil
				}
			}
			s = all[len(all)-1]
			return nil
		}
		var names []string
		for _, x := range all {
			if strconv.FormatInt(x.ID, 10) == ref || arbiter.FoldName(x.Name) == arbiter.FoldName(ref) {
				s = x
				return nil
			}
			names = append(names, x.Name)
		}
		return notFound("there is no season %q (there are: %s)", ref, quoteList(names))
	})
	return s, err
}

// AddEvenings adds the tournaments to season id, after its evenings, in
// one transaction. A tournament already in the season, or named twice,
// is an ErrConflict naming it, and nothing is added; ts must exist.
func (db *DB) AddEvenings(ctx context.Context, id int64, ts []arbiter.Tournament) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		ss, err := loadSeasons(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(ss) == 0 {
			return notFound("there is no season number %d", id)
		}
		s := ss[0]
		in := map[int64]bool{}
		for _, tid := range s.Evenings {
			in[tid] = true
		}
		pos := len(s.Evenings)
		for _, t := range ts {
			if _, err := loadTournament(ctx, tx, t.ID); err != nil {
				return err
			}
			if in[t.ID] {
				return conflict("%s is already an evening of the season %s", t.Name, s.Name)
			}
			in[t.ID] = true
			pos++
			if _, err := tx.ExecContext(ctx, `INSERT INTO season_evenings (season_id, tournament_id, position) VALUES (?, ?, ?)`,
				s.ID, t.ID, pos); err != nil {
				return fmt.Errorf("add %s to season %s: %w", t.Name, s.Name, err)
			}
			if err := db.logEvent(ctx, tx, t.ID, ActSeasonAdd, s.Name, "", t.Name); err != nil {
				return err
			}
		}
		return nil
	})
}

// MergePlayers merges roster player drop into keep, in one transaction:
// drop's entries become keep's, details keep lacks are taken from drop,
// and drop leaves the roster. The merge is logged. Two IDs naming one
// player are ErrInvalid; players who both play one tournament are an
// ErrConflict naming it, and nothing changes.
func (db *DB) MergePlayers(ctx context.Context, keep, drop int64) (arbiter.Player, error) {
	var out arbiter.Player
	if keep == drop {
		return out, invalid("player %d is merged into himself: give two different players", keep)
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		k, err := loadPlayer(ctx, tx, keep)
		if err != nil {
			return err
		}
		d, err := loadPlayer(ctx, tx, drop)
		if err != nil {
			return err
		}
		var both string
		err = tx.QueryRowContext(ctx, `SELECT t.name FROM entries a JOIN entries b ON a.tournament_id = b.tournament_id
			JOIN tournaments t ON t.id = a.tournament_id WHERE a.player_id = ? AND b.player_id = ? LIMIT 1`, keep, drop).Scan(&both)
		switch {
		case err == nil:
			return conflict("%s and %s both play in %s: they are two players", playerLabel(k), playerLabel(d), both)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("merge players: %w", err)
		}
		// Every row that names drop names keep instead: the entries and
		// what refers to an entry by player (requested byes, check-ins,
		// PINs, presence marks), and the late-entry requests from the
		// phone. All move at once, the foreign keys checked at commit;
		// a table added later is found by its column.
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			return err
		}
		tables, err := playerTables(ctx, tx)
		if err != nil {
			return fmt.Errorf("merge players: %w", err)
		}
		for _, t := range tables {
			if _, err := tx.ExecContext(ctx, `UPDATE `+ident(t)+` SET player_id = ? WHERE player_id = ?`, keep, drop); err != nil {
				return fmt.Errorf("merge players: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM players WHERE id = ?`, drop); err != nil {
			return fmt.Errorf("merge players: %w", err)
		}
		merged := fillPlayer(k, d)
		if err := db.updatePlayer(ctx, tx, 0, k, merged); err != nil {
			return err
		}
		out = merged
		return db.logEvent(ctx, tx, 0, ActRosterMerge, playerLabel(merged),
			fmt.Sprintf("%d %s", d.ID, playerLabel(d)), fmt.Sprintf("%d %s", k.ID, playerLabel(merged)))
	})
	return out, err
}

// playerTables returns the tables of the schema with a player_id column,
// the roster player a row is about.
func playerTables(ctx context.Context, q queryer) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT m.name FROM sqlite_schema m JOIN pragma_table_info(m.name) c
		WHERE m.type = 'table' AND c.name = 'player_id' ORDER BY m.name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ts []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, rows.Err()
}
