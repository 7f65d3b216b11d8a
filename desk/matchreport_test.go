package desk

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// TestMatchFromPhones takes the matches of a Double-Swiss evening (FIDE
// C.04.5) from the boards: one player reports both games, the opponent
// confirms them with their own PIN and the match is entered, scored per
// game; a disagreement goes to the organizer, who enters one of the
// matches; a match nobody confirmed is entered when the organizer forces
// the pairing. The proofs are those of a single game.
func TestMatchFromPhones(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tour := arbiter.NewTournament("Double")
	tour.DoubleBlitz()
	tour.FirstColour = arbiter.White
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 10*i}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	mustPair(t, ctx, d)
	if _, _, err := d.Publish(ctx, tour.ID, 0); err != nil {
		t.Fatal(err)
	}
	ev := d.Evening(tour.ID, 10*time.Minute)
	codes, err := d.BoardCodes(ctx, tour.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	c := codes[1]
	if !c.Double {
		t.Fatalf("board 1 of a Double-Swiss round: Double = false")
	}
	white := WithOrigin(ctx, arbiter.Origin{Who: "web", IP: "192.168.1.20", Device: "w"})
	black := WithOrigin(ctx, arbiter.Origin{Who: "web", IP: "192.168.1.21", Device: "b"})
	if _, err := ev.Report(white, c.Token, arbiter.Proof{PIN: c.WhitePIN}, arbiter.WhiteWins); !errors.Is(err, ErrInvalid) {
		t.Errorf("Report of one game on a match = %v, want ErrInvalid", err)
	}
	m, err := ParseMatchResult("1.5-0.5")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ev.ReportMatch(white, c.Token, arbiter.Proof{PIN: c.WhitePIN}, m)
	if err != nil || rep.Status != arbiter.Reported || rep.Seat != arbiter.White || rep.Match() != m {
		t.Fatalf("ReportMatch = %+v, %v; want %s reported by White", rep, err, m)
	}
	if _, err := ev.ConfirmMatch(white, c.Token, arbiter.Proof{PIN: c.WhitePIN}, m); !errors.Is(err, ErrWrongSeat) {
		t.Errorf("the reporter confirming = %v, want ErrWrongSeat", err)
	}
	wrong := "0000"
	if wrong == c.BlackPIN || wrong == c.WhitePIN {
		wrong = "0001"
	}
	if _, err := ev.ConfirmMatch(black, c.Token, arbiter.Proof{PIN: wrong}, m); !errors.Is(err, ErrWrongPIN) {
		t.Errorf("confirming with a wrong PIN = %v, want ErrWrongPIN", err)
	}
	if _, err := ev.ConfirmMatch(black, c.Token, arbiter.Proof{}, m); !errors.Is(err, ErrNoProof) {
		t.Errorf("confirming without a proof = %v, want ErrNoProof", err)
	}
	if rep, err = ev.ConfirmMatch(black, c.Token, arbiter.Proof{PIN: c.BlackPIN}, m); err != nil || rep.Status != arbiter.Confirmed {
		t.Fatalf("ConfirmMatch = %+v, %v; want confirmed", rep, err)
	}
	if _, err := ev.ReportMatch(white, c.Token, arbiter.Proof{PIN: c.WhitePIN}, m); !errors.Is(err, ErrConflict) {
		t.Errorf("reporting a match entered = %v, want ErrConflict", err)
	}
	// The log names who confirmed, and the match entered with both games.
	evs, err := d.Events(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := evs[len(evs)-1]
	if want := "web: " + names[codes[1].Black-1] + " (black)"; last.Action != ActMatch || last.Who != want || last.New != "1-0 1/2-1/2" {
		t.Errorf("last event = %s by %q, %q; want %s by %q, 1-0 1/2-1/2", last.Action, last.Who, last.New, ActMatch, want)
	}

	// Board 2: the players disagree; the organizer enters one match.
	c2 := codes[2]
	each, _ := ParseMatchResult("1-0 1-0") // a game won by each player: 1-1
	draws, _ := ParseMatchResult("1/2 1/2")
	if _, err := ev.ReportMatch(black, c2.Token, arbiter.Proof{PIN: c2.BlackPIN}, each); err != nil {
		t.Fatal(err)
	}
	if rep, err = ev.ConfirmMatch(white, c2.Token, arbiter.Proof{PIN: c2.WhitePIN}, draws); err != nil || rep.Status != arbiter.Disputed || rep.OtherMatch() != draws {
		t.Fatalf("ConfirmMatch of another match = %+v, %v; want disputed with %s", rep, err, draws)
	}
	if _, err := ev.Accept(ctx, rep.ID, arbiter.NoResult); !errors.Is(err, ErrInvalid) {
		t.Errorf("Accept of a disputed match without saying which = %v, want ErrInvalid", err)
	}
	if _, err := ev.Accept(ctx, rep.ID, arbiter.Draw); !errors.Is(err, ErrInvalid) {
		t.Errorf("Accept of one game for a match = %v, want ErrInvalid", err)
	}
	if rep, err = ev.AcceptMatch(ctx, rep.ID, draws); err != nil || rep.Status != arbiter.Accepted {
		t.Fatalf("AcceptMatch = %+v, %v; want accepted", rep, err)
	}

	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	rd := s.Round(1)
	if got := rd.Boards[0].Match(); got != m {
		t.Errorf("board 1 holds %s, want %s", got, m)
	}
	if got := rd.Boards[1].Match(); got != draws {
		t.Errorf("board 2 holds %s, want %s", got, draws)
	}
	tab, err := s.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]arbiter.Score{rd.Boards[0].White: 3, rd.Boards[0].Black: 1, rd.Boards[1].White: 2, rd.Boards[1].Black: 2}
	for pn, w := range want {
		if got := tab.Card(pn).Score(); got != w {
			t.Errorf("player %d scores %v half-points, want %v (game points)", pn, got, w)
		}
	}

	// Round 2: a match reported and not confirmed is entered as reported
	// when the organizer forces the pairing of round 3.
	mustPair(t, ctx, d)
	if _, _, err := d.Publish(ctx, tour.ID, 0); err != nil {
		t.Fatal(err)
	}
	codes, err = d.BoardCodes(ctx, tour.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	two, _ := ParseMatchResult("0-2")
	if _, err := ev.ReportMatch(white, codes[1].Token, arbiter.Proof{PIN: codes[1].WhitePIN}, two); err != nil {
		t.Fatal(err)
	}
	if _, err := d.EnterMatch(ctx, MatchRequest{Board: 2, Match: draws}); err != nil {
		t.Fatal(err)
	}
	if _, err := ev.PairNext(ctx, false, nil); err == nil {
		t.Fatal("PairNext with a match not confirmed paired, want a refusal")
	}
	if _, err := ev.PairNext(ctx, true, nil); err != nil {
		t.Fatalf("PairNext forced: %v", err)
	}
	if s, err = d.Snapshot(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if got := s.Round(2).Boards[0].Match(); got != two {
		t.Errorf("round 2 board 1 holds %s after forcing, want %s as reported", got, two)
	}
}
