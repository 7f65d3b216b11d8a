package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// dbFiles reads every file of the database (the file and its journal).
func dbFiles(t *testing.T, db string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(db + "*")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}

// engineText pairs round r of a TRF file with trf pair and writes it as
// whatIf does: "1-4, 2-3, 5 bye".
func engineText(t *testing.T, c *cli, file string, r int) string {
	t.Helper()
	var p trfPairJSON
	if err := json.Unmarshal([]byte(c.ok("trf", "pair", file, "--round", fmt.Sprint(r), "--json")), &p); err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, b := range p.Boards {
		items = append(items, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	if p.Bye != 0 {
		items = append(items, fmt.Sprintf("%d bye", p.Bye))
	}
	return strings.Join(items, ", ")
}

// TestWhatIf: a correction in round 2 after round 4 is paired and played.
// The what-if must report exactly the standings that the real correction
// gives (checked on a copy of the database), the players and tie-breaks
// that change, and for rounds 3 and 4 the pairing the Dutch system makes
// from the corrected history (checked with trf pair on the copy's TRF);
// the database itself stays byte for byte as it was.
func TestWhatIf(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "What if", "--rounds", "5", "--first-colour", "white")
	for i := 1; i <= 10; i++ {
		c.ok("player", "add", smallNames[i-1], "--rating", fmt.Sprint(2200-25*i))
	}
	for r := 1; r <= 4; r++ {
		var rd roundJSON
		if err := json.Unmarshal([]byte(c.ok("round", "pair", "--json")), &rd); err != nil {
			t.Fatal(err)
		}
		for i, b := range rd.Boards {
			if b.Board > 0 {
				c.ok("round", "result", fmt.Sprint(b.Board), []string{"1-0", "1/2", "0-1", "1-0"}[(i+r)%4])
			}
		}
	}
	var r2 roundJSON
	if err := json.Unmarshal([]byte(c.ok("round", "show", "2", "--json")), &r2); err != nil {
		t.Fatal(err)
	}
	// Board 1 of round 2 the other way round.
	flip := map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2": "1-0"}[r2.Boards[0].Result]

	// A copy of the database before the what-if, to make the correction
	// for real.
	cp := &cli{t: t, db: filepath.Join(t.TempDir(), "copy.db"), env: c.env}
	c.ok("backup", cp.db)

	before := dbFiles(t, c.db)
	out, errs, code := c.run("round", "result", "1", flip, "--round", "2", "--correct", "--what-if", "--json")
	if code != 0 {
		t.Fatalf("what-if: exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "nothing was stored") {
		t.Errorf("what-if says %q, want that nothing was stored", errs)
	}
	after := dbFiles(t, c.db)
	if !reflect.DeepEqual(before, after) {
		t.Errorf("the database changed during a what-if")
	}
	var w whatIfJSON
	if err := json.Unmarshal([]byte(out), &w); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}

	var stOld, stNew []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &stOld); err != nil {
		t.Fatal(err)
	}
	cp.ok("round", "result", "1", flip, "--round", "2", "--correct")
	if err := json.Unmarshal([]byte(cp.ok("standings", "--json")), &stNew); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(w.Before, stOld) {
		t.Errorf("what-if standings before = %+v\nwant %+v", w.Before, stOld)
	}
	if !reflect.DeepEqual(w.Corrected, stNew) {
		t.Errorf("what-if standings after = %+v\nwant (the correction made) %+v", w.Corrected, stNew)
	}
	// The diff: exactly the players whose rank, points or a tie-break
	// differ between the two real standings.
	byPN := map[int]standingJSON{}
	for _, x := range stNew {
		byPN[x.PairingNumber] = x
	}
	var want []int
	for _, x := range stOld {
		y := byPN[x.PairingNumber]
		if x.Rank != y.Rank || x.Points != y.Points || !reflect.DeepEqual(x.Tiebreaks, y.Tiebreaks) {
			want = append(want, x.PairingNumber)
		}
	}
	sort.Ints(want)
	var got []int
	for _, ch := range w.Changes {
		got = append(got, ch.PairingNumber)
		y := byPN[ch.PairingNumber]
		if ch.Points[1] != y.Points || ch.Rank[1] != y.Rank {
			t.Errorf("player %d: what-if says %v points rank %v, the correction gives %v rank %d", ch.PairingNumber, ch.Points, ch.Rank, y.Points, y.Rank)
		}
		for code, v := range ch.Tiebreaks {
			if v[1] != y.Tiebreaks[code] {
				t.Errorf("player %d %s: what-if %v, the correction gives %v", ch.PairingNumber, code, v[1], y.Tiebreaks[code])
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || len(got) == 0 {
		t.Errorf("what-if changes players %v, want %v", got, want)
	}

	// Rounds 3 and 4 paired from the corrected history, by trf pair on
	// the copy's TRF file.
	file := filepath.Join(t.TempDir(), "copy.trf")
	cp.ok("export", "trf", file)
	if len(w.Later) != 2 {
		t.Fatalf("what-if looks at %d later rounds, want rounds 3 and 4", len(w.Later))
	}
	differ := 0
	for _, lr := range w.Later {
		eng := engineText(t, cp, file, lr.Round)
		var rd roundJSON
		if err := json.Unmarshal([]byte(c.ok("round", "show", fmt.Sprint(lr.Round), "--json")), &rd); err != nil {
			t.Fatal(err)
		}
		var stored []string
		for _, b := range rd.Boards {
			if b.Board > 0 {
				stored = append(stored, fmt.Sprintf("%d-%d", b.White, *b.Black))
			} else if b.Bye == "PAB" {
				stored = append(stored, fmt.Sprintf("%d bye", b.White))
			}
		}
		if lr.Engine != eng || lr.Stored != strings.Join(stored, ", ") || lr.Differs != (eng != lr.Stored) {
			t.Errorf("round %d: what-if %+v, want engine %q, stored %q", lr.Round, lr, eng, strings.Join(stored, ", "))
		}
		if lr.Differs {
			differ++
		}
		t.Logf("round %d: differs %v: stored %s, engine %s", lr.Round, lr.Differs, lr.Stored, lr.Engine)
	}
	if differ == 0 {
		t.Errorf("no later round differs: the test should flip a result that matters")
	}

	// The text form says the same, and also stores nothing.
	text, _, code := c.run("round", "result", "1", flip, "--round", "2", "--correct", "--what-if")
	if code != 0 || !strings.Contains(text, "To keep it: arbiter round result 1 "+flip+" --round 2 --correct") || !bytes.Equal(before[filepath.Base(c.db)], dbFiles(t, c.db)[filepath.Base(c.db)]) {
		t.Errorf("what-if text (exit %d):\n%s", code, text)
	}
	t.Log("\n" + text)
}
