package desk

import (
	"context"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// EditRequest changes the last round paired in place, before any result
// or game: Swap exchanges two players' places (board and colour, or a
// bye), or Board gets White and Black, the players who sat there taking
// the places left.
type EditRequest struct {
	Tournament string
	// Swap holds the pairing numbers of two players to exchange.
	Swap [2]int
	// Board, White and Black: board Board is to be White - Black.
	Board, White, Black int
	// Force keeps a round that breaks a basic rule of the Swiss system
	// (C.04.1), as for a pairing by hand.
	Force bool
}

// EditRound changes the last round paired as r asks, in one transaction,
// checked as a pairing by hand is: unknown players, players who do not
// play, and the basic rules of C.04.1 (refused unless forced, the
// warnings logged). The outcome is as Pair's.
func (d *Desk) EditRound(ctx context.Context, r EditRequest) (PairOutcome, error) {
	var out PairOutcome
	t, err := d.resolve(ctx, r.Tournament)
	if err != nil {
		return out, err
	}
	s, err := d.db.Snapshot(ctx, t.ID)
	if err != nil {
		return out, err
	}
	n := len(s.Rounds)
	if n == 0 {
		return out, &Error{Kind: ErrNotFound, Input: "round", Msg: fmt.Sprintf("no round of %s is paired yet", t.Name), Err: ErrNotPaired}
	}
	rd := s.Rounds[n-1]
	for _, b := range rd.Boards {
		if b.Result != arbiter.NoResult {
			return out, &Error{Kind: ErrConflict, Input: "round", Err: ErrHasResults,
				Msg: fmt.Sprintf("round %d has a result on board %d: a round being played stays as it is", n, b.Number),
				Fix: "correct the result instead, or remove it first"}
		}
	}
	boards := append([]arbiter.Board(nil), rd.Boards...)
	var byes []arbiter.Bye
	for _, b := range rd.Byes {
		if b.Kind == arbiter.PAB {
			byes = append(byes, b)
		}
	}
	// A place: a colour on a board, or the bye.
	type place struct{ board, colour, bye int } // board index+1, 1 White 2 Black; bye index+1
	where := func(pn int) (place, bool) {
		for i, b := range boards {
			if b.White == pn {
				return place{board: i + 1, colour: 1}, true
			}
			if b.Black == pn {
				return place{board: i + 1, colour: 2}, true
			}
		}
		for i, b := range byes {
			if b.PN == pn {
				return place{bye: i + 1}, true
			}
		}
		return place{}, false
	}
	set := func(p place, pn int) {
		switch {
		case p.bye > 0:
			byes[p.bye-1].PN = pn
		case p.colour == 1:
			boards[p.board-1].White = pn
		default:
			boards[p.board-1].Black = pn
		}
	}
	swap := func(a, b int) error {
		for _, pn := range []int{a, b} {
			if s.Entry(pn) == nil {
				return &Error{Kind: ErrNotFound, Input: "player", Msg: fmt.Sprintf("there is no player %d in %s", pn, t.Name)}
			}
		}
		pa, oka := where(a)
		pb, okb := where(b)
		switch {
		case !oka && !okb:
			return &Error{Kind: ErrInvalid, Input: "player", Msg: fmt.Sprintf("neither %s nor %s has a place in round %d", s.Label(a), s.Label(b), n)}
		case !oka:
			set(pb, a) // a, not in the round, takes b's place
		case !okb:
			set(pa, b)
		default:
			set(pa, b)
			set(pb, a)
		}
		return nil
	}
	if r.Board != 0 {
		if r.Board < 1 || r.Board > len(boards) {
			return out, &Error{Kind: ErrNotFound, Input: "board", Err: ErrNoBoard,
				Msg: fmt.Sprintf("round %d has no board %d: its boards are 1 to %d", n, r.Board, len(boards))}
		}
		if r.White == r.Black {
			return out, &Error{Kind: ErrInvalid, Input: "player", Msg: fmt.Sprintf("%s cannot play against themselves", s.Label(r.White))}
		}
		if err := swap(r.White, boards[r.Board-1].White); err != nil {
			return out, err
		}
		if err := swap(r.Black, boards[r.Board-1].Black); err != nil {
			return out, err
		}
	} else {
		if r.Swap[0] == r.Swap[1] {
			return out, &Error{Kind: ErrInvalid, Input: "player", Msg: "give two different players to swap"}
		}
		if err := swap(r.Swap[0], r.Swap[1]); err != nil {
			return out, err
		}
	}
	// The other byes of the round stay with their players, unless a
	// swap put them on a board: an absence a return made of a round
	// missed is asked for by nobody, so Complete would not give it again.
	for _, b := range rd.Byes {
		if _, placed := where(b.PN); !placed && b.Kind != arbiter.PAB {
			byes = append(byes, b)
		}
	}
	// The round checked as if it were paired by hand now, from the
	// tournament without it.
	before := *s
	before.Rounds = s.Rounds[:n-1]
	p := Pairing{Round: n, Method: "manual", Boards: boards, Byes: byes, Basis: s.LastEvent, Replace: true}
	out.Snapshot = s
	if out.Round, err = before.Complete(p); err != nil {
		return out, inputErr("pairing", err)
	}
	out.Pairing = p
	out.Warnings = before.Check(p)
	if len(out.Warnings) > 0 {
		if !r.Force {
			return out, &Error{Kind: ErrRefused, Input: "pairing", Article: "C.04.1",
				Msg:  fmt.Sprintf("round %d not changed: %s", n, plural(len(out.Warnings), "warning", "warnings")),
				Text: warningsText("refuse.edit.warnings", n, out.Warnings),
				Fix:  "change the pairing, or keep it despite the warnings", Err: ErrWarnings}
		}
		for _, w := range out.Warnings {
			out.Pairing.Forced = append(out.Pairing.Forced, w.Phrase().Stored())
		}
	}
	if err := d.Save(ctx, &out); err != nil {
		return out, err
	}
	return out, nil
}
