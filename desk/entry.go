package desk

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Narrower kinds of the refusals of a registration.
var (
	// ErrAlreadyEntered: the player is already in the tournament
	// (ErrConflict); the refusal's Players holds the player's roster ID.
	ErrAlreadyEntered = fmt.Errorf("already entered: %w", ErrConflict)
	// ErrNameOrder: a new name typed without the comma of "Surname,
	// Name" where the option names asks for it (ErrInvalid).
	ErrNameOrder = fmt.Errorf("name not typed as Surname, Name: %w", ErrInvalid)
	// ErrRegistrationOver: every round of the tournament is paired, so no
	// one can enter (ErrConflict).
	ErrRegistrationOver = fmt.Errorf("every round is paired: %w", ErrConflict)
	// ErrFieldFull: the tournament has MaxPlayers players (ErrInvalid).
	ErrFieldFull = fmt.Errorf("the tournament is full: %w", ErrInvalid)
	// ErrLeavesPaired: a withdrawal from a round already paired
	// (ErrConflict); the next round to pair is the first one it can be
	// from.
	ErrLeavesPaired = fmt.Errorf("withdrawal from a paired round: %w", ErrConflict)
)

// entryRule is the desk's rule of a registration (store.EntryRule), run
// in the transaction that enters the player, on what the store reads
// there. A player enters while a round is left to pair: a late entry
// joins from the next round to pair (C.04.2 art. 2.4-2.5), and after the
// last round there is none. A player enters once; a withdrawn one comes
// back by ReturnPlayer, not by a second entry. A tournament holds at most
// arbiter.MaxPlayers players: the FIDE Tournament Report File numbers
// them with four digits. Where the club types names as "Surname, Name"
// (surnameFirst), a new player's name must be typed so (NameOrder).
func entryRule(surnameFirst bool) store.EntryRule {
	return func(f store.Entering) error {
		t := f.Tournament
		if f.Player == nil {
			if f.Paired >= t.Rounds {
				return refuse(ErrRegistrationOver, "tournament", "refuse.entry.over", "Rounds", t.Rounds, "Tournament", t.Name)
			}
			return nil
		}
		if f.New && surnameFirst {
			if err := NameOrder(f.Player.Name); err != nil {
				return err
			}
		}
		if en := f.Entry; en != nil {
			e := refuse(ErrAlreadyEntered, "player", "refuse.late.entered", "Name", f.Player.Name, "Tournament", t.Name, "PN", en.PN)
			if en.Status == arbiter.Withdrawn {
				e = refuse(ErrAlreadyEntered, "player", "refuse.entered.withdrawn", "Name", f.Player.Name, "Tournament", t.Name, "PN", en.PN, "Round", en.WithdrawnFrom)
			}
			e.Players = []int64{f.Player.ID}
			return e
		}
		if f.Players >= arbiter.MaxPlayers || f.NextPN > arbiter.MaxPlayers {
			return refuse(ErrFieldFull, "player", "refuse.entry.full", "Tournament", t.Name, "Max", arbiter.MaxPlayers)
		}
		return nil
	}
}

// NameOrder refuses a new player's name typed without the comma of
// "Surname, Name" (ErrNameOrder), for a club that asks for it; the
// refusal proposes the last word as the surname.
func NameOrder(name string) error {
	if w := strings.Fields(name); !strings.Contains(name, ",") && len(w) >= 2 {
		guess := w[len(w)-1] + ", " + strings.Join(w[:len(w)-1], " ")
		return refuse(ErrNameOrder, "name", "refuse.name.order", "Name", fmt.Sprintf("%q", name), "Guess", fmt.Sprintf("%q", guess))
	}
	return nil
}

// withdrawRule is the desk's rule of a withdrawal (store.WithdrawRule),
// run in the transaction that writes it. A player withdraws once (a
// withdrawn one comes back by ReturnPlayer), from a round of the
// tournament not paired yet: a paired round stands as paired, and a game
// of it the player does not play is lost by forfeit (C.04.2 art. 3.2,
// Laws art. 6.7).
func withdrawRule(f store.Leaving) error {
	e, t := f.Entry, f.Tournament
	switch {
	case e.Status == arbiter.Withdrawn:
		return refuse(ErrConflict, "player", "refuse.withdraw.again", "Name", e.Player.Name, "Round", e.WithdrawnFrom)
	case f.From <= f.Paired:
		return refuse(ErrLeavesPaired, "round", "refuse.withdraw.paired", "Round", f.From, "Next", f.Paired+1, "Paired", f.Paired, "Name", e.Player.Name)
	case f.From > t.Rounds:
		return refuse(ErrInvalid, "round", "refuse.withdraw.after", "Rounds", t.Rounds, "Name", e.Player.Name, "Round", f.From)
	}
	return nil
}
