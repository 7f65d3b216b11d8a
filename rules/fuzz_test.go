package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFEN: any text either fails with a FENError or gives a position whose
// FEN reads back to the same position, in which moves can be generated.
func FuzzFEN(f *testing.F) {
	for _, c := range readPerftTable(f, filepath.Join("testdata", "perft.tsv")) {
		f.Add(c.fen)
	}
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) error %T %v, want a FENError", s, err, err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %q, which does not read back: %v", s, fen, err)
		}
		if q.FEN() != fen || q.Key() != p.Key() {
			t.Fatalf("ParseFEN(%q): %q reads back as %q", s, fen, q.FEN())
		}
		for _, m := range p.LegalMoves(nil) {
			r := p
			r.Play(m)
			if r.attacked(r.kingSquare(p.turn), r.turn, r.occupied()) {
				t.Fatalf("%s: legal move %s leaves the king in check", fen, m)
			}
		}
		_ = p.CanMate(White)
		_ = p.CanMate(Black)
	})
}

var fuzzPositions = []string{
	StartFEN, castleFEN, promoFEN, epFEN, twoKnights, twoRooksFile, threeQueens, rookOrKing,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
}

// FuzzSAN: any text either fails with a MoveError or gives a legal move,
// which each notation writes and reads back.
func FuzzSAN(f *testing.F) {
	for i, text := range []string{"e4", "Nf3", "Cf3", "O-O", "0-0-0", "exd6 e.p.", "a8=Q", "a8D", "e7e8q", "Ng1-f3", "Rf1", "Qh4e1", "♘f3", "bxa1=N+", "Kd7"} {
		f.Add(uint8(i), text, uint8(i%3))
	}
	f.Fuzz(func(t *testing.T, at uint8, text string, lang uint8) {
		p, err := ParseFEN(fuzzPositions[int(at)%len(fuzzPositions)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(text, Lang(lang%3))
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q) error %T %v, want a MoveError", text, err, err)
			}
			return
		}
		legal := false
		for _, l := range p.LegalMoves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("ParseMove(%q) = %s, not a legal move of %s", text, m, p.FEN())
		}
		for _, form := range []struct {
			text string
			lang Lang
		}{{p.SAN(m), English}, {p.FormatMove(m, Italian), Italian}, {m.String(), AnyLang}} {
			if got, err := p.ParseMove(form.text, form.lang); err != nil || got != m {
				t.Fatalf("%s: %q read as %s; %q reads back as %s, %v", p.FEN(), text, m, form.text, got, err)
			}
		}
	})
}

// FuzzPGN: any input is read without panicking; every game read is
// checked, and written and read back unchanged.
func FuzzPGN(f *testing.F) {
	for _, name := range []string{"games.pgn", "export_in.pgn"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		// Seed with single games, which are small enough to mutate.
		games := strings.SplitAfter(string(data), "\n\n[Event")
		for _, g := range games[:min(len(games), 8)] {
			f.Add([]byte(g))
		}
	}
	f.Add([]byte("1.e4 e5 2.Cf3 (2.Ac4 {x} Cc6) Cc6 $1 3.Ab5(=) a6?! 1/2-1/2"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		into, reused := NewReader(bytes.NewReader(data)), new(Game)
		for range 50 {
			g, err := r.Read()
			errInto := into.ReadInto(reused)
			if errors.Is(err, io.EOF) {
				if !errors.Is(errInto, io.EOF) {
					t.Fatalf("ReadInto = %v where Read is at the end", errInto)
				}
				return
			}
			if g == nil {
				t.Fatalf("Read: no game and %v", err)
			}
			if a, b := fmt.Sprintf("%v %v", *g, err), fmt.Sprintf("%v %v", *reused, errInto); a != b {
				t.Fatalf("ReadInto read %s, Read %s", b, a)
			}
			v := Check(g, Options{})
			if v.Legal() && len(v.Moves) != len(g.Moves) {
				t.Fatalf("Check: legal with %d of %d moves", len(v.Moves), len(g.Moves))
			}
			checkRoundTrip(t, AppendPGN(nil, g))
			n := *g
			n.Moves = append([]Node(nil), g.Moves...)
			if Normalize(&n, Options{}, English) == nil && v.Legal() {
				checkRoundTrip(t, AppendPGN(nil, &n))
			}
		}
	})
}
