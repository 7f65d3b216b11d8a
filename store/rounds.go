package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Pairing is a round to store: made by hand (round pair --manual) or by a
// pairing engine.
type Pairing struct {
	Round  int    // must be the next round to pair
	Method string // "manual", or the system that made it, e.g. "dutch-2025"
	// Boards in board order, numbered 1, 2, ...; results must be empty.
	Boards []arbiter.Board
	// Byes holds the pairing-allocated bye and any bye the organizer
	// gives on the spot. The requested byes and the players not playing
	// (Snapshot.Absent) may be left out: they are added.
	Byes []arbiter.Bye
	// BoardNotes explains each board (key: board number) and ByeNotes each
	// bye (key: pairing number), as shown by round pair --explain.
	BoardNotes map[int]string
	ByeNotes   map[int]string
	// Forced lists the warnings (Snapshot.Check) the organizer chose to
	// override, each as a phrase (phrase.Text.Stored, pairing.Warning's
	// Phrase), so that the log words it in its reader's language; they
	// are kept in the event log.
	Forced []string
	// Unknown is the organizer's decision to pair although boards of the
	// previous round have no result yet (an adjourned game, a TRF-26 X):
	// without it such a round is refused (ErrRoundOpen). The decision is
	// logged with the boards.
	Unknown bool
	// Seed, when not nil, is the seed of the lot for the first colour
	// drawn to pair round 1 (C.04.3 5.1): it is stored in the tournament
	// with the round, so that later rounds draw the same colour.
	Seed *int64
	// Basis, when not 0, is the Snapshot.LastEvent the pairing was
	// computed from: SavePairing refuses it (ErrStale) if anything of the
	// tournament changed since, such as a result corrected, which moves
	// players between score groups.
	Basis int64
	// Absent are the pairing numbers of the players not present in a
	// tournament that requires presence (presence.go): SavePairing marks
	// them absent at the check-in of the round, with the bye AbsentKind,
	// in the pairing's transaction.
	Absent     []int
	AbsentKind arbiter.ByeKind
	// Replace stores the pairing over round Round, the last paired,
	// which must have no result and no game yet (round swap, round
	// edit): the round is changed in place and logged with the pairing
	// before and after.
	Replace bool
}

// ErrStale is the kind of error for a pairing computed from a state of the
// tournament that has changed since.
var ErrStale = fmt.Errorf("the tournament changed: %w", ErrConflict)

// SavePairing stores round p.Round of tournament tid in one transaction
// and returns it as stored, the absent players' byes added. It refuses a
// round that is not the next one, a previous round with missing results,
// unknown or repeated pairing numbers, a player who does not play that
// round on a board, and players left out of the round.
func (db *DB) SavePairing(ctx context.Context, tid int64, p Pairing) (arbiter.Round, error) {
	var out arbiter.Round
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.savePairing(ctx, tx, tid, p)
		return err
	})
	return out, err
}

// savePairing is SavePairing inside tx.
func (db *DB) savePairing(ctx context.Context, tx *sql.Tx, tid int64, p Pairing) (arbiter.Round, error) {
	var out arbiter.Round
	err := func() error {
		s, err := loadSnapshot(ctx, tx, tid)
		if err != nil {
			return err
		}
		var before string
		if p.Replace {
			if p.Basis != 0 && p.Basis != s.LastEvent {
				return &InputError{Kind: ErrStale, Msg: fmt.Sprintf("round %d was not changed: the tournament changed meanwhile; try again", p.Round)}
			}
			if before, err = db.clearRound(ctx, tx, s, p.Round); err != nil {
				return err
			}
			if s, err = loadSnapshot(ctx, tx, tid); err != nil {
				return err
			}
			// The stamp of the state the pairing was made from is the
			// state before the round was cleared.
			p.Basis = 0
		}
		if len(p.Absent) > 0 { // presence required (presence.go)
			if s, err = db.checkInMissing(ctx, tx, s, p); err != nil {
				return err
			}
			p.Basis = 0
		}
		if out, err = s.Complete(p); err != nil {
			return err
		}
		if p.Basis != 0 && p.Basis != s.LastEvent {
			return &InputError{Kind: ErrStale, Msg: fmt.Sprintf("round %d was not paired: the tournament changed while the pairing was made (a result, a player or a bye); pair it again", p.Round)}
		}
		method := p.Method
		if method == "" {
			method = "manual"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rounds (tournament_id, number, method, paired_at) VALUES (?, ?, ?, ?)`,
			tid, out.Number, method, db.stamp()); err != nil {
			return fmt.Errorf("save round %d: %w", out.Number, err)
		}
		bst, err := tx.PrepareContext(ctx, `INSERT INTO boards (tournament_id, round, board, white, black, explanation) VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer bst.Close()
		for _, b := range out.Boards {
			if _, err := bst.ExecContext(ctx, tid, out.Number, b.Number, b.White, b.Black, p.BoardNotes[b.Number]); err != nil {
				return fmt.Errorf("save round %d board %d: %w", out.Number, b.Number, err)
			}
		}
		yst, err := tx.PrepareContext(ctx, `INSERT INTO byes (tournament_id, round, pn, kind, explanation) VALUES (?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer yst.Close()
		for _, b := range out.Byes {
			if _, err := yst.ExecContext(ctx, tid, out.Number, b.PN, b.Kind, p.ByeNotes[b.PN]); err != nil {
				return fmt.Errorf("save round %d bye of %d: %w", out.Number, b.PN, err)
			}
		}
		if p.Seed != nil && *p.Seed != s.Tournament.Seed {
			if out.Number != 1 {
				return invalid("the lot for the first colour is drawn for round 1, not round %d", out.Number)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET seed = ? WHERE id = ?`, *p.Seed, tid); err != nil {
				return fmt.Errorf("save the seed of the lot: %w", err)
			}
			if err := db.logEvent(ctx, tx, tid, ActTournamentSet, "seed", strconv.FormatInt(s.Tournament.Seed, 10), strconv.FormatInt(*p.Seed, 10)); err != nil {
				return err
			}
		}
		subject := fmt.Sprintf("round %d (%s)", out.Number, method)
		action := ActRoundPair
		if p.Replace {
			action = ActRoundEdit
		}
		if err := db.logEvent(ctx, tx, tid, action, subject, before, FormatPairing(out)); err != nil {
			return err
		}
		for _, w := range p.Forced {
			if err := db.logEvent(ctx, tx, tid, ActRoundPair, subject+keptSubject, "", w); err != nil {
				return err
			}
		}
		if open := s.Unknown(); p.Unknown && len(open) > 0 {
			var boards []string
			for _, b := range open {
				boards = append(boards, strconv.Itoa(b))
			}
			if err := db.logEvent(ctx, tx, tid, ActRoundUnknown, fmt.Sprintf("round %d paired with results not known", out.Number), "",
				fmt.Sprintf("round %d, %s %s", out.Number-1, word(len(open), "board", "boards"), strings.Join(boards, ", "))); err != nil {
				return err
			}
		}
		return nil
	}()
	return out, err
}

// Unknown returns the boards of the last paired round that have no
// result yet, in board order: the games still on, adjourned, or whose
// result is not known (TRF-26 X).
func (s *Snapshot) Unknown() []int {
	if len(s.Rounds) == 0 {
		return nil
	}
	var open []int
	for _, b := range s.Rounds[len(s.Rounds)-1].Boards {
		if b.Result == arbiter.NoResult {
			open = append(open, b.Number)
		}
	}
	return open
}

// ActRoundEdit is the event of a round changed in place.
const ActRoundEdit = "round.edit"

// clearRound deletes round n of s, the last paired, for a pairing to
// replace it, refusing a round with a result or a game, and returns the
// pairing it had.
func (db *DB) clearRound(ctx context.Context, tx *sql.Tx, s *Snapshot, n int) (string, error) {
	if n != len(s.Rounds) || n == 0 {
		return "", conflict("only the last round paired can be changed, round %d", len(s.Rounds))
	}
	r := s.Rounds[n-1]
	for _, b := range r.Boards {
		if b.Result != arbiter.NoResult {
			return "", &InputError{Kind: ErrHasResults, Msg: fmt.Sprintf("round %d has a result on board %d: a round being played stays as it is", n, b.Number)}
		}
	}
	var games int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE tournament_id = ? AND round = ?`, s.Tournament.ID, n).Scan(&games); err != nil {
		return "", err
	}
	if games > 0 {
		return "", &InputError{Kind: ErrHasResults, Msg: fmt.Sprintf("round %d has games attached: a round being played stays as it is", n)}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM rounds WHERE tournament_id = ? AND number = ?`, s.Tournament.ID, n); err != nil {
		return "", fmt.Errorf("change round %d: %w", n, err)
	}
	return FormatPairing(r), nil
}

// Complete checks pairing p against s as SavePairing does, and returns the
// round as it would be stored: the byes of the absent players added, byes
// sorted by pairing number. Call it before Check, so that a pairing that
// cannot be stored is refused before its warnings are weighed.
func (s *Snapshot) Complete(p Pairing) (arbiter.Round, error) {
	t := s.Tournament
	n := s.Next()
	out := arbiter.Round{Number: n}
	switch {
	case p.Round != n:
		if p.Round <= len(s.Rounds) {
			return out, conflict("round %d is already paired; the next round to pair is %d", p.Round, n)
		}
		return out, conflict("round %d cannot be paired before round %d", p.Round, n)
	case n > t.Rounds:
		return out, inputRefusal(ErrConflict, fmt.Sprintf("all %d rounds of %s are paired", t.Rounds, t.Name),
			"refuse.allpaired", "Rounds", t.Rounds, "Tournament", t.Name)
	case len(s.Entries) == 0:
		return out, conflict("%s has no players yet", t.Name)
	}
	if n > 1 {
		var open []string
		for _, b := range s.Rounds[n-2].Boards {
			if b.Result == arbiter.NoResult {
				open = append(open, fmt.Sprint(b.Number))
			}
		}
		if len(open) > 0 && !p.Unknown {
			return out, &InputError{Kind: ErrRoundOpen, Msg: fmt.Sprintf("round %d still has no result on %s %s", n-1, word(len(open), "board", "boards"), strings.Join(open, ", "))}
		}
	}
	seen := map[int]string{}
	place := func(pn int, where string) error {
		e := s.Entry(pn)
		if e == nil {
			return notFound("there is no player %d: pairing numbers run from 1 to %d", pn, len(s.Entries))
		}
		if prev, ok := seen[pn]; ok {
			return invalid("player %s is both %s and %s", s.Label(pn), prev, where)
		}
		seen[pn] = where
		return nil
	}
	for i, b := range p.Boards {
		where := fmt.Sprintf("on board %d", i+1)
		if b.Number != i+1 {
			return out, invalid("boards must be numbered 1, 2, ...: board %d found where %d was expected", b.Number, i+1)
		}
		if b.Result != arbiter.NoResult {
			return out, invalid("board %d of a new round cannot have a result", b.Number)
		}
		for _, pn := range []int{b.White, b.Black} {
			if err := place(pn, where); err != nil {
				return out, err
			}
			e := s.Entry(pn)
			if !e.Plays(n) {
				return out, notPlayingErr("%s does not play round %d (%s)", s.Label(pn), n, notPlaying(*e, n))
			}
			if k := s.Request(pn, n); k != arbiter.NoBye {
				return out, notPlayingErr("%s asked for a bye (%s) in round %d", s.Label(pn), k, n)
			}
		}
		out.Boards = append(out.Boards, arbiter.Board{Number: b.Number, White: b.White, Black: b.Black})
	}
	for _, b := range p.Byes {
		if b.Kind == arbiter.NoBye {
			return out, invalid("the bye of player %d has no kind", b.PN)
		}
		if err := place(b.PN, "given a bye"); err != nil {
			return out, err
		}
		e := s.Entry(b.PN)
		if !e.Plays(n) && b.Kind != arbiter.Unpaired {
			return out, notPlayingErr("%s does not play round %d (%s)", s.Label(b.PN), n, notPlaying(*e, n))
		}
		if k := s.Request(b.PN, n); k != arbiter.NoBye && k != b.Kind {
			return out, notPlayingErr("%s asked for a bye of kind %s in round %d, not %s", s.Label(b.PN), k, n, b.Kind)
		}
		out.Byes = append(out.Byes, b)
	}
	var left []string
	for _, a := range s.Absent(n) {
		if e := s.Entry(a.PN); e != nil && e.JoinedRound > n {
			// Entered from a later round: not in this one (a round
			// changed in place after a late entry).
			seen[a.PN] = "entered later"
			continue
		}
		if _, ok := seen[a.PN]; !ok {
			seen[a.PN] = "absent"
			out.Byes = append(out.Byes, a)
		}
	}
	for _, e := range s.Entries {
		if _, ok := seen[e.PN]; !ok {
			left = append(left, s.Label(e.PN))
		}
	}
	if len(left) > 0 {
		return out, &InputError{Kind: ErrLeftOut, Msg: fmt.Sprintf("%s not paired in round %d: %s", plural(len(left), "player is", "players are"), n, strings.Join(left, ", "))}
	}
	sortByes(out.Byes)
	return out, nil
}

// ErrRoundOpen is the kind of error for pairing a round while the
// previous one still lacks results.
var ErrRoundOpen = fmt.Errorf("previous round not finished: %w", ErrConflict)

// ErrNotPlaying is the kind of error for a pairing that places a player
// who does not play the round (withdrawn, not yet entered, on a requested
// bye).
var ErrNotPlaying = fmt.Errorf("player not playing: %w", ErrConflict)

func notPlayingErr(format string, args ...any) error {
	return &InputError{Kind: ErrNotPlaying, Msg: fmt.Sprintf(format, args...)}
}

// ErrLeftOut is the kind of error for a pairing that leaves players out.
var ErrLeftOut = fmt.Errorf("players left out: %w", ErrInvalid)

func sortByes(bs []arbiter.Bye) {
	for i := 1; i < len(bs); i++ {
		for j := i; j > 0 && bs[j].PN < bs[j-1].PN; j-- {
			bs[j], bs[j-1] = bs[j-1], bs[j]
		}
	}
}

func notPlaying(e arbiter.Entry, n int) string {
	if e.JoinedRound > n {
		return fmt.Sprintf("entered from round %d", e.JoinedRound)
	}
	return fmt.Sprintf("withdrawn from round %d", e.WithdrawnFrom)
}

// word returns one or many according to n.
func word(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Unpair deletes the last paired round of tournament tid and returns its
// number. Only a round with no result and no submitted game can be
// unpaired. Players who entered after that round was paired can play it
// now; unpairing round 1 gives the numbers in initial order again.
func (db *DB) Unpair(ctx context.Context, tid int64) (int, error) {
	var n int
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = db.unpair(ctx, tx, tid)
		return err
	})
	return n, err
}

// unpair is Unpair inside tx.
func (db *DB) unpair(ctx context.Context, tx *sql.Tx, tid int64) (int, error) {
	var n int
	err := func() error {
		s, err := loadSnapshot(ctx, tx, tid)
		if err != nil {
			return err
		}
		n = len(s.Rounds)
		if n == 0 {
			return conflict("no round of %s is paired yet", s.Tournament.Name)
		}
		r := s.Rounds[n-1]
		var done []string
		for _, b := range r.Boards {
			if b.Result != arbiter.NoResult {
				done = append(done, fmt.Sprintf("%d (%s)", b.Number, b.Result))
			}
		}
		if len(done) > 0 {
			return &InputError{Kind: ErrHasResults, Msg: fmt.Sprintf("round %d already has results on %s %s", n, word(len(done), "board", "boards"), strings.Join(done, ", "))}
		}
		var games int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE tournament_id = ? AND round = ?`, tid, n).Scan(&games); err != nil {
			return err
		}
		if games > 0 {
			return conflict("round %d already has %s submitted", n, plural(games, "game", "games"))
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rounds WHERE tournament_id = ? AND number = ?`, tid, n); err != nil {
			return fmt.Errorf("unpair round %d: %w", n, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE entries SET joined_round = ? WHERE tournament_id = ? AND joined_round = ?`, n, tid, n+1); err != nil {
			return fmt.Errorf("unpair round %d: %w", n, err)
		}
		if n == 1 {
			if err := renumber(ctx, tx, tid); err != nil {
				return err
			}
		}
		return db.logEvent(ctx, tx, tid, ActRoundUnpair, fmt.Sprintf("round %d", n), FormatPairing(r), "")
	}()
	return n, err
}

// ErrHasResults is the kind of error for unpairing a round with results.
var ErrHasResults = fmt.Errorf("round has results: %w", ErrConflict)

// Reasons a result came about, stored with the board. The last three are
// games that ended by themselves besides mate and stalemate: a dead
// position (art. 5.2.2), fivefold repetition (9.6.1), 75 moves (9.6.2).
var Reasons = []string{"time", "resign", "agreement", "mate", "stalemate", "claim", "forfeit", "arbiter", "dead", "fivefold", "seventy-five"}

// CheckReason returns an *InputError unless reason is "" or one of Reasons.
func CheckReason(reason string) error {
	if reason == "" {
		return nil
	}
	for _, r := range Reasons {
		if r == reason {
			return nil
		}
	}
	return invalid("unknown reason %q: type one of %s", reason, strings.Join(Reasons, ", "))
}

// ResultChange reports what SetResult did.
type ResultChange struct {
	Round, Board         int
	White, Black         int // pairing numbers
	Old, New             arbiter.Result
	OldReason, NewReason string
	WhiteName, BlackName string
	Unchanged            bool // the same result was already there
	// Paired is how many rounds were paired when the result was entered:
	// more than Round when later rounds were paired with the old result.
	Paired int
}

// Judge decides, inside the transaction that enters a result, the result
// and the reason to store, knowing the games submitted for the board
// (oldest first; none when the board has none or round n is not paired).
// n is the round asked for, the last round paired for 0. An error stops
// the entry before anything else is checked.
type Judge func(n int, gs []Game) (arbiter.Result, string, error)

// ErrResultEntered is the kind of error for entering a different result
// on a board that has one without asking for a correction.
var ErrResultEntered = fmt.Errorf("result already entered: %w", ErrConflict)

// SetResult enters result r (with an optional reason, see Reasons) on
// board b of round n of tournament tid; n 0 means the last round paired.
// Replacing a different result needs correct, and is logged as a
// correction with the old and the new value. Entering the result already
// there changes nothing.
func (db *DB) SetResult(ctx context.Context, tid int64, n, b int, r arbiter.Result, reason string, correct bool) (ResultChange, error) {
	if err := CheckReason(reason); err != nil {
		return ResultChange{}, err
	}
	return db.JudgeResult(ctx, tid, n, b, correct, func(int, []Game) (arbiter.Result, string, error) { return r, reason, nil })
}

// JudgeResult is SetResult with the result decided by judge in the same
// transaction, so that no game or result entered meanwhile by someone
// else can slip between the decision and the write.
func (db *DB) JudgeResult(ctx context.Context, tid int64, n, b int, correct bool, judge Judge) (ResultChange, error) {
	var c ResultChange
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = db.judgeIn(ctx, tx, tid, n, b, correct, judge)
		return err
	})
	return c, err
}

// BatchEntry is one board of JudgeResults.
type BatchEntry struct {
	Round, Board int // Round 0: the last round paired
	Correct      bool
	Judge        Judge
}

// JudgeResults enters the results of several boards in one transaction,
// each as JudgeResult would: if one is refused, none is entered, and the
// error names its board.
func (db *DB) JudgeResults(ctx context.Context, tid int64, entries []BatchEntry) ([]ResultChange, error) {
	var out []ResultChange
	err := db.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		for _, e := range entries {
			c, err := db.judgeIn(ctx, tx, tid, e.Round, e.Board, e.Correct, e.Judge)
			out = append(out, c)
			var ie *InputError
			if errors.As(err, &ie) && !strings.Contains(ie.Msg, fmt.Sprintf("board %d ", e.Board)) {
				onBoard := &InputError{Kind: ie.Kind, Msg: fmt.Sprintf("board %d: %s", e.Board, ie.Msg), Players: ie.Players}
				if !ie.Text.IsZero() {
					onBoard.Text = phrase.New("refuse.onboard", "Board", e.Board, "Msg", ie.Text)
				}
				return onBoard
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// judgeIn is JudgeResult inside transaction tx.
func (db *DB) judgeIn(ctx context.Context, tx *sql.Tx, tid int64, n, b int, correct bool, judge Judge) (c ResultChange, err error) {
	err = func() error {
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		j, err := judged(ctx, tx, tid, n, b, arbiter.NoResult, judge)
		if err != nil {
			return err
		}
		c, err = db.setResult(ctx, tx, db.actor(ctx), tid, n, b, j.Result, j.Reason, correct)
		c.Paired = paired
		return err
	}()
	return c, err
}

// Judged is the result to enter on a board once the desk's judge has
// applied the Laws to it (the games of the board, art. 5, 6.9): Result
// and the reason it is stored with.
type Judged struct {
	Result arbiter.Result
	Reason string
}

// judged is the one way a result is judged inside the transaction that
// enters it, for the organizer's results (JudgeResult) and for those
// reported from the board (Confirm, Accept, Rule) alike: judge, the
// desk's rule, applied to the games of board b of round n (0: the last
// round paired; no games when the round is not paired), its reason
// checked against Reasons. A nil judge, or a judge that gives NoResult,
// leaves r as it is.
func judged(ctx context.Context, tx *sql.Tx, tid int64, n, b int, r arbiter.Result, judge Judge) (Judged, error) {
	if judge == nil {
		return Judged{Result: r}, nil
	}
	paired, err := pairedRounds(ctx, tx, tid)
	if err != nil {
		return Judged{}, err
	}
	at := n
	if at == 0 {
		at = paired
	}
	var gs []Game
	if at >= 1 && at <= paired {
		if gs, err = loadGames(ctx, tx, tid, at, b); err != nil {
			return Judged{}, err
		}
	}
	res, reason, err := judge(at, gs)
	if err != nil {
		return Judged{}, err
	}
	if err := CheckReason(reason); err != nil {
		return Judged{}, err
	}
	if res == arbiter.NoResult {
		res = r
	}
	return Judged{Result: res, Reason: reason}, nil
}

// setResult is SetResult inside tx, the change logged as made by who. A
// report of the board still open (reported from the board, or disputed)
// is closed: the organizer's result stands.
func (db *DB) setResult(ctx context.Context, tx *sql.Tx, who string, tid int64, n, b int, r arbiter.Result, reason string, correct bool) (ResultChange, error) {
	var c ResultChange
	t, err := loadTournament(ctx, tx, tid)
	if err != nil {
		return c, err
	}
	paired, err := pairedRounds(ctx, tx, tid)
	if err != nil {
		return c, err
	}
	if paired == 0 {
		return c, conflict("no round of %s is paired yet", t.Name)
	}
	if t.System == arbiter.DoubleSwiss {
		return c, invalid("a board of %s is a Double-Swiss match (C.04.5): give the results of both games", t.Name)
	}
	if n == 0 {
		n = paired
	}
	if n < 1 || n > paired {
		return c, notPaired(n, paired)
	}
	c.Round, c.Board, c.New, c.NewReason = n, b, r, reason
	err = tx.QueryRowContext(ctx, `SELECT white, black, result, reason FROM boards WHERE tournament_id = ? AND round = ? AND board = ?`,
		tid, n, b).Scan(&c.White, &c.Black, &c.Old, &c.OldReason)
	if errors.Is(err, sql.ErrNoRows) {
		var boards int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM boards WHERE tournament_id = ? AND round = ?`, tid, n).Scan(&boards); err != nil {
			return c, err
		}
		if boards == 0 {
			return c, notFound("round %d has no boards, only byes", n)
		}
		return c, boardMissing(n, b, boards)
	}
	if err != nil {
		return c, fmt.Errorf("read board: %w", err)
	}
	if c.WhiteName, c.BlackName, err = pairNames(ctx, tx, tid, c.White, c.Black); err != nil {
		return c, err
	}
	if reason == "" && r == c.Old {
		c.NewReason = c.OldReason
	}
	if c.Old == r && c.OldReason == c.NewReason {
		c.Unchanged = true
		return c, nil
	}
	names, err := boardNames(ctx, tx, tid, c.White, c.Black)
	if err != nil {
		return c, err
	}
	subject := fmt.Sprintf("round %d board %d (%s)", n, b, names)
	action := ActResult
	if c.Old != arbiter.NoResult && c.Old != r {
		if !correct {
			return c, &InputError{Kind: ErrResultEntered, Msg: fmt.Sprintf("board %d of round %d already has %s (%s)", b, n, c.Old, names),
				Text: phrase.New("refuse.result.entered", "Board", b, "Round", n, "Result", c.Old.String(), "Players", names)}
		}
		action = ActCorrect
	}
	if _, err := tx.ExecContext(ctx, `UPDATE boards SET result = ?, reason = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
		r, c.NewReason, tid, n, b); err != nil {
		return c, fmt.Errorf("enter result: %w", err)
	}
	if err := closeReports(ctx, tx, tid, n, b, who, db.stamp()); err != nil {
		return c, err
	}
	return c, db.logEventAs(ctx, tx, who, tid, action, subject, withReason(c.Old, c.OldReason), withReason(r, c.NewReason))
}

// ErrNotPaired is the kind of error for a round that is not paired yet.
var ErrNotPaired = fmt.Errorf("round not paired: %w", ErrNotFound)

// ErrNoBoard is the kind of error for a board number the round lacks.
var ErrNoBoard = fmt.Errorf("no such board: %w", ErrNotFound)

// withReason writes a result and its reason for the log; no result is
// written as nothing.
func withReason(r arbiter.Result, reason string) string {
	s := r.String()
	if reason != "" && s != "" {
		s += " (" + reason + ")"
	}
	return s
}

func boardNames(ctx context.Context, q queryer, tid int64, w, b int) (string, error) {
	wn, bn, err := pairNames(ctx, q, tid, w, b)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d %s - %d %s", w, wn, b, bn), nil
}

// pairNames returns the names of the players with pairing numbers w and
// b.
func pairNames(ctx context.Context, q queryer, tid int64, w, b int) (wn, bn string, err error) {
	err = q.QueryRowContext(ctx, `SELECT
		(SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ?1 AND e.pn = ?2),
		(SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ?1 AND e.pn = ?3)`,
		tid, w, b).Scan(&wn, &bn)
	if err != nil {
		return "", "", fmt.Errorf("read names: %w", err)
	}
	return wn, bn, nil
}

// RoundDetail is a paired round with what the pairing left besides the
// boards: how it was made, when, why each board and bye, and how each
// result came about.
type RoundDetail struct {
	arbiter.Round
	Method   string
	PairedAt time.Time
	// The explanations: English text in rounds paired before they were
	// stored in no language, else a phrase of the locale catalogs as JSON
	// ({"id": ..., "args": ...}) that the reader words.
	BoardNotes map[int]string // board number: explanation
	ByeNotes   map[int]string // pairing number: explanation
	Reasons    map[int]string // board number: reason of the result
}

// RoundDetail returns round n of tournament tid.
func (db *DB) RoundDetail(ctx context.Context, tid int64, n int) (RoundDetail, error) {
	d := RoundDetail{BoardNotes: map[int]string{}, ByeNotes: map[int]string{}, Reasons: map[int]string{}}
	d.Number = n
	err := db.read(ctx, func(tx *sql.Tx) error {
		var at string
		err := tx.QueryRowContext(ctx, `SELECT method, paired_at FROM rounds WHERE tournament_id = ? AND number = ?`, tid, n).Scan(&d.Method, &at)
		if errors.Is(err, sql.ErrNoRows) {
			return inputRefusal(ErrNotPaired, fmt.Sprintf("round %d is not paired yet", n), "refuse.notpaired", "Round", n)
		}
		if err != nil {
			return fmt.Errorf("read round %d: %w", n, err)
		}
		d.PairedAt, _ = time.Parse(time.RFC3339, at)
		rows, err := tx.QueryContext(ctx, `SELECT board, white, black, result, second, reason, explanation FROM boards
			WHERE tournament_id = ? AND round = ? ORDER BY board`, tid, n)
		if err != nil {
			return fmt.Errorf("read round %d: %w", n, err)
		}
		for rows.Next() {
			var b arbiter.Board
			var reason, note string
			if err := rows.Scan(&b.Number, &b.White, &b.Black, &b.Result, &b.Second, &reason, &note); err != nil {
				rows.Close()
				return err
			}
			d.Boards = append(d.Boards, b)
			if reason != "" {
				d.Reasons[b.Number] = reason
			}
			if note != "" {
				d.BoardNotes[b.Number] = note
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = tx.QueryContext(ctx, `SELECT pn, kind, explanation FROM byes WHERE tournament_id = ? AND round = ? ORDER BY pn`, tid, n)
		if err != nil {
			return fmt.Errorf("read round %d: %w", n, err)
		}
		defer rows.Close()
		for rows.Next() {
			var b arbiter.Bye
			var note string
			if err := rows.Scan(&b.PN, &b.Kind, &note); err != nil {
				return err
			}
			d.Byes = append(d.Byes, b)
			if note != "" {
				d.ByeNotes[b.PN] = note
			}
		}
		return rows.Err()
	})
	return d, err
}

// pairedSoFar says which rounds are paired: "only round 1 is", "rounds
// 1 to 3 are".
func pairedSoFar(n int) string {
	if n == 1 {
		return "only round 1 is"
	}
	return fmt.Sprintf("rounds 1 to %d are", n)
}
