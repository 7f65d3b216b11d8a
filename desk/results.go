package desk

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// Reasons lists how a result can come about, as stored with the board.
var Reasons = store.Reasons

// CheckReason returns an *InputError unless reason is "" or one of
// Reasons.
func CheckReason(reason string) error { return store.CheckReason(reason) }

// Narrower kinds of the refusals of EnterResult.
var (
	// ErrClearsBoard: no result was given without asking for a
	// correction (ErrInvalid).
	ErrClearsBoard = errors.New("no result clears a board")
	// ErrBothFlagsReason: both flags fell, but the reason is not time
	// (ErrInvalid).
	ErrBothFlagsReason = errors.New("both flags fell: the reason is time")
	// ErrBothFlagsForfeit: both flags fell in a game given as a forfeit
	// (ErrInvalid).
	ErrBothFlagsForfeit = errors.New("both flags fell in a forfeit")
)

// ResultRequest is a result typed for a board.
type ResultRequest struct {
	Tournament string // name or ID; "" for the current tournament
	Round      int    // 0: the last round paired
	Board      int
	Result     arbiter.Result // NoResult clears the board (with Correct)
	// Reason says how the game ended (see Reasons); "" for a forfeit is
	// "forfeit", and with BothFlags "time".
	Reason string
	// Correct allows replacing a different result already entered.
	Correct bool
	// Final is the final position when it is known otherwise than by a
	// game attached to the board; nil: the attached game's, if any.
	Final *games.End
	// BothFlags says both flags fell and it cannot be told which first.
	BothFlags bool
}

// Normalize checks what the request says by itself, before any database
// is read, and fills in the default reason. Errors are *Error of kind
// ErrInvalid wrapping ErrClearsBoard, ErrBothFlagsReason or
// ErrBothFlagsForfeit, or an *InputError for an unknown reason.
func (r *ResultRequest) Normalize() error {
	if r.Result == arbiter.NoResult && !r.Correct {
		return &Error{Kind: ErrInvalid, Input: "result", Msg: "no result clears a board",
			Fix: "ask for a correction to remove a result entered by mistake, or give a result", Err: ErrClearsBoard}
	}
	r.Reason = strings.ToLower(strings.TrimSpace(r.Reason))
	if r.Reason == "" && r.Result.Forfeit() {
		r.Reason = "forfeit"
	}
	if err := CheckReason(r.Reason); err != nil {
		return inputErr("reason", err)
	}
	if r.BothFlags {
		switch {
		case r.Reason == "":
			r.Reason = games.ReasonTime
		case r.Reason != games.ReasonTime:
			return &Error{Kind: ErrInvalid, Input: "reason", Msg: fmt.Sprintf("both flags falling goes with the reason time, not %s", r.Reason),
				Err: ErrBothFlagsReason}
		}
		if r.Result.Forfeit() {
			return &Error{Kind: ErrInvalid, Input: "result", Msg: "a forfeit was not played: both flags cannot fall",
				Fix: "give the result of the game, e.g. 1/2", Err: ErrBothFlagsForfeit}
		}
	}
	return nil
}

// ResultOutcome is what EnterResult did.
type ResultOutcome struct {
	ResultChange
	// Notes say, one sentence each without a final stop, what the Laws
	// changed in the result typed (art. 6.9, 5.1.2, both flags). They
	// are set even when the entry is then refused.
	Notes []string
	// Texts are Notes as phrases of the catalogs, one for each note; a
	// zero Text where a note has none yet.
	Texts []phrase.Text
}

// LaterRounds returns the rounds paired after the round of a corrected
// result, which were paired with the old result and stay as they are:
// from and to, or 0, 0.
func (o ResultOutcome) LaterRounds() (from, to int) {
	if o.Old == arbiter.NoResult || o.Old == o.New || o.Paired <= o.Round {
		return 0, 0
	}
	return o.Round + 1, o.Paired
}

// EnterResult enters or corrects the result of a board (FIDE Laws art.
// 5, 6.9, 9.6, 10; see the package documentation). The result is judged
// against the final position, Final or else the game attached to the
// board, inside the transaction that writes it. A refusal by the Laws is
// an *Error of kind ErrRefused with Input "position" (Final) or "game"
// (the attached game), wrapping a *games.Refusal.
func (d *Desk) EnterResult(ctx context.Context, r ResultRequest) (ResultOutcome, error) {
	var out ResultOutcome
	if err := r.Normalize(); err != nil {
		return out, err
	}
	t, err := d.resolve(ctx, r.Tournament)
	if err != nil {
		return out, err
	}
	c, err := d.db.JudgeResult(ctx, t.ID, r.Round, r.Board, r.Correct, func(n int, gs []Game) (arbiter.Result, string, error) {
		out.Notes, out.Texts = nil, nil
		dec, err := judge(t, r, gs)
		if err != nil {
			return r.Result, r.Reason, err
		}
		out.Notes, out.Texts = dec.Notes, dec.Texts
		return dec.Result, dec.Reason, nil
	})
	out.ResultChange = c
	if err != nil {
		return out, inputErr("board", err)
	}
	return out, nil
}

// judge applies the Laws to a result typed, knowing the final position:
// r.Final, or else the last game submitted for the board, gs.
func judge(t arbiter.Tournament, r ResultRequest, gs []Game) (games.Decision, error) {
	f := games.Facts{Laws: t.LawsEdition, Pace: t.Pace, Result: r.Result, Reason: r.Reason, BothFlags: r.BothFlags,
		End: r.Final, Override: r.Reason == games.ReasonArbiter}
	input := "position"
	if f.End == nil && r.Result != arbiter.NoResult && len(gs) > 0 {
		bg, err := Replay(gs[len(gs)-1], len(gs))
		if err != nil {
			return games.Decision{}, err
		}
		f.End = games.EndOf(bg.Verdict)
		input = "game"
	}
	if r.Result == arbiter.NoResult {
		return games.Decision{Result: r.Result, Reason: r.Reason}, nil
	}
	dec, err := games.Decide(f)
	var ref *games.Refusal
	if errors.As(err, &ref) {
		return dec, &Error{Kind: ErrRefused, Input: input, Msg: ref.Error(), Text: ref.Phrase(), Article: articleIn(ref.Why),
			Fix: "if the record is wrong, attach the right game, or enter the result as the arbiter's decision", Err: ref}
	}
	return dec, err
}

// articleIn returns the article cited at the end of an explanation, "art.
// 5.1.1" in "... (art. 5.1.1)", or "".
func articleIn(why string) string {
	i := strings.LastIndex(why, "(")
	if i < 0 || !strings.HasSuffix(why, ")") {
		return ""
	}
	return why[i+1 : len(why)-1]
}
