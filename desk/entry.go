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

// nameRule is the desk's rule of which club player a typed name means
// (store.NameRule), run in the transaction of the registration on the
// club players the store finds. A player typed as new is new, whoever
// they look like; otherwise the club player with the FIDE or national ID
// typed is meant, or else the one club player of that name, or else the
// one whose name holds every word typed (a surname alone). A name
// several club players answer to is refused as ambiguous, naming them,
// and one that only looks like a club player's as a likely duplicate,
// naming the player entered already if that is who it looks like: the
// user types the club player's name, an id:N, or says the player is new.
// A name the club does not know is a new player.
func nameRule(n store.Naming) (int64, error) {
	if n.New {
		return 0, nil
	}
	if n.ByID != nil {
		return n.ByID.ID, nil
	}
	same := n.Same
	if len(same) == 0 {
		same = n.Within
		if len(same) > 1 {
			return 0, &Error{Kind: ErrConflict, Err: ErrAmbiguous, Input: "player", Players: playerIDs(same),
				Msg: fmt.Sprintf("%q could be %s", n.Name, enteredList(same, n.Entered))}
		}
	}
	switch {
	case len(same) == 1:
		return same[0].ID, nil
	case len(same) > 1:
		return 0, &Error{Kind: ErrConflict, Err: ErrAmbiguous, Input: "player", Players: playerIDs(same),
			Msg: fmt.Sprintf("%d club players are called %s (%s)", len(same), n.Name, enteredList(same, n.Entered))}
	case len(n.Similar) > 0:
		like := clubList(n.Similar)
		e := refuse(ErrLikelyDuplicate, "player", "refuse.likeclub", "Name", n.Name, "Players", like)
		if pn, ok := n.Entered[n.Similar[0].ID]; ok && len(n.Similar) == 1 {
			e = refuse(ErrLikelyDuplicate, "player", "refuse.likeclub.entered", "Name", n.Name, "Players", like, "PN", pn, "Player", n.Similar[0].Name)
		}
		e.Players = playerIDs(n.Similar)
		return 0, e
	}
	return 0, nil
}

// clubList names club players as "id:N Name (rating)".
func clubList(ps []arbiter.Player) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = clubPlayer(p)
	}
	return strings.Join(s, ", ")
}

// enteredList names club players as clubList does, each with their
// pairing number where entered.
func enteredList(ps []arbiter.Player, entered map[int64]int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = clubPlayer(p)
		if pn, ok := entered[p.ID]; ok {
			s[i] += fmt.Sprintf(", player %d", pn)
		}
	}
	return strings.Join(s, "; ")
}

func clubPlayer(p arbiter.Player) string {
	s := fmt.Sprintf("id:%d %s", p.ID, p.Name)
	if p.Rating != 0 {
		s += fmt.Sprintf(" (%d)", p.Rating)
	}
	return s
}

func playerIDs(ps []arbiter.Player) []int64 {
	out := make([]int64, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
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
