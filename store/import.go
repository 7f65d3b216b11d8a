package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// ActTournamentImport is the event action of a tournament imported whole.
const ActTournamentImport = "tournament.import"

// TournamentImport is a whole tournament read from another program's file
// (a FIDE TRF written by Swiss-Manager, Vega or bbpPairings): its
// settings, its entries with their pairing numbers, its rounds with their
// results, and the byes already asked for in rounds to come.
type TournamentImport struct {
	// Source names where the tournament comes from, for the event log.
	Source string
	// Method is stored as the way each imported round was paired
	// ("import" if empty).
	Method     string
	Tournament arbiter.Tournament
	// Entries have pairing numbers 1 to n. Player.ID is ignored: players
	// are matched with the roster by ImportTournament.
	Entries []arbiter.Entry
	// Rounds are rounds 1 to k in order, boards numbered 1, 2, ... Every
	// board has a result, except in the last round. Players in neither a
	// board nor a bye did not play the round: they are stored as
	// Unpaired.
	Rounds []arbiter.Round
	// Requests are byes asked for in rounds after the last one imported.
	Requests []Request
}

// ImportedTournament is what ImportTournament stored.
type ImportedTournament struct {
	Tournament arbiter.Tournament // with its ID
	Players    []Added            // one per entry, in pairing-number order
}

// ImportTournament stores ti as a new tournament in one transaction and
// makes it the current one. Each entry reuses the roster player with the
// same FIDE ID or else the very same name (unless their FIDE IDs differ),
// filling in details the roster lacks; other entries become new roster
// players. The rating of the entry is the one in ti. Nothing is stored if
// rule refuses the settings, the name is taken (ErrConflict) or the
// tournament does not hold together (ErrInvalid: a pairing number missing
// or repeated, a player twice in a round, a board without a result before
// the last round).
func (db *DB) ImportTournament(ctx context.Context, ti TournamentImport, rule SetupRule) (ImportedTournament, error) {
	var out ImportedTournament
	t := ti.Tournament
	t.Name = strings.TrimSpace(t.Name)
	if err := CheckImport(ti); err != nil {
		return out, err
	}
	method := ti.Method
	if method == "" {
		method = "import"
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		if err := setup(ctx, tx, t, nil, 0, rule); err != nil {
			return err
		}
		var err error
		if t.ID, err = db.insertTournament(ctx, tx, t); err != nil {
			return err
		}
		// The pairing system the file names (192): Dutch, the Berger
		// tables or Double-Swiss, whose boards hold two games.
		if err := saveFormat(ctx, tx, t); err != nil {
			return err
		}
		if err := saveSettings(ctx, tx, t); err != nil {
			return err
		}
		if err := db.logEvent(ctx, tx, t.ID, ActTournamentNew, t.Name, "", Describe(t)); err != nil {
			return err
		}
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		ids := make([]int64, len(ti.Entries)+1) // roster ID by pairing number
		used := map[int64]bool{}
		newPlayers := 0
		est, err := tx.PrepareContext(ctx, `INSERT INTO entries (tournament_id, player_id, pn, rating, fide_rating, national_rating, status, withdrawn_from, joined_round, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer est.Close()
		for _, e := range ti.Entries {
			p := e.Player
			p.Name = strings.TrimSpace(p.Name) // checked by CheckImport
			a := Added{NewPlayer: true}
			if r := rosterMatch(roster, used, p); r != nil {
				merged := fillPlayer(*r, p)
				if err := db.updatePlayer(ctx, tx, t.ID, *r, merged); err != nil {
					return err
				}
				*r = merged
				p.ID = r.ID
				a.NewPlayer = false
			} else {
				if p.ID, err = db.insertPlayer(ctx, tx, p); err != nil {
					return err
				}
				newPlayers++
			}
			used[p.ID] = true
			ids[e.PN] = p.ID
			joined := max(e.JoinedRound, 1)
			// The file's rating (001) is the FIDE rating the entry is
			// seeded by; its national record gives the national one.
			national := e.Player.NationalRating
			if _, err := est.ExecContext(ctx, t.ID, p.ID, e.PN, e.Player.Rating, e.Player.Rating, national, e.Status, e.WithdrawnFrom, joined, db.stamp()); err != nil {
				return fmt.Errorf("enter %s: %w", p.Name, err)
			}
			p.Rating, p.NationalRating = e.Player.Rating, national
			a.Entry = arbiter.Entry{PN: e.PN, Player: p, Status: e.Status, WithdrawnFrom: e.WithdrawnFrom, JoinedRound: joined, FIDERating: e.Player.Rating}
			out.Players = append(out.Players, a)
		}
		if err := db.insertRounds(ctx, tx, t.ID, method, len(ti.Entries), ti.Rounds); err != nil {
			return err
		}
		rst, err := tx.PrepareContext(ctx, `INSERT INTO requested_byes (tournament_id, player_id, round, kind, created_at) VALUES (?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer rst.Close()
		for _, r := range ti.Requests {
			if _, err := rst.ExecContext(ctx, t.ID, ids[r.PN], r.Round, r.Kind, db.stamp()); err != nil {
				return fmt.Errorf("bye of player %d in round %d: %w", r.PN, r.Round, err)
			}
		}
		if err := setCurrent(ctx, tx, t.ID); err != nil {
			return err
		}
		summary := fmt.Sprintf("%s (%d new in the roster), %s", plural(len(ti.Entries), "player", "players"), newPlayers,
			plural(len(ti.Rounds), "round", "rounds"))
		if err := db.logEvent(ctx, tx, t.ID, ActTournamentImport, ti.Source, "", summary); err != nil {
			return err
		}
		// A withdrawal the file records is logged as Withdraw logs one,
		// after the import: the log accounts for every withdrawn entry.
		for _, a := range out.Players {
			if e := a.Entry; e.Status == arbiter.Withdrawn {
				if err := db.logEvent(ctx, tx, t.ID, ActWithdraw, fmt.Sprintf("%d %s", e.PN, e.Player.Name), "active", fmt.Sprintf("withdrawn from round %d", e.WithdrawnFrom)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return ImportedTournament{}, err
	}
	out.Tournament = t
	return out, nil
}

// CheckImport returns the error ImportTournament gives for what ti holds,
// before it looks at the database or the desk's rule: settings that
// cannot be stored, players whose details cannot be stored, rounds that
// do not hold together (checkImport). The error wraps ErrInvalid; nil
// means only the rule or the database (a name taken) may still refuse ti.
func CheckImport(ti TournamentImport) error {
	t := ti.Tournament
	t.Name = strings.TrimSpace(t.Name)
	if err := checkTournament(t); err != nil {
		return err
	}
	if err := checkFormat(t); err != nil {
		return err
	}
	if err := checkImport(ti); err != nil {
		return err
	}
	if err := checkSettings(t); err != nil {
		return err
	}
	for _, e := range ti.Entries {
		p := e.Player
		p.Name = strings.TrimSpace(p.Name)
		if err := checkPlayer(p); err != nil {
			return invalid("player %d: %v", e.PN, err)
		}
	}
	return nil
}

// checkImport refuses a tournament that does not hold together.
func checkImport(ti TournamentImport) error {
	n := len(ti.Entries)
	seen := make([]bool, n+1)
	for _, e := range ti.Entries {
		if e.PN < 1 || e.PN > n || seen[e.PN] {
			return invalid("pairing numbers must run from 1 to %d, each once: %d is out of place", n, e.PN)
		}
		seen[e.PN] = true
	}
	if len(ti.Rounds) > ti.Tournament.Rounds {
		return invalid("%d rounds are played but the tournament plans only %d", len(ti.Rounds), ti.Tournament.Rounds)
	}
	for i, r := range ti.Rounds {
		if r.Number != i+1 {
			return invalid("round %d found where round %d was expected", r.Number, i+1)
		}
		where := map[int]bool{}
		place := func(pn int) error {
			if pn < 1 || pn > n {
				return invalid("round %d: there is no player %d", r.Number, pn)
			}
			if where[pn] {
				return invalid("round %d: player %d appears twice", r.Number, pn)
			}
			where[pn] = true
			return nil
		}
		for j, b := range r.Boards {
			if b.Number != j+1 {
				return invalid("round %d: board %d found where %d was expected", r.Number, b.Number, j+1)
			}
			if b.Result == arbiter.NoResult && i < len(ti.Rounds)-1 {
				return invalid("round %d board %d has no result, and round %d follows", r.Number, b.Number, r.Number+1)
			}
			if err := checkBoard(ti.Tournament, r.Number, b); err != nil {
				return err
			}
			if err := place(b.White); err != nil {
				return err
			}
			if err := place(b.Black); err != nil {
				return err
			}
		}
		for _, b := range r.Byes {
			if b.Kind == arbiter.NoBye {
				return invalid("round %d: the bye of player %d has no kind", r.Number, b.PN)
			}
			if err := place(b.PN); err != nil {
				return err
			}
		}
	}
	for _, q := range ti.Requests {
		switch {
		case q.PN < 1 || q.PN > n:
			return invalid("a bye is asked for player %d, who is not in the tournament", q.PN)
		case q.Round <= len(ti.Rounds) || q.Round > ti.Tournament.Rounds:
			return invalid("player %d asks for a bye in round %d: only rounds %d to %d are still to pair", q.PN, q.Round, len(ti.Rounds)+1, ti.Tournament.Rounds)
		case !q.Kind.Requested():
			return invalid("player %d asks for a bye of kind %s in round %d: a bye asked for is H, Z or F", q.PN, q.Kind, q.Round)
		}
	}
	return nil
}

// checkBoard refuses a board of round n that its tournament's system
// cannot hold: in a Double-Swiss tournament a match has the
// results of both games or of neither (SetMatch enters both, C.04.5
// Preface: a match is two games); in any other a board holds one game,
// none of the results only a Double-Swiss game may have (½-0, 0-½, 0-0
// played).
func checkBoard(t arbiter.Tournament, n int, b arbiter.Board) error {
	if t.System == arbiter.DoubleSwiss {
		if (b.Result == arbiter.NoResult) != (b.Second == arbiter.NoResult) {
			return invalid("round %d board %d has the result of one game of the match only: a Double-Swiss match needs both", n, b.Number)
		}
		return nil
	}
	switch {
	case b.Second != arbiter.NoResult:
		return invalid("round %d board %d has a second game, and only a Double-Swiss match has one", n, b.Number)
	case b.Result == arbiter.HalfZero || b.Result == arbiter.ZeroHalf || b.Result == arbiter.ZeroZero:
		return invalid("round %d board %d has the result %s, which only a game of a Double-Swiss match may have", n, b.Number, b.Result)
	}
	return nil
}

// insertRounds stores rounds with their boards and byes; the entries of
// the tournament (pairing numbers 1 to n) found in neither are stored as
// Unpaired, as SavePairing stores players who do not play.
func (db *DB) insertRounds(ctx context.Context, tx *sql.Tx, tid int64, method string, n int, rounds []arbiter.Round) error {
	rst, err := tx.PrepareContext(ctx, `INSERT INTO rounds (tournament_id, number, method, paired_at) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer rst.Close()
	bst, err := tx.PrepareContext(ctx, `INSERT INTO boards (tournament_id, round, board, white, black, result, second, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer bst.Close()
	yst, err := tx.PrepareContext(ctx, `INSERT INTO byes (tournament_id, round, pn, kind) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer yst.Close()
	for _, r := range rounds {
		if _, err := rst.ExecContext(ctx, tid, r.Number, method, db.stamp()); err != nil {
			return fmt.Errorf("save round %d: %w", r.Number, err)
		}
		placed := make([]bool, n+1)
		for _, b := range r.Boards {
			placed[b.White], placed[b.Black] = true, true
			reason := ""
			if b.Second != arbiter.NoResult && b.Match().Forfeit() {
				reason = "forfeit" // as SetMatch records a match forfeited
			}
			if _, err := bst.ExecContext(ctx, tid, r.Number, b.Number, b.White, b.Black, b.Result, b.Second, reason); err != nil {
				return fmt.Errorf("save round %d board %d: %w", r.Number, b.Number, err)
			}
		}
		byes := append([]arbiter.Bye(nil), r.Byes...)
		for _, b := range byes {
			placed[b.PN] = true
		}
		for pn := 1; pn <= n; pn++ {
			if !placed[pn] {
				byes = append(byes, arbiter.Bye{PN: pn, Kind: arbiter.Unpaired})
			}
		}
		sortByes(byes)
		for _, b := range byes {
			if _, err := yst.ExecContext(ctx, tid, r.Number, b.PN, b.Kind); err != nil {
				return fmt.Errorf("save round %d bye of %d: %w", r.Number, b.PN, err)
			}
		}
	}
	return nil
}

// rosterMatch returns the roster player p is, or nil: the one with p's
// FIDE ID, or else the one with exactly p's name and no other FIDE ID.
// Players in used are already entered and not matched again.
func rosterMatch(roster []arbiter.Player, used map[int64]bool, p arbiter.Player) *arbiter.Player {
	if p.FIDEID != "" {
		for i := range roster {
			if r := &roster[i]; r.FIDEID == p.FIDEID && !used[r.ID] {
				return r
			}
		}
	}
	for i := range roster {
		r := &roster[i]
		if used[r.ID] || r.Name != p.Name {
			continue
		}
		if p.FIDEID != "" && r.FIDEID != "" && r.FIDEID != p.FIDEID {
			continue
		}
		return r
	}
	return nil
}

// fillPlayer returns roster player r with the details it lacks taken from
// p. What the roster already knows is kept: a file from another event
// does not overwrite the club's records.
func fillPlayer(r, p arbiter.Player) arbiter.Player {
	if r.Rating == 0 {
		r.Rating = p.Rating
	}
	if r.Federation == "" {
		r.Federation = p.Federation
	}
	if r.FIDEID == "" {
		r.FIDEID = p.FIDEID
	}
	if r.BirthYear == 0 {
		r.BirthYear = p.BirthYear
	}
	if r.BirthDate == "" && p.BirthDate != "" && r.BirthYear == p.BirthYear {
		r.BirthDate = p.BirthDate
	}
	if r.Sex == "" {
		r.Sex = p.Sex
	}
	if r.Title == "" {
		r.Title = p.Title
	}
	if r.Club == "" {
		r.Club = p.Club
	}
	if r.NationalID == "" {
		r.NationalID = p.NationalID
	}
	if r.NationalRating == 0 {
		r.NationalRating = p.NationalRating
	}
	if r.Category == "" {
		r.Category = p.Category
	}
	if r.Province == "" {
		r.Province = p.Province
	}
	if r.BirthDate == "" {
		r.BirthDate = p.BirthDate
	}
	return r
}
