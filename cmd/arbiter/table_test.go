package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTableLongCells checks that a very long cell is cut to maxCell with
// an ellipsis and pads no other row beyond it, except a last cell of its
// row, which is written whole.
func TestTableLongCells(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Ólafsdóttir-", 100) + ", Sóley"
	tb := newTable(true, false, true, false)
	tb.add("1", long, "1800")
	tb.add("2", "Rossi, Mario", "1700")
	tb.add("3", "Neri, Paolo", "1600", long)
	var b strings.Builder
	if err := tb.write(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	cutName := string([]rune(long)[:maxCell-1]) + "…"
	want := []string{
		"1  " + cutName + "  1800",
		"2  Rossi, Mario" + strings.Repeat(" ", maxCell-len("Rossi, Mario")) + "  1700",
		"3  Neri, Paolo" + strings.Repeat(" ", maxCell-len("Neri, Paolo")) + "  1600  " + long,
	}
	if len(lines) != len(want) {
		t.Fatalf("table:\n%s\nwant %d lines", b.String(), len(want))
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d = %q\nwant %q", i+1, lines[i], want[i])
		}
	}
	if n := utf8.RuneCountInString(lines[0]); n != 3+maxCell+6 {
		t.Errorf("line 1 is %d characters, want %d", n, 3+maxCell+6)
	}
}

// TestPlayerListLongName checks that one very long name does not pad every
// row of player list, standings and round show to its length: either the
// name is refused at the door, or each other row stays short.
func TestPlayerListLongName(t *testing.T) {
	t.Parallel()
	c := setup(t)
	long := strings.Repeat("Ólafsdóttir", 1000) + ", Sóley"
	if _, _, code := c.run("player", "add", long); code != exitOK {
		return // refused where names are entered: nothing to pad with
	}
	for _, args := range [][]string{{"player", "list"}, {"standings"}, {"round", "show", "1"}} {
		out := c.ok(args...)
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 200 {
				t.Errorf("arbiter %s: a line of %d characters: %.80q", strings.Join(args, " "), n, line)
				break
			}
		}
	}
}
