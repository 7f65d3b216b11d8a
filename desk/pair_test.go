package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// dump returns every row of every table of d's database as text, sorted
// by table: what a refused call must leave as it was.
func dump(tb testing.TB, d *Desk) map[string][]string {
	tb.Helper()
	db, err := sql.Open("sqlite", "file:"+d.Path()+"?mode=ro")
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		tb.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			tb.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM "` + table + `"`)
		if err != nil {
			tb.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		var lines []string
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				tb.Fatal(err)
			}
			lines = append(lines, fmt.Sprint(vals...))
		}
		rows.Close()
		slices.Sort(lines)
		out[table] = lines
	}
	return out
}

// roundOne pairs round 1 of a club evening of 6 players, White to the top
// player, and enters its results: board 1 is lost by forfeit by Black,
// who did not come, unless report, when White reports 1-0 from the
// phone and nobody confirms; the other boards are drawn.
func roundOne(t *testing.T, ctx context.Context, d *Desk, tour arbiter.Tournament, report bool) (noShow arbiter.Entry) {
	t.Helper()
	out := mustPair(t, ctx, d)
	s := out.Snapshot
	for _, b := range out.Round.Boards {
		r := arbiter.Draw
		if b.Number == 1 {
			if report {
				continue
			}
			r = arbiter.WhiteForfeit
		}
		if _, err := d.EnterResult(ctx, ResultRequest{Tournament: tour.Name, Board: b.Number, Result: r}); err != nil {
			t.Fatal(err)
		}
	}
	if report {
		if _, _, err := d.Publish(ctx, tour.ID, 1); err != nil {
			t.Fatal(err)
		}
		codes, err := d.BoardCodes(ctx, tour.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		c := codes[1]
		if _, err := d.Evening(tour.ID, time.Hour).Report(WithOrigin(ctx, arbiter.Origin{Who: "white"}), c.Token, arbiter.Proof{PIN: c.WhitePIN}, arbiter.WhiteWins); err != nil {
			t.Fatal(err)
		}
	}
	return *s.Entry(out.Round.Boards[0].Black)
}

// TestPairWholeOrNothing: Pair is one transaction. A pairing refused after
// the steps that come before it (the reports forced, registration
// closed, the no-shows withdrawn) leaves the database as it was, every
// table; the same request made right is done whole.
func TestPairWholeOrNothing(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, ctx context.Context, d *Desk, tour *arbiter.Tournament) (refused, right PairRequest)
		want  error // the refusal
		check func(t *testing.T, s *Snapshot, out PairOutcome)
	}{
		{
			name: "no-show withdrawn, pairing by hand refused",
			setup: func(t *testing.T, ctx context.Context, d *Desk, tour *arbiter.Tournament) (PairRequest, PairRequest) {
				if err := d.SetOption(ctx, tour.ID, OptNoShows, NoShowsWithdraw); err != nil {
					t.Fatal(err)
				}
				roundOne(t, ctx, d, *tour, false)
				s, err := d.Snapshot(ctx, tour.Name)
				if err != nil {
					t.Fatal(err)
				}
				// Round 1 again, the no-show on a board.
				var again []arbiter.Board
				for _, b := range s.Rounds[0].Boards {
					again = append(again, arbiter.Board{Number: b.Number, White: b.White, Black: b.Black})
				}
				return PairRequest{Boards: again}, PairRequest{}
			},
			// The no-show withdrawn in the pairing's transaction does not
			// play round 2.
			want: ErrNotPlaying,
			check: func(t *testing.T, s *Snapshot, out PairOutcome) {
				if len(out.Withdrawn) != 1 {
					t.Fatalf("withdrawn %+v, want the no-show", out.Withdrawn)
				}
				if e := s.Entry(out.Withdrawn[0].Entry.PN); e.Status != arbiter.Withdrawn || e.WithdrawnFrom != 2 {
					t.Errorf("the no-show is %v from round %d, want withdrawn from round 2", e.Status, e.WithdrawnFrom)
				}
			},
		},
		{
			name: "round robin closed, pairing refused",
			setup: func(t *testing.T, ctx context.Context, d *Desk, tour *arbiter.Tournament) (PairRequest, PairRequest) {
				tour.System = arbiter.RoundRobin
				if err := d.UpdateTournament(ctx, *tour); err != nil {
					t.Fatal(err)
				}
				// Nothing is unknown before round 1: nothing to decide.
				return PairRequest{Unknown: true}, PairRequest{}
			},
			want: ErrNothingUnknown,
			check: func(t *testing.T, s *Snapshot, out PairOutcome) {
				if got := s.Tournament; !got.Closed || got.Rounds != 5 || !slices.Equal(got.Tiebreaks, arbiter.RoundRobinTiebreaks) || !out.Closed {
					t.Errorf("registration closed = %v with %d rounds, tie-breaks %v; want closed, 5 rounds, %v", got.Closed, got.Rounds, got.Tiebreaks, arbiter.RoundRobinTiebreaks)
				}
			},
		},
		{
			name: "report forced, pairing refused",
			setup: func(t *testing.T, ctx context.Context, d *Desk, tour *arbiter.Tournament) (PairRequest, PairRequest) {
				roundOne(t, ctx, d, *tour, true)
				return PairRequest{ForceReported: true, ForcedBy: "Marta", Unknown: true}, PairRequest{ForceReported: true, ForcedBy: "Marta"}
			},
			want: ErrNothingUnknown,
			check: func(t *testing.T, s *Snapshot, out PairOutcome) {
				if len(out.Forced) != 1 || s.Rounds[0].Boards[0].Result != arbiter.WhiteWins {
					t.Errorf("forced %+v, board 1 %v; want the report entered, 1-0", out.Forced, s.Rounds[0].Boards[0].Result)
				}
			},
		},
		{
			name: "labyrinth field too small",
			setup: func(t *testing.T, ctx context.Context, d *Desk, tour *arbiter.Tournament) (PairRequest, PairRequest) {
				tour.FitRounds = true
				if err := d.UpdateTournament(ctx, *tour); err != nil {
					t.Fatal(err)
				}
				return PairRequest{}, PairRequest{Close: &arbiter.Closing{Kind: arbiter.CloseSwiss}}
			},
			want: ErrRoundsUnfit,
			check: func(t *testing.T, s *Snapshot, out PairOutcome) {
				if got := s.Tournament; !got.Closed || got.Rounds != 3 || got.System != arbiter.Swiss {
					t.Errorf("registration closed = %v, %d rounds of %v; want closed, 3 rounds of Swiss", got.Closed, got.Rounds, got.System)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := WithActor(context.Background(), "Marta")
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, 6)
			refused, right := tt.setup(t, ctx, d, &tour)
			before := dump(t, d)
			out, err := d.Pair(ctx, refused)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Pair(%+v) = %v, want %v", refused, err, tt.want)
			}
			if out.Stored {
				t.Errorf("Pair(%+v) refused and stored", refused)
			}
			if after := dump(t, d); !reflect.DeepEqual(after, before) {
				for table := range before {
					if !reflect.DeepEqual(after[table], before[table]) {
						t.Errorf("the refused pairing changed %s:\nbefore %s\nafter  %s", table, strings.Join(before[table], "\n       "), strings.Join(after[table], "\n       "))
					}
				}
			}
			out, err = d.Pair(ctx, right)
			if err != nil {
				t.Fatalf("Pair(%+v) = %v", right, err)
			}
			if !out.Stored {
				t.Fatalf("Pair(%+v) stored nothing", right)
			}
			tt.check(t, out.Snapshot, out)
		})
	}
}

// TestPairFitError: round 1 of a tournament that proposes its rounds is
// refused when they do not fit the field, with the choices as data, and
// paired with each answer.
func TestPairFitError(t *testing.T) {
	tests := []struct {
		players int
		choices []arbiter.Closing
	}{
		{players: 4, choices: []arbiter.Closing{{Kind: arbiter.CloseSwiss, Rounds: pairing.SwissRounds(4)}, {Kind: arbiter.CloseRoundRobin, Cycles: 1},
			{Kind: arbiter.CloseRoundRobin, Cycles: 2}, {Kind: arbiter.CloseKeep}}},
		{players: 6, choices: []arbiter.Closing{{Kind: arbiter.CloseSwiss, Rounds: 3}, {Kind: arbiter.CloseRoundRobin, Cycles: 1}, {Kind: arbiter.CloseKeep}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d players", tt.players), func(t *testing.T) {
			ctx := context.Background()
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, tt.players)
			tour.FitRounds = true
			if err := d.UpdateTournament(ctx, tour); err != nil {
				t.Fatal(err)
			}
			_, err := d.Pair(ctx, PairRequest{DryRun: true})
			var fe *arbiter.FitError
			if !errors.As(err, &fe) || !errors.Is(err, ErrRefused) {
				t.Fatalf("Pair = %v, want an *arbiter.FitError", err)
			}
			if !reflect.DeepEqual(fe.Choices, tt.choices) {
				t.Errorf("choices %+v, want %+v", fe.Choices, tt.choices)
			}
			if fe.Fit.Players != tt.players || fe.Fit.Planned != 7 || fe.Fit.Fits {
				t.Errorf("fit %+v, want %d players, 7 rounds planned, not fitting", fe.Fit, tt.players)
			}
			for _, c := range fe.Choices {
				out, err := d.Pair(ctx, PairRequest{DryRun: true, Close: &c})
				if err != nil {
					t.Errorf("Pair(%s) = %v", c, err)
					continue
				}
				want, err := closedTournament(out.Snapshot, c)
				if err != nil {
					t.Fatal(err)
				}
				if got := out.Snapshot.Tournament; !out.Closed || got.Rounds != want.Rounds || got.System != want.System {
					t.Errorf("Pair(%s) pairs %d rounds of %v (closed %v), want %d of %v", c, got.Rounds, got.System, out.Closed, want.Rounds, want.System)
				}
			}
		})
	}
}

// TestPairUnexplained checks that a dry run asked without explanations
// pairs the same boards as one with them and writes no note, and that a
// pairing stored keeps its explanations whatever the request says.
func TestPairUnexplained(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 9)
	explained, err := d.Pair(ctx, PairRequest{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := d.Pair(ctx, PairRequest{DryRun: true, Unexplained: true})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(plain.Round, explained.Round) {
		t.Errorf("unexplained dry run pairs %+v, explained %+v", plain.Round, explained.Round)
	}
	if len(explained.Pairing.BoardNotes) != len(explained.Round.Boards) || len(explained.Pairing.ByeNotes) != 1 {
		t.Fatalf("explained dry run: %d board notes for %d boards, %d bye notes", len(explained.Pairing.BoardNotes), len(explained.Round.Boards), len(explained.Pairing.ByeNotes))
	}
	if n := len(plain.Pairing.BoardNotes) + len(plain.Pairing.ByeNotes); n != 0 {
		t.Errorf("unexplained dry run wrote %d notes", n)
	}
	stored, err := d.Pair(ctx, PairRequest{Unexplained: true})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(stored.Pairing.BoardNotes, explained.Pairing.BoardNotes) || !reflect.DeepEqual(stored.Pairing.ByeNotes, explained.Pairing.ByeNotes) {
		t.Errorf("stored pairing notes %v %v, want those of the explained dry run %v %v", stored.Pairing.BoardNotes, stored.Pairing.ByeNotes, explained.Pairing.BoardNotes, explained.Pairing.ByeNotes)
	}
}
