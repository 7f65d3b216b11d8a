package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The process benchmarks time arbiter as an organizer meets it: a new
// process for every command, on a tournament in a file, measured from
// outside (wall time, and the CPU time the kernel charged the process).
// In-process benchmarks such as BenchmarkCommands1000 leave out what every
// command pays before it does anything: loading the program, the
// package initialisers, opening the database.
//
//	go test ./cmd/arbiter -run '^$' -bench Floor -benchtime 10x
//	go test ./cmd/arbiter -run '^$' -bench Floor -benchtime 5x -floor.big    # 100 to 9,999 players
//	go test ./cmd/arbiter -run '^$' -bench Floor -floor.bin /tmp/arbiter-old # another build, to compare
//	go test ./cmd/arbiter -run '^$' -bench Floor -benchtime 20x -floor.vs /tmp/arbiter-old
//
// Each sub-benchmark reports ns/op (wall) and cpu-ns/op (user plus system
// time of the process). The machine should be otherwise idle: quote the
// minimum and median of several runs (-count).
//
// With -floor.vs, the runs of a command alternate with runs of the other
// build on the same evening, in pairs, each build first in every other
// pair, so that both meet the same moments of a machine whose speed
// drifts: ns/op is then the time of both runs, and
// wall-ns/op, vs-wall-ns/op and vs-cpu-ns/op each build's own, with
// x-vs-median the median, over the runs, of this build's wall time over
// the other's. The other build must read this one's files (the same
// schema), as it times commands on an evening this build made.
var (
	floorBin   = flag.String("floor.bin", "", "arbiter program to time (default: built from this tree)")
	floorBig   = flag.Bool("floor.big", false, "also time fields of 100, 5,000 and 9,999 players (minutes to set up)")
	floorGames = flag.String("floor.games", filepath.Join("..", "..", "..", "shared", "data", "games"), "folder of PGN files for game check")
	floorVs    = flag.String("floor.vs", "", "another arbiter program to time in turn with this one, run by run, on the same evening")
)

// floorCommands are the commands of an evening, each run as its own
// process; FILE is replaced by a fresh path, DIR by a fresh folder. Those
// that write alternate their change so that every run writes.
var floorCommands = []string{
	"--version",
	"tournament show",
	"player list",
	"standings",
	"standings --json",
	"standings --explain 1",
	"round show",
	"round show --json",
	"round pair --dry-run",
	"round result 1 1-0 --correct --round 4",
	"log",
	"check",
	"export trf FILE",
	"export xlsx FILE",
	"export pgn FILE",
	"print pairings -o FILE",
	"print slips -o FILE",
	"print standings -o FILE",
	"print crosstable -o FILE",
	"publish --html DIR",
}

// floorBinary returns the arbiter program to time.
func floorBinary(b *testing.B) string {
	b.Helper()
	if *floorBin != "" {
		return *floorBin
	}
	exe := filepath.Join(b.TempDir(), "arbiter")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// floorRun runs exe with args on the database db and returns its wall
// and CPU time; a failure stops the benchmark.
func floorRun(b *testing.B, exe, db string, args ...string) (wall, cpu time.Duration) {
	b.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "ARBITER_DB="+db, "ARBITER_LANG=en", "ARBITER_USER=bench")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	start := time.Now()
	err := cmd.Run()
	wall = time.Since(start)
	if err != nil {
		b.Fatalf("arbiter %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// floorEvening writes, with exe, a database of a Swiss of players players
// after 4 of 9 rounds, every round published, and returns its path: a
// random tournament paired by arbiter (trf generate, seed 3), imported.
func floorEvening(b *testing.B, exe string, players int) string {
	b.Helper()
	dir := b.TempDir()
	trf, db := filepath.Join(dir, "evening.trf"), filepath.Join(dir, "evening.db")
	floorRun(b, exe, db, "trf", "generate", "--players", fmt.Sprint(players), "--rounds", "4", "--seed", "3", "-o", trf)
	floorRun(b, exe, db, "import", "trf", trf)
	floorRun(b, exe, db, "tournament", "set", "--rounds", "9")
	for r := 1; r <= 4; r++ {
		floorRun(b, exe, db, "round", "publish", "--round", fmt.Sprint(r))
	}
	return db
}

// BenchmarkFloor runs every command of an evening as a process, on a
// field of 30 and of 1,000 players (with -floor.big also 100, 5,000 and
// 9,999), and game check on the games of -floor.games beside
// pgn-extract, when both are there.
func BenchmarkFloor(b *testing.B) {
	exe := floorBinary(b)
	sizes := []int{30, 1000}
	if *floorBig {
		sizes = []int{30, 100, 1000, 5000, 9999}
	}
	for _, n := range sizes {
		// The field is set up inside its own sub-benchmark, so that a
		// pattern naming other ones (-bench Floor/game_check) skips it.
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) { floorField(b, exe, n) })
	}
	b.Run("game_check", func(b *testing.B) { floorGameCheck(b, exe) })
}

// floorField times the commands of an evening on a field of n players.
func floorField(b *testing.B, exe string, n int) {
	db := floorEvening(b, exe, n)
	cmds := floorCommands
	if n != 30 && n != 1000 {
		// The larger fields time what grows with them.
		cmds = []string{"round pair --dry-run", "standings", "publish --html DIR"}
	}
	for _, c := range cmds {
		b.Run(strings.ReplaceAll(c, " ", "_"), func(b *testing.B) {
			flip := 0
			// args returns the command's arguments for one run.
			args := func() []string {
				args := strings.Fields(c)
				for i, a := range args {
					switch a {
					case "FILE":
						args[i] = filepath.Join(b.TempDir(), "out")
					case "DIR":
						args[i] = filepath.Join(b.TempDir(), "site")
					case "1-0":
						args[i] = []string{"0-1", "1-0"}[flip%2]
						flip++
					}
				}
				return args
			}
			var cpu, vsCPU, wall, vsWall time.Duration
			var ratios []float64
			for i := 0; b.Loop(); i++ {
				if *floorVs == "" {
					w, c := floorRun(b, exe, db, args()...)
					wall, cpu = wall+w, cpu+c
					continue
				}
				// Each build goes first in every other pair: the
				// first run of a pair may leave the second a warmer
				// cache, or a busier disk.
				var w, c, vw, vc time.Duration
				if i%2 == 0 {
					w, c = floorRun(b, exe, db, args()...)
					vw, vc = floorRun(b, *floorVs, db, args()...)
				} else {
					vw, vc = floorRun(b, *floorVs, db, args()...)
					w, c = floorRun(b, exe, db, args()...)
				}
				wall, cpu, vsWall, vsCPU = wall+w, cpu+c, vsWall+vw, vsCPU+vc
				ratios = append(ratios, float64(w)/float64(vw))
			}
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
			b.ReportMetric(per(cpu), "cpu-ns/op")
			if *floorVs != "" {
				b.ReportMetric(per(wall), "wall-ns/op")
				b.ReportMetric(per(vsWall), "vs-wall-ns/op")
				b.ReportMetric(per(vsCPU), "vs-cpu-ns/op")
				slices.Sort(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "x-vs-median")
			}
		})
	}
}

// floorGameCheck times game check on every PGN file of -floor.games,
// twice over (11,614 games for the shared data set), and pgn-extract
// reading the same file, and reports the ratio of their times.
func floorGameCheck(b *testing.B, exe string) {
	names, _ := filepath.Glob(filepath.Join(*floorGames, "*.pgn"))
	if len(names) == 0 {
		b.Skipf("no PGN files in %s (set -floor.games)", *floorGames)
	}
	extract, err := exec.LookPath("pgn-extract")
	if err != nil {
		if extract, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			b.Skip("pgn-extract is not installed (Debian package pgn-extract)")
		}
	}
	file, _ := floorGamesFile(b, names)
	var ours, theirs, ourCPU, theirCPU time.Duration
	for b.Loop() {
		w, c := floorRun(b, exe, "", "game", "check", file)
		ours, ourCPU = ours+w, ourCPU+c
		cmd := exec.Command(extract, "-s", "-o", os.DevNull, file)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("pgn-extract: %v\n%s", err, out)
		}
		theirs += time.Since(start)
		theirCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(ourCPU.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(ours)/float64(theirs), "x-pgn-extract-wall")
	b.ReportMetric(float64(ourCPU)/float64(theirCPU), "x-pgn-extract-cpu")
}

// floorGamesFile writes the PGN files names, sorted, twice over into one
// file (11,614 games for the shared data set) and returns its path and
// size.
func floorGamesFile(b *testing.B, names []string) (string, int) {
	b.Helper()
	slices.Sort(names)
	var all []byte
	for range 2 {
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				b.Fatal(err)
			}
			all = append(all, data...)
			all = append(all, '\n')
		}
	}
	file := filepath.Join(b.TempDir(), "games.pgn")
	if err := os.WriteFile(file, all, 0o644); err != nil {
		b.Fatal(err)
	}
	return file, len(all)
}
