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

// ReturnRule is the desk's rule of a player's return, run inside the
// transaction of the return on entry e of tournament t as stored then,
// paired rounds paired: it gives the round the player plays from (asked:
// from, 0 for the next round to pair) and the bye each round missed
// scores as (ZeroBye or HalfBye), or refuses the return.
type ReturnRule func(t arbiter.Tournament, e arbiter.Entry, paired, from int) (int, arbiter.ByeKind, error)

// Return brings player id, withdrawn, back into tournament tid from round
// from on, as rule, the desk's, plans it. The rounds paired while the
// player was away stay as they are, the player scoring each as missed
// with the rule's bye; rounds not yet paired before the return are
// recorded as absences asked for, of the same kind.
func (db *DB) Return(ctx context.Context, tid, id int64, from int, rule ReturnRule) (arbiter.Entry, error) {
	var e arbiter.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		if e, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		from, kind, err := rule(t, e, paired, from)
		if err != nil {
			return err
		}
		if e.Status != arbiter.Withdrawn || from <= paired || from > t.Rounds || kind != arbiter.ZeroBye && kind != arbiter.HalfBye {
			return fmt.Errorf("store: %s cannot return from round %d with %s", e.Player.Name, from, kind)
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

// RemoveRule is the desk's rule of taking entry e out of a tournament,
// run inside the transaction of the removal on the entry's part in the
// rounds paired as stored then: its boards and its byes but absences.
type RemoveRule func(e arbiter.Entry, boards, byes int) error

// Remove takes player id out of tournament tid altogether, as if never
// entered, unless rule, the desk's, refuses it on the entry's part in
// the rounds paired (a player with games withdraws instead). Before round 1 is
// paired the pairing numbers follow the initial order again; after, the
// players numbered after the one removed move up by one, in every round,
// so that the numbers run without a gap.
func (db *DB) Remove(ctx context.Context, tid, id int64, rule RemoveRule) (arbiter.Entry, error) {
	var e arbiter.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = db.remove(ctx, tx, tid, id, rule)
		return err
	})
	return e, err
}

// remove is Remove inside tx.
func (db *DB) remove(ctx context.Context, tx *sql.Tx, tid, id int64, rule RemoveRule) (arbiter.Entry, error) {
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
		if err := rule(e, games, pabs); err != nil {
			return err
		}
		if games > 0 || pabs > 0 {
			return fmt.Errorf("store: %s has a part in the rounds paired and cannot be removed", e.Player.Name)
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

// PairAgain is the desk's plan of a removal with the last round paired
// again, run inside the removal's transaction: Again says whether the
// player with pairing number pn of s leaves with the round paired again
// (a player whose only part in the tournament is that round, not played
// yet); Pair pairs it again from the tournament as it then is.
type PairAgain struct {
	Again func(s *Snapshot, pn int) bool
	Pair  func(s *Snapshot) (Pairing, error)
}

// RemovePairAgain takes player id out of tournament tid as Remove does
// (refused by rule, the desk's), with the last round paired again when
// plan.Again says so: in one transaction the round is unpaired, the
// player removed (the numbers after theirs move up by one) and the round
// paired again by plan.Pair; each step is logged as its own command logs
// it, and one undo takes back all three. It returns the entry removed and
// the round paired again; the zero Round when none was.
func (db *DB) RemovePairAgain(ctx context.Context, tid, id int64, rule RemoveRule, plan PairAgain) (arbiter.Entry, arbiter.Round, error) {
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
		if !plan.Again(s, e.PN) {
			e, err = db.remove(ctx, tx, tid, id, rule)
			return err
		}
		if _, err := db.unpair(ctx, tx, tid); err != nil {
			return err
		}
		if e, err = db.remove(ctx, tx, tid, id, rule); err != nil {
			return err
		}
		if s, err = loadSnapshot(ctx, tx, tid); err != nil {
			return err
		}
		p, err := plan.Pair(s)
		if err != nil {
			return err
		}
		p.Basis = 0 // made inside this transaction
		out, err = db.savePairing(ctx, tx, tid, p)
		return err
	})
	return e, out, err
}

// RosterRule is the desk's rule of taking player p out of the club
// roster, run inside the transaction of the removal: in is where p is
// entered, the first tournament by ID with p's pairing number in it, the
// zero Entered when p is entered nowhere.
type RosterRule func(p arbiter.Player, in Entered) error

// Entered is a tournament a player is entered in: its name and the
// player's pairing number there.
type Entered struct {
	Tournament string
	PN         int
}

// RemoveRosterPlayer takes player id out of the club roster, unless rule,
// the desk's, refuses it; a player entered in a tournament stays, whatever
// the rule says.
func (db *DB) RemoveRosterPlayer(ctx context.Context, id int64, rule RosterRule) (arbiter.Player, error) {
	var p arbiter.Player
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		if p, err = loadPlayer(ctx, tx, id); err != nil {
			return err
		}
		var in Entered
		err = tx.QueryRowContext(ctx, `SELECT t.name, e.pn FROM entries e JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.player_id = ? ORDER BY t.id LIMIT 1`, id).Scan(&in.Tournament, &in.PN)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("remove %s: %w", p.Name, err)
		}
		if err := rule(p, in); err != nil {
			return err
		}
		if in.PN != 0 {
			return fmt.Errorf("store: %s is entered in %s and cannot leave the roster", p.Name, in.Tournament)
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
			return notPaired(n, paired)
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
