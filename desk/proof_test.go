package desk

import (
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestProveSeat: the seat a phone proves on a board, and what its player
// may do there. Board 4: player 7 (White, PIN 4821) - player 2 (Black,
// PIN 0937); what one player holds never acts for the other.
func TestProveSeat(t *testing.T) {
	board := arbiter.BoardCode{Board: 4, White: 7, Black: 2, WhitePIN: "4821", BlackPIN: "0937"}
	reported := board
	reported.Report = &arbiter.WebReport{Seat: arbiter.White, Result: arbiter.WhiteWins, Status: arbiter.Reported}
	shared := board
	shared.BlackPIN = shared.WhitePIN
	noPIN := board
	noPIN.BlackPIN = ""
	tests := []struct {
		name    string
		c       arbiter.BoardCode
		pin     string
		session int
		a       act
		want    arbiter.Colour
		err     error
	}{
		{"White's PIN reports as White", board, "4821", 0, actReport, arbiter.White, nil},
		{"Black's PIN reports as Black", board, "0937", 0, actReport, arbiter.Black, nil},
		{"White's phone reports as White", board, "", 7, actReport, arbiter.White, nil},
		{"Black's PIN on White's phone is Black", board, "0937", 7, actReport, arbiter.Black, nil},
		{"a PIN no player of the board has", board, "1234", 0, actReport, 0, ErrWrongPIN},
		{"a PIN typed counts, not the phone", board, "1234", 7, actReport, 0, ErrWrongPIN},
		{"nothing", board, "", 0, actReport, 0, ErrNoProof},
		{"the phone of another board's player", board, "", 5, actReport, 0, ErrWrongSeat},
		{"Black confirms White's report", reported, "0937", 0, actConfirm, arbiter.Black, nil},
		{"Black's phone confirms", reported, "", 2, actConfirm, arbiter.Black, nil},
		{"White confirms with White's PIN", reported, "4821", 0, actConfirm, 0, ErrWrongSeat},
		{"White confirms with White's phone", reported, "", 7, actConfirm, 0, ErrWrongSeat},
		{"White's PIN on Black's phone", reported, "4821", 2, actConfirm, 0, ErrWrongSeat},
		{"White answers by reporting again", reported, "4821", 0, actReport, arbiter.White, nil},
		{"White claims", reported, "4821", 0, actClaim, arbiter.White, nil},
		{"a PIN both players share", shared, "4821", 0, actReport, 0, store.ErrConflict},
		{"a player without a PIN", noPIN, "", 0, actReport, 0, ErrNoProof},
		{"a player without a PIN, signed in", noPIN, "", 2, actReport, arbiter.Black, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := proveSeat(tt.c, tt.pin, tt.session, tt.a)
			if got != tt.want || (tt.err == nil) != (err == nil) || (tt.err != nil && !errors.Is(err, tt.err)) {
				t.Errorf("proveSeat(%q, session %d) = %v, %v; want %v, %v", tt.pin, tt.session, got, err, tt.want, tt.err)
			}
		})
	}
}

// TestPhonePINLimits: every limit is set, so that none is left open.
func TestPhonePINLimits(t *testing.T) {
	l := PhonePINLimits()
	if l.Window <= 0 || l.Board <= 0 || l.Address <= 0 || l.Player <= 0 || l.Player < l.Board {
		t.Errorf("PhonePINLimits() = %+v: every limit set, a player's at least a board's", l)
	}
}
