package desk

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// Narrower kinds of the refusals of AddEntry.
var (
	// ErrAmbiguous: the name could be several club players (ErrConflict);
	// the *InputError's Players lists them.
	ErrAmbiguous = store.ErrAmbiguous
	// ErrNumberAsName: a number was given where a name belongs
	// (ErrInvalid). A name is never only digits.
	ErrNumberAsName = fmt.Errorf("a number given as a name: %w", ErrInvalid)
)

// numberAsName refuses a name that is only digits, saying who has that
// pairing number when someone does: "player add 22" meant player 22.
func (d *Desk) numberAsName(ctx context.Context, tid int64, name string, opt AddOptions) error {
	if opt.PlayerID != 0 || !store.OnlyDigits(name) {
		return nil
	}
	name = strings.TrimSpace(name)
	e := refuse(ErrNumberAsName, "player", "refuse.numbername", "Name", name)
	e.Fix = "enter a club player by name or by roster ID, and someone new by name"
	if pn, err := strconv.Atoi(name); err == nil {
		if s, err := d.db.Snapshot(ctx, tid); err == nil {
			if en := s.Entry(pn); en != nil {
				e.Text = phrase.New("refuse.numbername.entered", "Name", name, "PN", pn, "Tournament", s.Tournament.Name, "Player", en.Player.Name)
				e.Msg = english().Word(e.Text)
				e.Kind, e.Err = ErrConflict, errors.Join(ErrNumberAsName, ErrAlreadyEntered)
				e.Fix = "to change that player, name them by that number in the other commands"
			}
		}
	}
	return e
}

// ErrPlayed: an entry with games cannot be removed, only withdrawn
// (ErrConflict).
var ErrPlayed = fmt.Errorf("played: %w", ErrConflict)

// ReturnPlayer brings player id, withdrawn from tournament tid, back from
// round from on (0: the next round to pair), as returnRule allows. The
// rounds the player missed score as absences by the tournament's rule,
// the value of an absence marked at check-in (no points, or half a point;
// C.04.2 art. 2.4-2.5).
func (d *Desk) ReturnPlayer(ctx context.Context, tid, id int64, from int) (arbiter.Entry, error) {
	e, err := d.db.Return(ctx, tid, id, from, returnRule)
	return e, inputErr("player", err)
}

// returnRule is the desk's store.ReturnRule: only a player who withdrew
// returns, from a round not paired yet (from, 0 for the next one) within
// the rounds of t; the rounds missed score as t's absence, half a point
// when t values an absence so, none otherwise (C.04.2 art. 2.4-2.5).
func returnRule(t arbiter.Tournament, e arbiter.Entry, paired, from int) (int, arbiter.ByeKind, error) {
	if e.Status != arbiter.Withdrawn {
		return 0, 0, refuse(ErrConflict, "player", "refuse.return.not-withdrawn", "Name", e.Player.Name)
	}
	if from == 0 {
		from = paired + 1
	}
	switch {
	case from <= paired:
		return 0, 0, refuse(ErrConflict, "round", "refuse.return.paired", "Round", from, "Name", e.Player.Name, "Next", paired+1)
	case from > t.Rounds:
		return 0, 0, refuse(ErrInvalid, "round", "refuse.return.past-end", "Rounds", t.Rounds, "Name", e.Player.Name, "Round", from)
	}
	if t.AbsentValue == arbiter.Half {
		return from, arbiter.HalfBye, nil
	}
	return from, arbiter.ZeroBye, nil
}

// RemoveEntry takes player id out of tournament tid as if never entered:
// only an entry that never played (no board, no pairing-allocated bye);
// the players numbered after it move up by one. A player with games is
// refused with ErrPlayed: withdraw them instead.
func (d *Desk) RemoveEntry(ctx context.Context, tid, id int64) (arbiter.Entry, error) {
	e, err := d.db.Remove(ctx, tid, id, removeRule)
	return e, inputErr("player", err)
}

// removeRule is the desk's store.RemoveRule: an entry with a board or a
// bye other than an absence in a round paired has played a part in the
// tournament, which stays as it is; the player withdraws instead
// (ErrPlayed).
func removeRule(e arbiter.Entry, boards, byes int) error {
	if boards > 0 || byes > 0 {
		return refuse(ErrPlayed, "player", "refuse.remove.played", "Name", e.Player.Name,
			"Boards", phrase.New("cli.boards", "Count", boards), "Byes", phrase.New("cli.byes", "Count", byes))
	}
	return nil
}

// OnlyOpenRound returns the round that is the only one player pn of s
// has had a part in, a board or a bye other than an absence, when that is
// the last round paired and it has no result yet: a player entered by
// mistake, perhaps given the pairing-allocated bye, who can leave with
// the round paired again (RemovePairAgain). It returns 0 otherwise: the
// player played, or has no part in any round (RemoveEntry will do).
func OnlyOpenRound(s *Snapshot, pn int) int {
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

// RemovePairAgain takes out player id of tournament tid whose only part
// in it, a board or a bye, is in the last round paired, a round not
// played yet (OnlyOpenRound): a player entered by mistake, perhaps given
// the pairing-allocated bye. In one transaction the round is unpaired,
// the player removed and the round paired again as Pair pairs it (the
// Dutch system, or the all-play-all's table); one undo takes it all
// back. The outcome holds the round paired again; for a player with no
// part in any round the removal is RemoveEntry's and no round is paired
// (Stored false). A player who played is refused with ErrPlayed, and a
// round that cannot be paired again leaves everything as it was.
func (d *Desk) RemovePairAgain(ctx context.Context, tid, id int64) (arbiter.Entry, PairOutcome, error) {
	var out PairOutcome
	var notes []string
	e, r, err := d.db.RemovePairAgain(ctx, tid, id, removeRule, store.PairAgain{
		Again: func(s *Snapshot, pn int) bool { return OnlyOpenRound(s, pn) > 0 },
		Pair: func(s *Snapshot) (Pairing, error) {
			p, ns, err := d.dutch(s, &out.Input, false, true)
			notes = ns
			return p, err
		},
	})
	if err != nil {
		return e, out, inputErr("player", err)
	}
	out.Notes = notes
	if r.Number == 0 {
		return e, out, nil
	}
	out.Stored, out.Round = true, r
	if out.Detail, err = d.db.RoundDetail(ctx, tid, r.Number); err != nil {
		return e, out, err
	}
	out.Snapshot, err = d.db.Snapshot(ctx, tid)
	return e, out, err
}

// RemoveRosterPlayer takes player id out of the club roster: only one
// entered in no tournament (rosterRule).
func (d *Desk) RemoveRosterPlayer(ctx context.Context, id int64) (arbiter.Player, error) {
	p, err := d.db.RemoveRosterPlayer(ctx, id, rosterRule)
	return p, inputErr("player", err)
}

// rosterRule is the desk's store.RosterRule: a player entered in a
// tournament stays in the roster, which that tournament's entries name.
func rosterRule(p arbiter.Player, in store.Entered) error {
	if in.PN != 0 {
		return refuse(ErrConflict, "player", "refuse.roster.entered", "Name", p.Name, "Tournament", in.Tournament, "PN", in.PN)
	}
	return nil
}

// RemoveGames takes the games attached to board b of round n (0: the last
// round paired) off it; the board's result stays. It returns the round
// and the number of games removed.
func (d *Desk) RemoveGames(ctx context.Context, tid int64, n, b int) (round, removed int, err error) {
	round, removed, err = d.db.RemoveGames(ctx, tid, n, b)
	return round, removed, inputErr("board", err)
}

// ErrWrongBoard: neither player named by a game plays on the board it is
// given for (ErrConflict).
var ErrWrongBoard = fmt.Errorf("a game for another board: %w", ErrConflict)

// CheckSeat refuses a game given for a board where neither of the
// players its tags name plays, saying where they do play in that round
// ("that is board 4 of round 3"). A game whose tags name no one, or one
// of the board's players, passes: its tags are then only compared
// (games.Compare), as warnings.
func CheckSeat(s *Snapshot, seat games.Seat, t games.Tags) error {
	named := func(tag string) bool {
		switch strings.TrimSpace(tag) {
		case "", "?", "-":
			return false
		}
		return true
	}
	if !named(t.White) || !named(t.Black) {
		return nil
	}
	on := func(tag string) bool { return arbiter.SameName(tag, seat.White) || arbiter.SameName(tag, seat.Black) }
	if on(t.White) || on(t.Black) {
		return nil
	}
	e := &Error{Kind: ErrConflict, Input: "game", Err: ErrWrongBoard,
		Msg: fmt.Sprintf("the game is of %s - %s, and neither plays on %s", t.White, t.Black, seat),
		Fix: "attach it to the board where they played, or keep it here by forcing it"}
	if r := s.Round(seat.Round); r != nil {
		for _, b := range r.Boards {
			other := SeatOf(s, seat.Round, b)
			if arbiter.SameName(t.White, other.White) || arbiter.SameName(t.White, other.Black) ||
				arbiter.SameName(t.Black, other.White) || arbiter.SameName(t.Black, other.Black) {
				e.Msg += fmt.Sprintf(": that is board %d of round %d (%s - %s)", b.Number, seat.Round, other.White, other.Black)
				break
			}
		}
	}
	return e
}

// ActiveOnly returns the standings st without the players of s who
// withdrew; the others keep their ranks.
func ActiveOnly(s *Snapshot, st []tiebreak.Standing) []tiebreak.Standing {
	var out []tiebreak.Standing
	for _, x := range st {
		if e := s.Entry(x.PN); e != nil && e.Status == arbiter.Withdrawn {
			continue
		}
		out = append(out, x)
	}
	return out
}
