package pairing

import (
	"bytes"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestDoubleSwissGeneratedRoundTrip plays random Double-Swiss tournaments,
// writes them as TRF-26, reads them back and checks every match: the
// checker must find each one paired as the engine pairs it.
func TestDoubleSwissGeneratedRoundTrip(t *testing.T) {
	tests := []GenerateOptions{
		{Players: 12, Rounds: 5, Seed: 1, Draws: 0.3},
		{Players: 13, Rounds: 6, Seed: 2, Draws: 0.4, Forfeits: 0.1},
		{Players: 31, Rounds: 7, Seed: 3, Draws: 0.3, Forfeits: 0.08, Byes: 0.05},
		{Players: 9, Rounds: 7, Seed: 4, Draws: 0.5, Forfeits: 0.2, Byes: 0.1},
		{Players: 101, Rounds: 9, Seed: 5, Draws: 0.3, Forfeits: 0.05, Byes: 0.03},
	}
	for _, o := range tests {
		f, err := GenerateDoubleSwiss(o)
		if err != nil {
			t.Fatalf("GenerateDoubleSwiss(%+v): %v", o, err)
		}
		var buf bytes.Buffer
		w := trf.NewWriter(&buf)
		w.Version = trf.TRF26
		if err := w.Write(f); err != nil {
			t.Fatalf("write: %v", err)
		}
		back, err := trf.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("GenerateDoubleSwiss(%+v) written reads back with %v\n%s", o, err, buf.String())
		}
		if !back.DoubleSwiss() {
			t.Fatalf("GenerateDoubleSwiss(%+v): the file read back is not a Double-Swiss file (192 %q)", o, back.Header.System)
		}
		// A field too small for the rounds stops early, as Generate does.
		if got := back.PlayedMatches(); got != f.Rounds/2 || got < o.Rounds-1 {
			t.Errorf("GenerateDoubleSwiss(%+v): %d matches played, the file plans %d, want %d", o, got, f.Rounds/2, o.Rounds)
		}
		diffs, err := CheckTRF(back, 0)
		if err != nil {
			t.Fatalf("CheckTRF: %v", err)
		}
		for _, d := range diffs {
			t.Errorf("GenerateDoubleSwiss(%+v): match %d: recorded %v, ours %v, err %v", o, d.Round, d.Recorded, d.Ours, d.Err)
		}
	}
}

// TestDoubleSwissFromTable pairs every match of generated tournaments
// twice, from the file and from arbiter's domain (boards holding both
// games, scored by scoring.BuildMatches), and wants the same pairing.
func TestDoubleSwissFromTable(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		f, err := GenerateDoubleSwiss(GenerateOptions{Players: 15 + int(seed), Rounds: 6, Seed: seed, Draws: 0.3, Forfeits: 0.15, Byes: 0.08})
		if err != nil {
			t.Fatal(err)
		}
		tour := arbiter.NewTournament("ds")
		tour.Rounds, tour.FirstColour, tour.PABValue, tour.HalfByeValue = f.Rounds/2, f.InitialColour, 3, 2
		var entries []arbiter.Entry
		for _, p := range f.Players {
			entries = append(entries, arbiter.Entry{PN: p.ID, JoinedRound: 1})
		}
		var rounds []arbiter.Round
		for k := 1; k <= f.PlayedMatches(); k++ {
			rd := arbiter.Round{Number: k}
			for i := range f.Players {
				p := &f.Players[i]
				g1, g2 := p.Games[2*k-2], p.Games[2*k-1]
				if g1.Opponent == 0 {
					kind := map[trf.Result]arbiter.ByeKind{trf.PAB: arbiter.PAB, trf.HalfBye: arbiter.HalfBye, trf.FullBye: arbiter.FullBye, trf.ZeroBye: arbiter.ZeroBye}[g1.Result]
					if kind != arbiter.NoBye {
						rd.Byes = append(rd.Byes, arbiter.Bye{PN: p.ID, Kind: kind})
					}
					continue
				}
				if g1.Colour != arbiter.White {
					continue
				}
				q := f.Player(g1.Opponent)
				rd.Boards = append(rd.Boards, arbiter.Board{Number: len(rd.Boards) + 1, White: p.ID, Black: q.ID,
					Result: gameResult(g1.Result, q.Games[2*k-2].Result), Second: gameResult(q.Games[2*k-1].Result, g2.Result)})
			}
			rounds = append(rounds, rd)
		}
		for k := 1; k <= len(rounds); k++ {
			tab, err := scoring.BuildMatches(tour, entries, rounds[:k-1])
			if err != nil {
				t.Fatal(err)
			}
			absent := map[int]bool{}
			for _, e := range entries {
				absent[e.PN] = true
			}
			for _, b := range rounds[k-1].Boards {
				absent[b.White], absent[b.Black] = false, false
			}
			for _, by := range rounds[k-1].Byes {
				absent[by.PN] = by.Kind != arbiter.PAB
			}
			in, err := FromDoubleSwissTable(tour, entries, tab, k, absent)
			if err != nil {
				t.Fatal(err)
			}
			fromTable, err := PairDoubleSwiss(in)
			if err != nil {
				t.Fatalf("seed %d match %d from the domain: %v", seed, k, err)
			}
			fin, err := FromTRFDoubleSwiss(f, k)
			if err != nil {
				t.Fatal(err)
			}
			fromFile, err := PairDoubleSwiss(fin)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := pairText(fromTable), pairText(fromFile); got != want {
				t.Errorf("seed %d match %d: from the domain %s, from the file %s", seed, k, got, want)
			}
		}
	}
}

// gameResult is the result of a game from the codes of its White and Black.
func gameResult(white, black trf.Result) arbiter.Result {
	switch white {
	case trf.Win:
		return arbiter.WhiteWins
	case trf.Loss:
		return arbiter.BlackWins
	case trf.Draw:
		return arbiter.Draw
	case trf.ForfeitWin:
		return arbiter.WhiteForfeit
	}
	if black == trf.ForfeitLoss {
		return arbiter.DoubleForfeit
	}
	return arbiter.BlackForfeit
}

// FuzzDoubleSwissFile pairs the next match of any Double-Swiss file that
// reads: no panic, and a pairing that places every player present once,
// with no rematch of a match played.
func FuzzDoubleSwissFile(f *testing.F) {
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := GenerateDoubleSwiss(GenerateOptions{Players: 7 + int(seed), Rounds: 3, Seed: seed, Draws: 0.3, Forfeits: 0.2, Byes: 0.1})
		if err != nil {
			f.Fatal(err)
		}
		g.Rounds = 10
		var buf bytes.Buffer
		if err := trf.NewWriter(&buf).Write(g); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := trf.Read(bytes.NewReader(data))
		if err != nil || !file.DoubleSwiss() || len(file.Players) > 60 {
			return
		}
		in, err := FromTRFDoubleSwiss(file, 0)
		if err != nil || in.Round > 20 {
			return
		}
		res, err := PairDoubleSwiss(in)
		if err != nil {
			return
		}
		seen := map[int]bool{}
		met := map[[2]int]bool{}
		for _, p := range in.Players {
			for _, g := range p.Matches {
				if g.Played {
					met[key(p.ID, g.Opponent)] = true
				}
			}
		}
		place := func(id int) {
			if seen[id] {
				t.Fatalf("player %d placed twice: %+v", id, res)
			}
			seen[id] = true
		}
		for _, b := range res.Boards {
			place(b.White)
			place(b.Black)
			if met[key(b.White, b.Black)] {
				t.Fatalf("%d and %d meet again after a match played (C1)", b.White, b.Black)
			}
		}
		if res.Bye != 0 {
			place(res.Bye)
		}
		for _, p := range in.Players {
			if !p.Absent && !seen[p.ID] {
				t.Fatalf("player %d present and not paired: %+v", p.ID, res)
			}
		}
	})
}
