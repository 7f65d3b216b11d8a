package desk

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestUndoEveryWriteKind runs each kind of write command on a tournament
// of six with round 1 paired and two results in, undoes it, and runs it
// again: undo gives back the content before the command, row for row,
// and the command typed again gives the same content as the first time.
func TestUndoEveryWriteKind(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	pgn := "[White \"Rossi, Mario\"]\n[Black \"Neri, Paolo\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	tests := []struct {
		name  string
		undos int                            // commands do makes
		prep  func(d *Desk, tid int64) error // run before, not undone
		do    func(d *Desk, tid int64) error
	}{
		{name: "tournament set", undos: 1, do: func(d *Desk, tid int64) error {
			tr, err := d.Tournament(ctx, "")
			if err != nil {
				return err
			}
			tr.Venue = "Circolo"
			tr.Rounds = 7
			return d.UpdateTournament(ctx, tr)
		}},
		{name: "player add new", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.AddEntry(ctx, tid, arbiter.Player{Name: "Greco, Dario", Rating: 1700}, AddOptions{})
			return err
		}},
		{name: "player import", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.Import(ctx, tid, "late.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Costa, Irene"}},
				{Line: 3, Player: arbiter.Player{Name: "Bruno, Carlo", Rating: 1500}}}, AddOptions{})
			return err
		}},
		{name: "player edit", undos: 1, do: func(d *Desk, tid int64) error {
			r := 1911
			club := "Scacchi"
			_, err := d.EditPlayer(ctx, tid, 2, PlayerChange{Rating: &r, Club: &club})
			return err
		}},
		{name: "player withdraw", undos: 1, do: func(d *Desk, tid int64) error {
			_, _, err := d.Withdraw(ctx, tid, 3, 0)
			return err
		}},
		{name: "player bye", undos: 1, do: func(d *Desk, tid int64) error {
			return d.RequestBye(ctx, tid, 4, 2, arbiter.HalfBye)
		}},
		{name: "roster import", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.ImportRoster(ctx, "club.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Esposito, Gina", Rating: 1400}},
				{Line: 3, Player: arbiter.Player{Name: "Rossi, Mario", Club: "Torre"}}}, AddOptions{})
			return err
		}},
		{name: "round result", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.Draw})
			return err
		}},
		{name: "round result correct", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.EnterResult(ctx, ResultRequest{Board: 2, Result: arbiter.BlackWins, Reason: "resign", Correct: true})
			return err
		}},
		{name: "round results batch", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.EnterResults(ctx, []ResultRequest{{Board: 3, Result: arbiter.WhiteWins}, {Board: 2, Result: arbiter.Draw, Correct: true}})
			return err
		}},
		{name: "game add", undos: 1, do: func(d *Desk, tid int64) error {
			_, err := d.SubmitGames(ctx, "", []Submission{{Round: 1, Board: 1, PGN: pgn, Letters: "en", Ruling: ""}})
			return err
		}},
		{name: "player bye cancel", undos: 1, prep: func(d *Desk, tid int64) error {
			return d.RequestBye(ctx, tid, 4, 2, arbiter.HalfBye)
		}, do: func(d *Desk, tid int64) error {
			return d.CancelBye(ctx, tid, 4, 2)
		}},
		{name: "round swap", undos: 1, prep: func(d *Desk, tid int64) error {
			if _, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.Draw}); err != nil {
				return err
			}
			_, err := d.Pair(ctx, PairRequest{})
			return err
		}, do: func(d *Desk, tid int64) error {
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				return err
			}
			b := s.Rounds[1].Boards
			_, err = d.EditRound(ctx, EditRequest{Swap: [2]int{b[0].White, b[1].White}, Force: true})
			return err
		}},
		{name: "tournament option", undos: 1, do: func(d *Desk, tid int64) error {
			return d.SetOption(ctx, tid, OptNoShows, NoShowsWithdraw)
		}},
		{name: "round edit", undos: 1, prep: func(d *Desk, tid int64) error {
			if _, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.Draw}); err != nil {
				return err
			}
			_, err := d.Pair(ctx, PairRequest{})
			return err
		}, do: func(d *Desk, tid int64) error {
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				return err
			}
			b := s.Rounds[1].Boards[0]
			_, err = d.EditRound(ctx, EditRequest{Board: 1, White: b.Black, Black: b.White, Force: true})
			return err
		}},
		{name: "player return", undos: 1, prep: func(d *Desk, tid int64) error {
			_, _, err := d.Withdraw(ctx, tid, 3, 0)
			return err
		}, do: func(d *Desk, tid int64) error {
			_, err := d.ReturnPlayer(ctx, tid, 3, 3)
			return err
		}},
		{name: "player remove", undos: 1, prep: func(d *Desk, tid int64) error {
			_, err := d.AddEntry(ctx, tid, arbiter.Player{Name: "Costa, Irene"}, AddOptions{})
			return err
		}, do: func(d *Desk, tid int64) error {
			_, err := d.RemoveEntry(ctx, tid, 7)
			return err
		}},
		{name: "roster remove", undos: 1, prep: func(d *Desk, tid int64) error {
			_, err := d.ImportRoster(ctx, "club.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Esposito, Gina"}}}, AddOptions{})
			return err
		}, do: func(d *Desk, tid int64) error {
			_, err := d.RemoveRosterPlayer(ctx, 7)
			return err
		}},
		{name: "game remove", undos: 1, prep: func(d *Desk, tid int64) error {
			_, err := d.SubmitGames(ctx, "", []Submission{{Round: 1, Board: 1, PGN: pgn, Letters: "en"}})
			return err
		}, do: func(d *Desk, tid int64) error {
			_, _, err := d.RemoveGames(ctx, tid, 0, 1)
			return err
		}},
		{name: "round unpair", undos: 3, do: func(d *Desk, tid int64) error {
			for _, b := range []int{1, 2} {
				if _, err := d.EnterResult(ctx, ResultRequest{Board: b, Correct: true}); err != nil {
					return err
				}
			}
			_, err := d.Unpair(ctx, tid)
			return err
		}},
		{name: "all-play-all continuation", undos: 1, prep: func(d *Desk, tid int64) error {
			_, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.Draw})
			return err
		}, do: func(d *Desk, tid int64) error {
			tr, err := d.Tournament(ctx, "")
			if err != nil {
				return err
			}
			_, err = d.ContinueAllPlayAll(ctx, tr, 2)
			return err
		}},
		{name: "round pair", undos: 2, do: func(d *Desk, tid int64) error {
			if _, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.Draw}); err != nil {
				return err
			}
			_, err := d.Pair(ctx, PairRequest{})
			return err
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustOpen(t)
			tr := mustTournament(t, ctx, d, 6)
			mustPair(t, ctx, d)
			for _, b := range []int{1, 2} {
				if _, err := d.EnterResult(ctx, ResultRequest{Board: b, Result: arbiter.WhiteWins}); err != nil {
					t.Fatal(err)
				}
			}
			if tc.prep != nil {
				if err := tc.prep(d, tr.ID); err != nil {
					t.Fatal(err)
				}
			}
			before := mustContent(t, d)
			if err := tc.do(d, tr.ID); err != nil {
				t.Fatal(err)
			}
			after := mustContent(t, d)
			if slices.Equal(before, after) {
				t.Fatal("the command changed nothing")
			}
			plan, err := d.Undo(ctx, "", 0, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Events) == 0 {
				t.Fatal("the plan shows no event")
			}
			if !slices.Equal(mustContent(t, d), after) {
				t.Fatal("showing the undo changed the database")
			}
			for range tc.undos {
				if _, err := d.Undo(ctx, "", 0, true); err != nil {
					t.Fatal(err)
				}
			}
			if now := mustContent(t, d); !slices.Equal(now, before) {
				t.Fatalf("after undo:\n%s\nwant:\n%s", strings.Join(now, "\n"), strings.Join(before, "\n"))
			}
			if err := tc.do(d, tr.ID); err != nil {
				t.Fatal(err)
			}
			if got := mustContent(t, d); !slices.Equal(got, after) {
				t.Fatalf("the command again gives\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(after, "\n"))
			}
		})
	}
}

func mustContent(tb testing.TB, d *Desk) []string {
	tb.Helper()
	c, err := d.Content(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestUndoRefusals: a result cannot be undone once the next round is
// paired from it, and the refusal names the pairing; creating a
// tournament cannot be undone; nothing is changed by a refusal.
func TestUndoRefusals(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tr := mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 1, Result: arbiter.WhiteWins}); err != nil {
		t.Fatal(err)
	}
	evs, err := d.Events(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	resultEvent := evs[len(evs)-1].ID
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 2, Result: arbiter.Draw}); err != nil {
		t.Fatal(err)
	}
	mustPair(t, ctx, d)
	before := mustContent(t, d)
	_, err = d.Undo(ctx, "", resultEvent, true)
	if !errors.Is(err, ErrDependent) || !strings.Contains(err.Error(), "round.pair") {
		t.Fatalf("undo of round 1's result after round 2 was paired: %v, want a refusal naming the pairing", err)
	}
	if !slices.Equal(mustContent(t, d), before) {
		t.Fatal("a refused undo changed the database")
	}
	// Undo the pairing, then the second result, then the first.
	for range 3 {
		if _, err := d.Undo(ctx, "", 0, true); err != nil {
			t.Fatal(err)
		}
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Rounds) != 1 || s.Rounds[0].Boards[0].Result != arbiter.NoResult || s.Rounds[0].Boards[1].Result != arbiter.NoResult {
		t.Fatalf("after three undos: %+v", s.Rounds)
	}
	// Then round 1's pairing and the four registrations; the
	// tournament itself is refused.
	for range 5 {
		if _, err := d.Undo(ctx, "", 0, true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Undo(ctx, "", 0, true); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "creating a tournament") {
		t.Fatalf("undo of the tournament: %v", err)
	}
	evs, _ = d.Events(ctx, tr.ID)
	var undos int
	for _, e := range evs {
		if e.Action == "undo" {
			undos++
		}
	}
	if undos != 8 {
		t.Fatalf("the log holds %d undo events, want 8", undos)
	}
}

// TestUndoDepth: the last 100 changes of a tournament can be undone one
// after the other; older ones keep their events but are too old to undo,
// so that the undo log does not grow with every change.
func TestUndoDepth(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tr := mustTournament(t, ctx, d, 4)
	evs, err := d.Events(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	firstAdd := evs[1].ID
	start := mustContent(t, d)
	for i := range 110 {
		if i%2 == 0 {
			err = d.RequestBye(ctx, tr.ID, 1, 1, arbiter.HalfBye)
		} else {
			err = d.CancelBye(ctx, tr.ID, 1, 1)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range 100 {
		if _, err := d.Undo(ctx, "", 0, true); err != nil {
			t.Fatalf("undo %d: %v", i+1, err)
		}
	}
	if !slices.Equal(mustContent(t, d), start) {
		t.Fatal("100 undos of 110 toggles do not give back the state after 10")
	}
	if _, err := d.Undo(ctx, "", 0, true); !errors.Is(err, ErrNotFound) {
		t.Fatalf("undo beyond the depth: %v, want nothing to undo", err)
	}
	if _, err := d.Undo(ctx, "", firstAdd, false); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "too old") {
		t.Fatalf("undo of the first registration: %v", err)
	}
}
