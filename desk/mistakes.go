package desk

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/store"
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
	e := &Error{Kind: ErrInvalid, Input: "player", Err: ErrNumberAsName,
		Msg: fmt.Sprintf("%q is a number, not a name", name),
		Fix: "enter a club player by name or by roster ID, and someone new by name"}
	if pn, err := strconv.Atoi(name); err == nil {
		if s, err := d.db.Snapshot(ctx, tid); err == nil {
			if en := s.Entry(pn); en != nil {
				e.Msg = fmt.Sprintf("%q is a number, not a name: player %d of %s is %s, entered already", name, pn, s.Tournament.Name, en.Player.Name)
				e.Kind, e.Err = ErrConflict, errors.Join(ErrNumberAsName, ErrAlreadyEntered)
				e.Fix = "to change that player, name them by that number in the other commands"
			}
		}
	}
	return e
}
