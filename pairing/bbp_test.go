package pairing

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// The differential test against bbpPairings runs only when BBP names its
// binary (a FIDE-endorsed engine; build it yourself from
// github.com/BieremaBoyzProgramming/bbpPairings, v6.0.0 for the 2025
// rules):
//
//	BBP=/path/to/bbpPairings.exe go test ./pairing -run TestBBP -bbp.n 500
//
// It plays random tournaments with absences, half- and full-point byes,
// forfeits, late entries, withdrawals and forbidden pairs, lets bbpPairings
// pair every round, and checks that this package pairs every round the
// same way. Failing tournaments are written to -bbp.out.
var (
	bbpN    = flag.Int("bbp.n", 50, "number of random tournaments for TestBBP")
	bbpSeed = flag.Uint64("bbp.seed", 1, "first seed for TestBBP")
	bbpOut  = flag.String("bbp.out", "", "directory for the TRF files of tournaments that differ")
	bbpMaxN = flag.Int("bbp.players", 60, "largest number of players for TestBBP")
	bbpSave = flag.String("bbp.save", "", "directory to save every tournament of TestBBP as TRF")
	bbpEd   = flag.Int("bbp.edition", 2025, "rules of the BBP binary: 2025 (v6.0.0) or 2017 (v5.0.1)")
)

func bbpPairer(t testing.TB, bin string) pairFunc {
	dir := t.TempDir()
	return func(f *trf.File) (Result, error) {
		in := filepath.Join(dir, "in.trf")
		out := filepath.Join(dir, "out.txt")
		var buf bytes.Buffer
		if err := trf.NewWriter(&buf).Write(f); err != nil {
			return Result{}, err
		}
		if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
			return Result{}, err
		}
		cmd := exec.Command(bin, "--dutch", in, "-p", out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return Result{}, fmt.Errorf("bbpPairings: %v: %s", err, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			return Result{}, err
		}
		return parsePairs(data)
	}
}

// parsePairs reads the JaVaFo output format: N, then N lines "white black".
func parsePairs(data []byte) (Result, error) {
	var res Result
	sc := bufio.NewScanner(bytes.NewReader(data))
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if first {
			first = false
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 2 {
			return res, fmt.Errorf("bad pairing line %q", line)
		}
		w, err1 := strconv.Atoi(fs[0])
		b, err2 := strconv.Atoi(fs[1])
		if err1 != nil || err2 != nil {
			return res, fmt.Errorf("bad pairing line %q", line)
		}
		if b == 0 {
			res.Bye = w
		} else {
			res.Boards = append(res.Boards, Board{White: w, Black: b})
		}
	}
	return res, sc.Err()
}

// randomOptions draws the shape of a random tournament from seed.
func randomOptions(rng *rand.Rand, maxPlayers int) genOptions {
	o := genOptions{
		Players: 3 + rng.IntN(maxPlayers-2),
		Rounds:  3 + rng.IntN(9),
		Draw:    0.1 + 0.4*rng.Float64(),
	}
	if o.Rounds >= o.Players {
		o.Rounds = max(2, o.Players-1)
	}
	switch rng.IntN(4) {
	case 0: // clean
	case 1:
		o.Absent, o.HalfBye, o.FullBye, o.Forfeit = 0.03, 0.03, 0.02, 0.03
	case 2:
		o.Absent, o.HalfBye, o.FullBye, o.Forfeit, o.Late, o.Withdraw = 0.08, 0.05, 0.05, 0.08, 0.1, 0.1
	default:
		o.Absent, o.Forfeit, o.Late, o.Forbidden = 0.05, 0.05, 0.15, 2
	}
	return o
}

func TestBBP(t *testing.T) {
	bin := os.Getenv("BBP")
	if bin == "" {
		t.Skip("set BBP to a bbpPairings binary to compare with it")
	}
	bbp := bbpPairer(t, bin)
	rounds, same := 0, 0
	for i := 0; i < *bbpN; i++ {
		seed := *bbpSeed + uint64(i)
		rng := rand.New(rand.NewPCG(seed, 7))
		o := randomOptions(rng, *bbpMaxN)
		f, err := genTournament(rng, o, bbp)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		diffs, err := CheckTRF(f, *bbpEd)
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		if *bbpSave != "" {
			var buf bytes.Buffer
			trf.NewWriter(&buf).Write(f)
			os.WriteFile(filepath.Join(*bbpSave, fmt.Sprintf("gen%d.trf", seed)), buf.Bytes(), 0o644)
		}
		rounds += f.PlayedRounds()
		same += f.PlayedRounds() - len(diffs)
		if len(diffs) > 0 {
			for _, d := range diffs {
				t.Errorf("seed %d (%+v): round %d: bbpPairings %v bye %d, ours %v bye %d %v", seed, o, d.Round, d.Recorded.Boards, d.Recorded.Bye, d.Ours.Boards, d.Ours.Bye, d.Err)
			}
			if *bbpOut != "" {
				var buf bytes.Buffer
				trf.NewWriter(&buf).Write(f)
				os.WriteFile(filepath.Join(*bbpOut, fmt.Sprintf("seed%d.trf", seed)), buf.Bytes(), 0o644)
			}
		}
	}
	t.Logf("%d tournaments, %d rounds, %d paired identically (%.2f%%)", *bbpN, rounds, same, 100*float64(same)/float64(max(rounds, 1)))
}
