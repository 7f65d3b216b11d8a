package desk

import (
	"crypto/subtle"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Who a phone proves to be on a board, and what that player may do. The
// store asks, inside the transaction of the write (store.Prove), with
// the board as stored then: its players' own PINs, its open report, and
// the player the phone is signed in as.

// act is what a write from a phone does to a board.
type act int

const (
	actReport  act = iota // report a result, or answer the opponent's report by reporting too
	actConfirm            // answer the open report
	actClaim              // claim on a disputed board
)

// prover returns the store's Prove for a of this tournament's boards.
func prover(a act) store.Prove {
	return func(c arbiter.BoardCode, pin string, session int) (arbiter.Colour, error) {
		return proveSeat(c, pin, session, a)
	}
}

// proveSeat decides which seat of board c a phone proves, to do a: the
// seat whose player's own PIN was typed, or, with no PIN, the seat of the
// player the phone is signed in as (session, a pairing number). A PIN
// given is what counts, whatever the session: the phone of one player
// may be lent to the opponent, who types their own. A PIN that is no
// player's of the board proves no one (ErrWrongPIN, counted); nor does a
// PIN both players share, which new PINs never are. A confirmation comes
// from the seat that did not report: the reporter's own proof is refused
// (ErrWrongSeat), so that a result is entered only when both players
// said it, each proven.
func proveSeat(c arbiter.BoardCode, pin string, session int, a act) (arbiter.Colour, error) {
	var seat arbiter.Colour
	switch {
	case pin != "":
		w, b := samePIN(pin, c.WhitePIN), samePIN(pin, c.BlackPIN)
		switch {
		case w && b:
			return 0, refuse(ErrConflict, "pin", "refuse.pin.shared")
		case w:
			seat = arbiter.White
		case b:
			seat = arbiter.Black
		default:
			return 0, refuse(ErrWrongPIN, "pin", "refuse.pin.wrong")
		}
	case session == 0:
		return 0, refuse(ErrNoProof, "pin", "refuse.pin.none")
	case session == c.White:
		seat = arbiter.White
	case session == c.Black:
		seat = arbiter.Black
	default:
		return 0, refuse(ErrWrongSeat, "pin", "refuse.pin.other-board", "Board", c.Board)
	}
	if a == actConfirm && c.Report != nil && c.Report.Seat == seat {
		id := "refuse.pin.reporter"
		if pin == "" {
			id = "refuse.pin.reporter-phone"
		}
		return 0, refuse(ErrWrongSeat, "pin", id, "Colour", colourText(seat), "Result", c.Report.Text(), "Other", colourText(seat.Opposite()))
	}
	return seat, nil
}

// samePIN compares a PIN typed with a player's own in constant time; a
// player without a PIN matches nothing.
func samePIN(typed, own string) bool {
	return own != "" && subtle.ConstantTimeCompare([]byte(typed), []byte(own)) == 1
}

// signInRule is the desk's store.SignInRule: a phone signs in as player
// pn with that player's own PIN alone; any other, a PIN of the opponent
// included, is wrong (ErrWrongPIN, counted), and so is any PIN for a
// player who has none.
func signInRule(pn int, pin, own string) error {
	if !samePIN(pin, own) {
		return refuse(ErrWrongPIN, "pin", "refuse.pin.wrong-player", "PN", pn)
	}
	return nil
}
