package desk

import (
	"context"
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// EnterResults enters the results of several boards, as typed from the
// slips, in one transaction: each is judged as EnterResult judges one
// (FIDE Laws art. 5, 6.9, 9.6, 10), and if any is refused none is
// entered; the error names the board. All the requests must be of one
// tournament, the first's.
func (d *Desk) EnterResults(ctx context.Context, reqs []ResultRequest) ([]ResultOutcome, error) {
	if len(reqs) == 0 {
		return nil, &Error{Kind: ErrInvalid, Input: "result", Msg: "no result was given", Fix: "give a board and its result, e.g. 1 1-0"}
	}
	seen := map[[2]int]bool{}
	for i := range reqs {
		if err := reqs[i].Normalize(); err != nil {
			return nil, onBoard(reqs[i].Board, err)
		}
		k := [2]int{reqs[i].Round, reqs[i].Board}
		if seen[k] {
			return nil, &Error{Kind: ErrInvalid, Input: "board", Msg: fmt.Sprintf("board %d is given twice", reqs[i].Board),
				Fix: "give each board once"}
		}
		seen[k] = true
	}
	t, err := d.resolve(ctx, reqs[0].Tournament)
	if err != nil {
		return nil, err
	}
	outs := make([]ResultOutcome, len(reqs))
	entries := make([]store.BatchEntry, len(reqs))
	for i, r := range reqs {
		out := &outs[i]
		entries[i] = store.BatchEntry{Round: r.Round, Board: r.Board, Correct: r.Correct,
			Judge: func(n int, gs []Game) (arbiter.Result, string, error) {
				out.Notes = nil
				dec, err := judge(t, r, gs)
				if err != nil {
					return r.Result, r.Reason, onBoard(r.Board, err)
				}
				out.Notes = dec.Notes
				return dec.Result, dec.Reason, nil
			}}
	}
	cs, err := d.db.JudgeResults(ctx, t.ID, entries)
	for i, c := range cs {
		outs[i].ResultChange = c
	}
	if err != nil {
		return outs, inputErr("board", err)
	}
	return outs, nil
}

// onBoard puts the board's number before a refusal's message.
func onBoard(b int, err error) error {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.Msg = fmt.Sprintf("board %d: %s", b, e.Msg)
		if !e.Text.IsZero() {
			c.Text = phrase.New("refuse.onboard", "Board", b, "Msg", e.Text)
		}
		return &c
	}
	return err
}
