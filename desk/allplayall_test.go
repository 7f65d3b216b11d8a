package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// TestAllPlayAll: the all-play-all a Swiss continues as after round 2 of
// 7 players, one withdrawn: the field is the six still in, numbered by
// score then pairing number (C.04.3 art. 1.2); the rounds become 2 + 5;
// round 3 follows the Berger table under those numbers, and a player who
// asked for a bye leaves his table opponent a win by forfeit.
func TestAllPlayAll(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tr := mustTournament(t, ctx, d, 7)
	// Round 1: 1-5, 6-2, 3-7 (4 has the bye); round 2 pairs by score.
	for r := 1; r <= 2; r++ {
		out := mustPair(t, ctx, d)
		for _, b := range out.Round.Boards {
			res := arbiter.WhiteWins
			if b.Number == 2 {
				res = arbiter.Draw
			}
			if _, err := d.EnterResult(ctx, ResultRequest{Round: r, Board: b.Number, Result: res}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, _, err := d.Withdraw(ctx, tr.ID, 7, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.RequestBye(ctx, tr.ID, 2, 3, arbiter.HalfBye); err != nil {
		t.Fatal(err)
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanAllPlayAll(s)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.Table(2)
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for pn := 1; pn <= 6; pn++ { // 7 withdrew
		want = append(want, pn)
	}
	slices.SortStableFunc(want, func(a, b int) int {
		if sa, sb := tab.Card(a).Score(), tab.Card(b).Score(); sa != sb {
			return int(sb) - int(sa)
		}
		return a - b
	})
	if c := plan.Continuation; c.From != 3 || !slices.Equal(c.Players, want) || plan.Cycle != 5 || plan.Rounds != 7 {
		t.Fatalf("plan = %+v, want from round 3 players %v, 5 rounds, 7 in all", plan, want)
	}
	if slices.IsSorted(want) {
		t.Fatalf("the scores after round 2 leave the players in pairing order %v: the test shows nothing", want)
	}

	// The choices offered name it, between the least broken and the end.
	cs := UnpairableChoices(pairing.Input{}, 3, nil, s)
	var kinds []ChoiceKind
	for _, c := range cs {
		kinds = append(kinds, c.Kind)
		if c.Kind == ChoiceAllPlayAll && (c.From != 3 || c.Players != 6 || c.Rounds != 7) {
			t.Errorf("choice %+v, want the all-play-all of 6 from round 3, 7 rounds", c)
		}
	}
	if !slices.Equal(kinds, []ChoiceKind{ChoiceAllPlayAll, ChoiceEnd, ChoiceByHand}) {
		t.Errorf("choices %v", kinds)
	}

	tr, err = d.Tournament(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.ContinueAllPlayAll(ctx, tr, 4); !errors.Is(err, ErrConflict) {
		t.Errorf("from round 4 before round 3 = %v, want a conflict", err)
	}
	if _, err := d.ContinueAllPlayAll(ctx, tr, 3); err != nil {
		t.Fatal(err)
	}
	if tr, _ = d.Tournament(ctx, ""); tr.Rounds != 7 || tr.System != arbiter.Swiss || tr.AllPlayAll.String() != plan.Continuation.String() {
		t.Fatalf("tournament after the continuation: %d rounds, %s, %q", tr.Rounds, tr.System, tr.AllPlayAll)
	}
	out := mustPair(t, ctx, d)
	if out.Pairing.Method != "berger" {
		t.Errorf("round 3 paired by %q, want the Berger table", out.Pairing.Method)
	}
	boards, bye, err := pairing.BergerRound(6, 1, 1)
	if err != nil || bye != 0 {
		t.Fatal(err, bye)
	}
	var got, wantBoards []string
	for _, b := range out.Round.Boards {
		got = append(got, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	forfeit := 0
	for _, b := range boards {
		w, bl := want[b.White-1], want[b.Black-1]
		switch {
		case w == 2:
			forfeit = bl
		case bl == 2:
			forfeit = w
		default:
			wantBoards = append(wantBoards, fmt.Sprintf("%d-%d", w, bl))
		}
	}
	if !slices.Equal(got, wantBoards) {
		t.Errorf("round 3 boards %v, want the table's %v", got, wantBoards)
	}
	byes := map[int]arbiter.ByeKind{}
	for _, b := range out.Round.Byes {
		byes[b.PN] = b.Kind
	}
	if byes[2] != arbiter.HalfBye || byes[forfeit] != arbiter.FullBye || byes[7] != arbiter.Unpaired || len(byes) != 3 {
		t.Errorf("round 3 byes %v, want 2 half (asked), %d full (the table's opponent), 7 unpaired (withdrawn)", byes, forfeit)
	}
	// A late entry has no Berger number: the round waits for the
	// organizer to give him a bye.
	for _, b := range out.Round.Boards {
		if _, err := d.EnterResult(ctx, ResultRequest{Round: 3, Board: b.Number, Result: arbiter.Draw}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.AddEntry(ctx, tr.ID, arbiter.Player{Name: names[7]}, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pair(ctx, PairRequest{}); !errors.Is(err, ErrLeftOut) || !strings.Contains(err.Error(), "8 "+names[7]+" is not in the all-play-all") {
		t.Errorf("round 4 with a late entry = %v, want him named as left out", err)
	}
	if err := d.RequestBye(ctx, tr.ID, 8, 4, arbiter.ZeroBye); err != nil {
		t.Fatal(err)
	}
	if out := mustPair(t, ctx, d); len(out.Round.Boards) != 3 {
		t.Errorf("round 4 = %+v, want the three boards of the table", out.Round)
	}
	// A second continuation, or one for a round robin, is refused.
	s, err = d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlanAllPlayAll(s); !errors.Is(err, ErrConflict) {
		t.Errorf("a second continuation = %v, want a conflict", err)
	}
}
