package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// The commands that put a mistake at the desk right: a withdrawn player
// back, an entry or a roster player made by mistake gone, a game attached
// to the wrong board taken off. Each is one transaction and logged.

// Event actions of these commands.
const (
	ActReturn       = "player.return"
	ActRosterRemove = "roster.remove"
	ActGameRemove   = "game.remove"
)

// Return brings player id, withdrawn, back into tournament tid from round
// from on (0: the next round to pair). The rounds paired while the player
// was away stay as they are, the player scoring each as missed: absent
// (kind ZeroBye, no points) or, for kind HalfBye, half a point, the
// tournament's policy for an absence (C.04.2 art. 2.4-2.5 for the values
// of byes). Rounds not yet paired before from are recorded as absences
// asked for, of the same kind.
func (db *DB) Return(ctx context.Context, tid, id int64, from int, kind arbiter.ByeKind) (arbiter.Entry, error) {
	var e arbiter.Entry
	if kind != arbiter.ZeroBye && kind != arbiter.HalfBye {
		return e, invalid("a missed round scores as an absence: Z or H, not %q", kind.String())
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		if e, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		if e.Status != arbiter.Withdrawn {
			return conflict("%s has not withdrawn: there is nothing to return from", e.Player.Name)
		}
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		if from == 0 {
			from = paired + 1
		}
		switch {
		case from <= paired:
			return conflict("round %d is already paired: %s can return from round %d", from, e.Player.Name, paired+1)
		case from > t.Rounds:
			return invalid("the tournament has %d rounds: %s cannot return from round %d", t.Rounds, e.Player.Name, from)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE byes SET kind = ? WHERE tournament_id = ? AND pn = ? AND round >= ? AND kind = ?`,
			kind, tid, e.PN, e.WithdrawnFrom, arbiter.Unpaired); err != nil {
			return fmt.Errorf("return %s: %w", e.Player.Name, err)
		}
		for n := paired + 1; n < from; n++ {
			if _, err := tx.ExecContext(ctx, `INSERT INTO requested_byes (tournament_id, player_id, round, kind, created_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (tournament_id, player_id, round) DO UPDATE SET kind = excluded.kind`, tid, id, n, kind, db.stamp()); err != nil {
				return fmt.Errorf("return %s: %w", e.Player.Name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE entries SET status = ?, withdrawn_from = 0 WHERE tournament_id = ? AND player_id = ?`,
			arbiter.Active, tid, id); err != nil {
			return fmt.Errorf("return %s: %w", e.Player.Name, err)
		}
		missed := "no round missed"
		if from > e.WithdrawnFrom {
			missed = fmt.Sprintf("rounds %d-%d missed (%s)", e.WithdrawnFrom, from-1, kind)
			if from-1 == e.WithdrawnFrom {
				missed = fmt.Sprintf("round %d missed (%s)", e.WithdrawnFrom, kind)
			}
		}
		old := fmt.Sprintf("withdrawn from round %d", e.WithdrawnFrom)
		e.Status, e.WithdrawnFrom = arbiter.Active, 0
		return db.logEvent(ctx, tx, tid, ActReturn, fmt.Sprintf("%d %s", e.PN, e.Player.Name), old,
			fmt.Sprintf("plays from round %d, %s", from, missed))
	})
	return e, err
}

// Remove takes player id out of tournament tid altogether, as if never
// entered: only an entry that has no game and no pairing-allocated bye in
// any round (a player with games withdraws instead). Before round 1 is
// paired the pairing numbers follow the initial order again; after, the
// players numbered after the one removed move up by one, in every round,
// so that the numbers run without a gap.
func (db *DB) Remove(ctx context.Context, tid, id int64) (arbiter.Entry, error) {
	var e arbiter.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = db.remove(ctx, tx, tid, id)
		return err
	})
	return e, err
}

// remove is Remove inside tx.
func (db *DB) remove(ctx context.Context, tx *sql.Tx, tid, id int64) (arbiter.Entry, error) {
	var e arbiter.Entry
	err := func() error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		var err error
		if e, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		var games, pabs int
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM boards WHERE tournament_id = ?1 AND (white = ?2 OR black = ?2)),
			(SELECT count(*) FROM byes WHERE tournament_id = ?1 AND pn = ?2 AND kind NOT IN (?3, ?4))`,
			tid, e.PN, arbiter.Unpaired, arbiter.ZeroBye).Scan(&games, &pabs); err != nil {
			return fmt.Errorf("remove %s: %w", e.Player.Name, err)
		}
		if games > 0 || pabs > 0 {
			return &InputError{Kind: ErrPlayed, Msg: fmt.Sprintf("%s is in the rounds paired of this tournament (%s, %s), which stay as they are",
				e.Player.Name, plural(games, "board", "boards"), plural(pabs, "bye", "byes"))}
		}
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM byes WHERE tournament_id = ?1 AND pn = ?2`,
			`DELETE FROM entries WHERE tournament_id = ?1 AND pn = ?2`,
			// Unique numbers hold at every row: through the negatives.
			`UPDATE entries SET pn = 1 - pn WHERE tournament_id = ?1 AND pn > ?2`,
			`UPDATE entries SET pn = -pn WHERE tournament_id = ?1 AND pn < 0`,
			// Both colours at once: a board (8, 7) moved one column at a
			// time would be (7, 7) in between, which the schema refuses.
			`UPDATE boards SET white = white - (white > ?2), black = black - (black > ?2) WHERE tournament_id = ?1 AND (white > ?2 OR black > ?2)`,
			`UPDATE byes SET pn = 1 - pn WHERE tournament_id = ?1 AND pn > ?2`,
			`UPDATE byes SET pn = -pn WHERE tournament_id = ?1 AND pn < 0`,
		} {
			if _, err := tx.ExecContext(ctx, q, tid, e.PN); err != nil {
				return fmt.Errorf("remove %s: %w", e.Player.Name, err)
			}
		}
		// The old value says whether the entry removed was withdrawn:
		// arbiter check counts the withdrawn entries by the log.
		old := "entered"
		if e.Status == arbiter.Withdrawn {
			old = fmt.Sprintf("withdrawn from round %d", e.WithdrawnFrom)
		}
		if err := db.logEvent(ctx, tx, tid, ActRemove, fmt.Sprintf("%d %s", e.PN, e.Player.Name), old, "removed: never played"); err != nil {
			return err
		}
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil || paired > 0 {
			return err
		}
		return renumber(ctx, tx, tid)
	}()
	return e, err
}

// OnlyOpenRound returns the round that is the only one player pn of s
// has had a part in, a board or a bye other than an absence, when that is
// the last round paired and it has no result yet: a player entered by
// mistake, perhaps given the pairing-allocated bye, who can leave with
// the round paired again (DB.RemovePairAgain). It returns 0 otherwise:
// the player played, or has no part in any round (Remove will do).
func (s *Snapshot) OnlyOpenRound(pn int) int {
	n := len(s.Rounds)
	if n == 0 {
		return 0
	}
	in := 0
	for _, r := range s.Rounds {
		part := false
		for _, b := range r.Boards {
			part = part || b.White == pn || b.Black == pn
		}
		for _, b := range r.Byes {
			part = part || b.PN == pn && b.Kind != arbiter.Unpaired && b.Kind != arbiter.ZeroBye
		}
		if part && r.Number != n {
			return 0
		}
		if part {
			in = n
		}
	}
	if in == 0 {
		return 0
	}
	for _, b := range s.Rounds[n-1].Boards {
		if b.Result != arbiter.NoResult {
			return 0 // the round is being played
		}
	}
	return in
}

// RemovePairAgain takes player id out of tournament tid as Remove does
// when the only part the player has had in it, a board or a bye, is in
// the last round paired and that round is not played yet: no result and
// no game (Snapshot.OnlyOpenRound). In one transaction the round is unpaired, the
// player removed (the numbers after theirs move up by one) and the round
// paired again by pair, given the tournament as it then is; each step is
// logged as its own command logs it, and one undo takes back all three.
// It returns the entry removed and the round paired again. Any other
// player is removed as Remove removes them, with no round paired again
// (the zero Round), or refused as Remove refuses them (ErrPlayed).
func (db *DB) RemovePairAgain(ctx context.Context, tid, id int64, pair func(*Snapshot) (Pairing, error)) (arbiter.Entry, arbiter.Round, error) {
	var e arbiter.Entry
	var out arbiter.Round
	err := db.write(ctx, func(tx *sql.Tx) error {
		s, err := loadSnapshot(ctx, tx, tid)
		if err != nil {
			return err
		}
		if e, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		if s.OnlyOpenRound(e.PN) == 0 {
			e, err = db.remove(ctx, tx, tid, id)
			return err
		}
		if _, err := db.unpair(ctx, tx, tid); err != nil {
			return err
		}
		if e, err = db.remove(ctx, tx, tid, id); err != nil {
			return err
		}
		if s, err = loadSnapshot(ctx, tx, tid); err != nil {
			return err
		}
		p, err := pair(s)
		if err != nil {
			return err
		}
		p.Basis = 0 // made inside this transaction
		out, err = db.savePairing(ctx, tx, tid, p)
		return err
	})
	return e, out, err
}

// ErrPlayed is the kind of error Remove returns for an entry with games:
// it withdraws instead.
var ErrPlayed = fmt.Errorf("played: %w", ErrConflict)

// RemoveRosterPlayer takes player id out of the club roster: only a
// player entered in no tournament.
func (db *DB) RemoveRosterPlayer(ctx context.Context, id int64) (arbiter.Player, error) {
	var p arbiter.Player
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		if p, err = loadPlayer(ctx, tx, id); err != nil {
			return err
		}
		var name string
		var pn int
		err = tx.QueryRowContext(ctx, `SELECT t.name, e.pn FROM entries e JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.player_id = ? ORDER BY t.id LIMIT 1`, id).Scan(&name, &pn)
		if err == nil {
			return conflict("%s is entered in %s as player %d: a player entered in a tournament stays in the roster", p.Name, name, pn)
		}
		if err != sql.ErrNoRows {
			return fmt.Errorf("remove %s: %w", p.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM players WHERE id = ?`, id); err != nil {
			return fmt.Errorf("remove %s: %w", p.Name, err)
		}
		return db.logEvent(ctx, tx, 0, ActRosterRemove, fmt.Sprintf("id:%d %s", id, p.Name), "in the roster", "removed")
	})
	return p, err
}

// RemoveGames takes the games attached to board b of round n (0: the
// last round paired) of tournament tid off it. The result of the board
// stays: it may have been entered from the slip as well. It returns the
// round, and how many games were removed.
func (db *DB) RemoveGames(ctx context.Context, tid int64, n, b int) (round, removed int, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		if n == 0 {
			n = paired
		}
		if n < 1 || n > paired {
			return &InputError{Kind: ErrNotPaired, Msg: fmt.Sprintf("round %d is not paired yet (%s)", n, pairedSoFar(paired))}
		}
		round = n
		res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE tournament_id = ? AND round = ? AND board = ?`, tid, n, b)
		if err != nil {
			return fmt.Errorf("remove games: %w", err)
		}
		k, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if k == 0 {
			return notFound("round %d board %d has no game attached", n, b)
		}
		removed = int(k)
		return db.logEvent(ctx, tx, tid, ActGameRemove, fmt.Sprintf("round %d board %d", n, b), plural(int(k), "game", "games"), "removed")
	})
	return round, removed, err
}
