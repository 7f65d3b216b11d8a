package pairing

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "update golden files")

// formatBerger writes a whole round robin as the golden files hold it:
// one line per round, boards White first, then the bye.
func formatBerger(t *testing.T, players, cycles int) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# %d players, %s (FIDE C.05 Annex 1)\n", players, map[int]string{1: "single round robin", 2: "double round robin"}[cycles])
	for r := 1; r <= BergerRounds(players, cycles); r++ {
		boards, bye, err := BergerRound(players, cycles, r)
		if err != nil {
			t.Fatalf("BergerRound(%d, %d, %d): %v", players, cycles, r, err)
		}
		var items []string
		for _, bd := range boards {
			items = append(items, fmt.Sprintf("%d-%d", bd.White, bd.Black))
		}
		if bye != 0 {
			items = append(items, fmt.Sprintf("%d bye", bye))
		}
		fmt.Fprintf(&b, "Rd %d: %s\n", r, strings.Join(items, ", "))
	}
	return b.String()
}

// TestBergerGolden keeps every table from 3 to 16 players, and the double
// round robins of 4 and 5 players, in golden files: go test -update
// rewrites them.
func TestBergerGolden(t *testing.T) {
	type tc struct{ players, cycles int }
	var cases []tc
	for n := MinBerger; n <= MaxBerger; n++ {
		cases = append(cases, tc{n, 1})
	}
	cases = append(cases, tc{4, 2}, tc{5, 2})
	for _, c := range cases {
		name := fmt.Sprintf("%02d", c.players)
		if c.cycles == 2 {
			name += "-double"
		}
		t.Run(name, func(t *testing.T) {
			got := formatBerger(t, c.players, c.cycles)
			path := filepath.Join("testdata", "berger", name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./pairing -run TestBergerGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("round robin of %d players:\n%s\nwant:\n%s", c.players, got, want)
			}
		})
	}
}

// readPublished reads testdata/berger/published.txt: for each even field,
// its rounds as "W-B" pairs.
func readPublished(t *testing.T) map[int][][]Board {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "berger", "published.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tables := map[int][][]Board{}
	n := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if v, err := strconv.Atoi(text); err == nil {
			n = v
			continue
		}
		var rd []Board
		for _, item := range strings.Split(text, ",") {
			var w, b int
			if _, err := fmt.Sscanf(strings.TrimSpace(item), "%d-%d", &w, &b); err != nil {
				t.Fatalf("published.txt line %d: %q: %v", line, item, err)
			}
			rd = append(rd, Board{White: w, Black: b})
		}
		tables[n] = append(tables[n], rd)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tables
}

// TestBergerPublished compares every table from 3 to 16 players with the
// published tables, board by board with colours; for an odd field the
// published table's highest number is the bye.
func TestBergerPublished(t *testing.T) {
	tables := readPublished(t)
	for n := MinBerger; n <= MaxBerger; n++ {
		even := n + n%2
		table, ok := tables[even]
		if !ok {
			t.Fatalf("published.txt has no table for %d players", even)
		}
		if len(table) != BergerRounds(n, 1) {
			t.Fatalf("%d players: published table has %d rounds, BergerRounds says %d", n, len(table), BergerRounds(n, 1))
		}
		for r, want := range table {
			boards, bye, err := BergerRound(n, 1, r+1)
			if err != nil {
				t.Fatal(err)
			}
			var wantBoards []Board
			wantBye := 0
			for _, b := range want {
				switch {
				case b.White > n:
					wantBye = b.Black
				case b.Black > n:
					wantBye = b.White
				default:
					wantBoards = append(wantBoards, b)
				}
			}
			if fmt.Sprint(boards) != fmt.Sprint(wantBoards) || bye != wantBye {
				t.Errorf("%d players, round %d = %v bye %d, want %v bye %d", n, r+1, boards, bye, wantBoards, wantBye)
			}
		}
	}
}

// TestBergerProperties checks what makes a round robin one: every pair
// meets once per cycle, the second cycle with the other colours, each
// player has at most one bye per cycle, nobody has the same colour three
// times in a row in a double round robin of 4 or 5 (the reason Annex 1
// swaps the last two rounds of the first cycle), and colours balance
// within one per player and cycle.
func TestBergerProperties(t *testing.T) {
	for n := 2; n <= MaxBerger; n++ {
		for cycles := 1; cycles <= 2; cycles++ {
			met := map[[2]int]int{}
			white := map[[2]int]int{}
			byes := map[int]int{}
			seq := map[int][]byte{}
			for r := 1; r <= BergerRounds(n, cycles); r++ {
				boards, bye, err := BergerRound(n, cycles, r)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[int]bool{}
				for _, b := range boards {
					for _, p := range []int{b.White, b.Black} {
						if p < 1 || p > n || seen[p] {
							t.Fatalf("%d players x%d round %d: player %d twice or out of range", n, cycles, r, p)
						}
						seen[p] = true
					}
					k := [2]int{min(b.White, b.Black), max(b.White, b.Black)}
					met[k]++
					white[[2]int{b.White, b.Black}]++
					seq[b.White] = append(seq[b.White], 'W')
					seq[b.Black] = append(seq[b.Black], 'B')
				}
				if bye != 0 {
					if seen[bye] {
						t.Fatalf("%d players round %d: bye %d also plays", n, r, bye)
					}
					byes[bye]++
					seen[bye] = true
				}
				if len(seen) != n {
					t.Fatalf("%d players round %d: %d placed, want all", n, r, len(seen))
				}
			}
			for i := 1; i <= n; i++ {
				if n%2 == 1 && byes[i] != cycles {
					t.Errorf("%d players x%d: player %d has %d byes, want %d", n, cycles, i, byes[i], cycles)
				}
				w := strings.Count(string(seq[i]), "W")
				if d := 2*w - len(seq[i]); d > cycles || d < -cycles {
					t.Errorf("%d players x%d: player %d colours %s", n, cycles, i, seq[i])
				}
				if cycles == 2 && n <= 5 && (strings.Contains(string(seq[i]), "WWW") || strings.Contains(string(seq[i]), "BBB")) {
					t.Errorf("%d players x2: player %d has colours %s", n, i, seq[i])
				}
				for j := i + 1; j <= n; j++ {
					if met[[2]int{i, j}] != cycles {
						t.Errorf("%d players x%d: %d and %d meet %d times", n, cycles, i, j, met[[2]int{i, j}])
					}
					if cycles == 2 && (white[[2]int{i, j}] != 1 || white[[2]int{j, i}] != 1) {
						t.Errorf("%d players x2: %d-%d not once with each colour", n, i, j)
					}
				}
			}
		}
	}
}

func TestBergerErrors(t *testing.T) {
	tests := []struct {
		name                   string
		players, cycles, round int
		want                   string
	}{
		{"one player", 1, 1, 1, "2 players or more"},
		{"three cycles", 4, 3, 1, "once or twice"},
		{"round zero", 4, 1, 0, "rounds 1 to 3"},
		{"past the end", 5, 2, 11, "rounds 1 to 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := BergerRound(tt.players, tt.cycles, tt.round)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("BergerRound(%d, %d, %d) = %v, want an error with %q", tt.players, tt.cycles, tt.round, err, tt.want)
			}
		})
	}
}
