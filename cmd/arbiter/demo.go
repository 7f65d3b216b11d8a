package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// demoData is what the demo plays with: the club list and the game
// records handed in during the evening (demodata/SOURCES.md says where
// they come from).
//
//go:embed demodata/roster.csv demodata/games
var demoData embed.FS

type demoOptions struct {
	dir  string
	seed int64
	lang string
}

func newDemoCmd(a *app) *cobra.Command {
	opts := &demoOptions{}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Play a whole club evening on built-in data and write every file it gives",
		Long: `Play a Labyrinth club evening from registration to the final standings, on a
club list and game records built into arbiter, by running the commands an
organizer types: the club list goes into the roster, the prizes are
announced (the first three places, the best under 1600, woman and under 18,
shared by the Hort system), 24 players register before 21:15 and 2 arrive
late for round 2, 7 rounds are paired by the Dutch
system, results are drawn from the rating difference, one player withdraws
after round 4, one asks for a half-point bye, one game is lost by forfeit,
and some boards get their game scores, checked against the Laws of Chess: two
in Italian letters (one a four-move mate), two in English letters ending in
mate, and a blitz game whose claim of a win on time becomes a draw (art. 6.9).

The commands and their notices are written to standard error, the final
standings and the prize list to standard output. The folder (--dir, created
if missing) gets the database (labyrinth.db), the workbook, the pairing sheet
and result slips of every round, the standings, the crosstable and the prize
list as PDF, the TRF and the PGN, and
the club list and game records typed in. Files of an earlier demo there are
replaced; nothing else in the folder is touched. The same --seed always
plays the same evening.

After the evening the two earlier evenings of the club's spring season are
typed in from their paper sheets, and the season of the three is scored
(season new, season add, season standings: best 2 of 3, one point for
every evening played); its table follows the standings on standard output,
and season.xlsx and season.pdf join the files.

--lang it plays the evening in Italian: the tournament's sheets, workbook
and the transcript's remarks are in Italian (the same as ARBITER_LANG=it or
an Italian LANG); --lang en in English.`,
		Example: `  $ arbiter demo
  $ arbiter demo --dir /tmp/evening --seed 7
  $ arbiter demo --lang it --dir serata
  $ ARBITER_DB=arbiter-demo/labyrinth.db arbiter standings --explain 1`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("db") || cmd.Flags().Changed("tournament") {
				return usageErrorf("%s", a.tr().T("err.demo.db"))
			}
			if _, err := reportLang(opts.lang); err != nil {
				return err
			}
			return runDemo(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.dir, "dir", "arbiter-demo", "write the database and the files in the folder `DIR`")
	cmd.Flags().Int64Var(&opts.seed, "seed", 2, "the seed `N` of the results drawn and of the colour lot")
	cmd.Flags().StringVar(&opts.lang, "lang", "", "the language of the evening: {en|it} (default: the terminal's, ARBITER_LANG or LANG)")
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions([]cobra.Completion{"en", "it"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.MarkFlagDirname("dir")
	cmd.RegisterFlagCompletionFunc("seed", cobra.NoFileCompletions)
	return cmd
}

// The evening: Tuesday 12 May 2026 at the club, on Italian summer time.
var (
	demoZone = time.FixedZone("CEST", 2*60*60)
	demoDate = time.Date(2026, 5, 12, 0, 0, 0, 0, demoZone)
)

const (
	demoDB     = "labyrinth.db"
	demoRounds = 7
)

// demoArrivals are the players who register before the deadline, in the
// order they arrive and as they give their names: the roster finds "Theo
// Moreau" and "Nunez, Inaki" as well. Those marked shown are printed in
// the transcript; the others are counted.
var demoArrivals = []struct {
	name  string
	shown bool
}{
	{"Ferretti, Niccolò", true}, {"Kowalczyk, Zofia", true}, {"Theo Moreau", true}, {"Bianchi, Federico", false},
	{"Esposito, Gennaro", false}, {"Nunez, Inaki", true}, {"Santoro, Lucia", false}, {"D'Angelo, Raffaele", false},
	{"Öztürk, Elif", false}, {"Colombo, Matteo", false}, {"Jürgen Schäfer", true}, {"Ricci, Chiara", false},
	{"Marino, Salvatore", false}, {"Dvořák, Tomáš", false}, {"Greco, Martina", false}, {"Lombardi, Andrea", false},
	{"Nakamura, Aiko", false}, {"Conti, Elena", false}, {"Barbieri, Luca", false}, {"Søndergaard, Mikkel", false},
	{"Mancini, Giulia", false}, {"Rinaldi, Pietro", false}, {"De Luca, Tommaso", false}, {"Amato, Cecilia", true},
}

// demoStep is a command typed while a round is played, minutes after the
// round starts, with the organizer's note on it.
type demoStep struct {
	round, minute int
	note          string
	args          []string
}

// demoSteps are the evening's other events: two latecomers enter once
// round 1 is paired (from round 2, with nothing for round 1, the
// tournament's late-entry value), a player asks for a half-point bye in
// round 6, and another leaves after his round 4 game.
var demoSteps = []demoStep{
	{1, 6, "demo.late", // "Two players arrive after the deadline..."
		[]string{"player", "add", "Ionescu, Ștefan"}},
	{1, 7, "", []string{"player", "add", "Villa, Noemi"}},
	{3, 4, "demo.halfbye", []string{"player", "bye", "Greco, Martina", "--round", "6"}},
	{4, 5, "demo.leaves", []string{"player", "withdraw", "Marino, Salvatore"}},
}

// demoIncident is a board with a story: a game score handed in, a claim
// on time, a player who does not come. It goes to the first board of its
// round, counted from the top (from the bottom when fromBottom), whose
// result drawn by chance is drawn, so that the story fits the players; if
// no board has that result, to the first board. The game score, not the
// draw, then decides the board's result.
type demoIncident struct {
	round      int
	drawn      string   // the drawn result the board should have
	game       string   // a file in demodata/games, attached with game add
	result     []string // round result arguments after the board, if any
	fromBottom bool
	note       string // message id of the organizer's remark
}

var demoIncidents = []demoIncident{
	{round: 1, drawn: "0-1", game: "laws-appendix.txt",
		note: "demo.appendix"},
	{round: 2, drawn: "1-0", game: "solta-2025.pgn", note: "demo.solta"},
	{round: 3, drawn: "1/2", game: "lichess-blitz-flag.pgn", result: []string{"0-1", "--reason", "time"}, note: "demo.flag"},
	{round: 4, drawn: "1-0", game: "matto-del-barbiere.txt", fromBottom: true, note: "demo.barber"},
	{round: 5, drawn: "1-0", result: []string{"+-"}, note: "demo.forfeit"},
	{round: 6, drawn: "0-1", game: "xinghua-2025.pgn", note: "demo.xinghua"},
}

// demoRun is one playing of the evening.
type demoRun struct {
	a     *app              // the demo's own streams: the transcript goes to a.stderr
	l     *locale.Localizer // the evening's language
	dir   string
	db    string
	clock time.Time
	rng   *rand.Rand
	// ratings are the entries' ratings by pairing number, read with
	// player list --json.
	ratings map[int]int
	// folded counts the commands left out of the transcript since the
	// last one shown; fold says what they were.
	folded int
	fold   *demoFold
}

// demoFold says what commands left out of the transcript were: the id of
// a message counting them.
type demoFold struct{ msg string }

var (
	foldPlayers = &demoFold{"demo.foldplayers"} // "3 more players register the same way"
	foldResults = &demoFold{"demo.foldresults"}
)

func runDemo(ctx context.Context, a *app, opts *demoOptions) error {
	lang, _ := reportLang(opts.lang)
	if lang == "" {
		lang = a.termLang()
	}
	d := &demoRun{
		a:     a,
		l:     locale.New(lang),
		dir:   opts.dir,
		db:    filepath.Join(opts.dir, demoDB),
		clock: demoDate.Add(20*time.Hour + 40*time.Minute),
		rng:   rand.New(rand.NewPCG(uint64(opts.seed), 0x4C616279)),
	}
	if err := d.prepare(); err != nil {
		return err
	}
	fmt.Fprintln(a.stderr, d.l.T("demo.header", "Day", d.l.Day(demoDate), "Seed", opts.seed, "DB", d.db))

	d.section(20*60+40, d.l.T("demo.roster"))
	if _, err := d.do(ctx, nil, "roster", "import", d.file("roster.csv")); err != nil {
		return err
	}
	d.section(20*60+41, d.l.T("demo.new"))
	if _, err := d.do(ctx, nil, "tournament", "new", d.l.T("demo.tournament", "Date", d.l.Date(demoDate)), "--preset", "labyrinth",
		"--date", demoDate.Format(time.DateOnly), "--seed", strconv.FormatInt(opts.seed, 10), "--lang", lang.String()); err != nil {
		return err
	}
	d.section(20*60+42, d.l.T("demo.prizes"))
	for _, args := range d.prizeSteps() {
		if _, err := d.do(ctx, nil, args...); err != nil {
			return err
		}
	}
	d.section(20*60+45, d.l.T("demo.registration"))
	for _, p := range demoArrivals {
		fold := foldPlayers
		if p.shown {
			fold = nil
		}
		if _, err := d.do(ctx, fold, "player", "add", p.name); err != nil {
			return err
		}
		d.clock = d.clock.Add(55 * time.Second)
	}
	for r := 1; r <= demoRounds; r++ {
		if err := d.round(ctx, r); err != nil {
			return err
		}
	}
	return d.finish(ctx)
}

// prizeSteps are the commands that announce the evening's prizes: money
// for the first three, shared by the Hort system, a book for the best
// under 1600, money for the best woman and a cup for the best under 18,
// each category given its prize only with 3 players or more.
func (d *demoRun) prizeSteps() [][]string {
	women := d.l.T("demo.women")
	return [][]string{
		{"category", "add", "U1600", "--rating-below", "1600"},
		{"category", "add", women, "--sex", "F", "--min-players", "3"},
		{"category", "add", "U18", "--age", "U18", "--min-players", "3"},
		{"prizes", "add", "1", "50 €"},
		{"prizes", "add", "2", "30 €"},
		{"prizes", "add", "3", "20 €"},
		{"prizes", "add", "1", d.l.T("demo.book"), "--category", "U1600"},
		{"prizes", "add", "1", "20 €", "--category", women},
		{"prizes", "add", "1", d.l.T("demo.cup"), "--category", "U18"},
		{"prizes", "sharing", "hort"},
	}
}

// round plays round r: pairing, sheets, the evening's events, results.
func (d *demoRun) round(ctx context.Context, r int) error {
	start := 21*60 + 30 + (r-1)*25 // minutes after midnight
	title := d.l.T("demo.round", "Round", r)
	if r == 1 {
		title = d.l.T("demo.round1", "Round", r, "Time", d.l.Clock(demoDate.Add(21*time.Hour+15*time.Minute)))
	}
	d.section(start-3, title)
	// The first round's pairing is shown in full; later ones by their
	// summary line.
	pair := d.do
	if r == 1 {
		pair = func(ctx context.Context, _ *demoFold, args ...string) (string, error) { return d.show(ctx, args...) }
	}
	if _, err := pair(ctx, nil, "round", "pair"); err != nil {
		return err
	}
	rd, err := d.pairing(ctx, r)
	if err != nil {
		return err
	}
	for _, kind := range []string{"pairings", "slips"} {
		if _, err := d.do(ctx, nil, "print", kind, "-o", d.file(fmt.Sprintf("round-%d-%s.pdf", r, kind))); err != nil {
			return err
		}
	}
	for _, s := range demoSteps {
		if s.round != r {
			continue
		}
		d.at(start + s.minute)
		if s.note != "" {
			d.note(d.l.T(s.note))
		}
		if _, err := d.do(ctx, nil, s.args...); err != nil {
			return err
		}
	}
	return d.results(ctx, rd, start+8)
}

// pairing reads the boards of round r with round show --json.
func (d *demoRun) pairing(ctx context.Context, r int) (roundJSON, error) {
	var rd roundJSON
	out, err := d.query(ctx, "round", "show", strconv.Itoa(r), "--json")
	if err != nil {
		return rd, err
	}
	if err := json.Unmarshal([]byte(out), &rd); err != nil {
		return rd, &wordedError{d.l.T("err.demo.readpairing", "Round", r, "Err", err.Error()), err}
	}
	return rd, nil
}

// results enters the results of round rd from minute at on: each board's
// result is drawn from the ratings, and the round's incidents replace
// some of them.
func (d *demoRun) results(ctx context.Context, rd roundJSON, at int) error {
	var boards []boardJSON
	for _, b := range rd.Boards {
		if b.Bye == "" && b.Black != nil {
			boards = append(boards, b)
		}
	}
	if err := d.knowPlayers(ctx, boards); err != nil {
		return err
	}
	shown := false // the first plain result of the round is shown
	drawn := make([]string, len(boards))
	for i, b := range boards {
		drawn[i] = d.draw(d.ratings[b.White], d.ratings[*b.Black])
	}
	incident := map[int]demoIncident{}
	for _, in := range demoIncidents {
		if in.round == rd.Round {
			incident[pickBoard(drawn, in, incident)] = in
		}
	}
	d.section(at, d.l.T("demo.results", "Round", rd.Round))
	for i, b := range boards {
		board := strconv.Itoa(b.Board)
		in, ok := incident[i]
		switch {
		case !ok:
			fold := foldResults
			if !shown {
				fold, shown = nil, true
			}
			if _, err := d.do(ctx, fold, "round", "result", board, drawn[i]); err != nil {
				return err
			}
		default:
			d.note(d.l.T(in.note))
			if in.game != "" {
				if _, err := d.do(ctx, nil, "game", "add", board, d.file(path.Join("games", in.game))); err != nil {
					return err
				}
			}
			if len(in.result) > 0 {
				if _, err := d.do(ctx, nil, append([]string{"round", "result", board}, in.result...)...); err != nil {
					return err
				}
			}
		}
		d.clock = d.clock.Add(40 * time.Second)
	}
	return nil
}

// pickBoard returns the index of the board incident in goes to: the first
// board not taken whose drawn result is in.drawn, from the top or from the
// bottom; the first board not taken if none is.
func pickBoard(drawn []string, in demoIncident, taken map[int]demoIncident) int {
	first := -1
	for k := range drawn {
		i := k
		if in.fromBottom {
			i = len(drawn) - 1 - k
		}
		if _, ok := taken[i]; ok {
			continue
		}
		if drawn[i] == in.drawn {
			return i
		}
		if first < 0 || i < first {
			first = i
		}
	}
	return first
}

// knowPlayers reads the entries' ratings with player list --json when a
// board has a player the demo has not seen yet.
func (d *demoRun) knowPlayers(ctx context.Context, boards []boardJSON) error {
	known := d.ratings != nil
	for _, b := range boards {
		_, w := d.ratings[b.White]
		_, k := d.ratings[*b.Black]
		known = known && w && k
	}
	if known {
		return nil
	}
	out, err := d.query(ctx, "player", "list", "--json")
	if err != nil {
		return err
	}
	var ps []playerJSON
	if err := json.Unmarshal([]byte(out), &ps); err != nil {
		return &wordedError{d.l.T("err.demo.readplayers", "Err", err.Error()), err}
	}
	d.ratings = map[int]int{}
	for _, p := range ps {
		d.ratings[p.PairingNumber] = p.Rating
	}
	return nil
}

// draw draws the result of a game between players rated w (White) and
// b. White's expected score is the FIDE expectancy 1/(1+10^(-D/400)),
// with an unrated player taken as 1200 and a difference D above 400
// counted as 400, as in the FIDE rating regulations. Draws take 30% of
// the games between equals and fewer as the gap grows; the expected score
// stays the expectancy.
func (d *demoRun) draw(w, b int) string {
	if w == 0 {
		w = 1200
	}
	if b == 0 {
		b = 1200
	}
	diff := math.Max(-400, math.Min(400, float64(w-b)))
	e := 1 / (1 + math.Pow(10, -diff/400))
	drawn := 0.3 * (1 - math.Abs(2*e-1))
	u := d.rng.Float64()
	switch {
	case u < e-drawn/2:
		return "1-0"
	case u < e+drawn/2:
		return "1/2"
	}
	return "0-1"
}

// finish writes the files of the end of the evening and prints the
// standings on standard output.
func (d *demoRun) finish(ctx context.Context) error {
	d.section(21*60+30+demoRounds*25, d.l.T("demo.over"))
	steps := [][]string{
		{"export", "xlsx", d.file("labyrinth.xlsx")},
		{"export", "trf", d.file("labyrinth.trf")},
		{"export", "pgn", d.file("labyrinth.pgn")},
		{"print", "standings", "-o", d.file("standings.pdf")},
		{"print", "crosstable", "-o", d.file("crosstable.pdf")},
		{"print", "prizes", "-o", d.file("prizes.pdf")},
	}
	for _, args := range steps {
		if _, err := d.do(ctx, nil, args...); err != nil {
			return err
		}
	}
	out, err := d.do(ctx, nil, "standings")
	if err != nil {
		return err
	}
	if _, err := io.WriteString(d.a.stdout, out); err != nil {
		return err
	}
	// The evening ends with its prize list, as read out at the
	// prize-giving.
	if _, err := io.WriteString(d.a.stdout, "\n"); err != nil {
		return err
	}
	if out, err = d.do(ctx, nil, "prizes", "list"); err != nil {
		return err
	}
	if _, err := io.WriteString(d.a.stdout, out); err != nil {
		return err
	}
	table, err := d.season(ctx)
	if err != nil {
		return err
	}
	if err := d.writeSeason(table); err != nil {
		return err
	}
	d.note(d.l.T("demo.log", "DB", d.db))
	return nil
}

// demoOutputs are the files the demo writes in its folder, besides the
// database and the copies of demoData: an earlier demo's are removed
// first, and nothing else.
func demoOutputs() []string {
	names := []string{demoDB, demoDB + "-wal", demoDB + "-shm", demoDB + "-journal",
		"labyrinth.xlsx", "labyrinth.trf", "labyrinth.pgn", "standings.pdf", "crosstable.pdf", "prizes.pdf"}
	names = append(names, demoSeasonFiles...)
	for r := 1; r <= demoRounds; r++ {
		names = append(names, fmt.Sprintf("round-%d-pairings.pdf", r), fmt.Sprintf("round-%d-slips.pdf", r))
	}
	return names
}

// prepare makes the folder, removes an earlier demo's files and writes
// the club list and game records the organizer types in.
func (d *demoRun) prepare() error {
	fi, err := os.Stat(d.dir)
	switch {
	case d.dir == "":
		return errors.New(d.l.T("err.demo.nodir"))
	case err == nil && !fi.IsDir():
		return errors.New(d.l.T("err.demo.dirfile", "Path", d.dir))
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--dir %s: %w", d.dir, errors.Unwrap(err))
	}
	if err := os.MkdirAll(filepath.Join(d.dir, "games"), 0o755); err != nil {
		return fmt.Errorf("%s: %w", d.l.T("err.demo.mkdir", "Path", d.dir), errors.Unwrap(err))
	}
	for _, name := range demoOutputs() {
		if err := os.Remove(filepath.Join(d.dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", d.l.T("err.demo.replace", "Path", filepath.Join(d.dir, name)), errors.Unwrap(err))
		}
	}
	return fs.WalkDir(demoData, "demodata", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := demoData.ReadFile(p)
		if err != nil {
			return err
		}
		dst := d.file(strings.TrimPrefix(p, "demodata/"))
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return fmt.Errorf("%s: %w", d.l.T("err.write", "Path", dst), errors.Unwrap(err))
		}
		return nil
	})
}

// file returns the path of name (slash-separated) in the demo's folder.
func (d *demoRun) file(name string) string {
	return filepath.Join(d.dir, filepath.FromSlash(name))
}

// do runs one arbiter command line through the same command tree as the
// arbiter program, on the demo's database at the demo's clock, and
// returns what it wrote on standard output. The command line and its
// notices go to the transcript, unless fold is given: then the command is
// only counted, and fold says what such commands are when the count is
// written. A command that fails stops the demo.
func (d *demoRun) do(ctx context.Context, fold *demoFold, args ...string) (string, error) {
	out, notices, err := d.exec(ctx, args)
	if fold != nil && err == nil {
		if d.fold != fold {
			d.flushFolded()
		}
		d.folded++
		d.fold = fold
	} else {
		d.flushFolded()
		fmt.Fprintln(d.a.stderr, "$ arbiter "+shellJoin(args))
		d.a.stderr.Write(notices)
	}
	return out, err
}

// show runs a command as do does and puts what it prints in the
// transcript too, as the organizer sees it.
func (d *demoRun) show(ctx context.Context, args ...string) (string, error) {
	out, err := d.do(ctx, nil, args...)
	if err == nil {
		io.WriteString(d.a.stderr, out)
	}
	return out, err
}

// query runs a command that only reads, for the demo's own bookkeeping
// (the boards of a round, the players' ratings): it is not part of the
// evening, so the transcript leaves it out.
func (d *demoRun) query(ctx context.Context, args ...string) (string, error) {
	out, _, err := d.exec(ctx, args)
	return out, err
}

// exec runs args and returns standard output and the notices written on
// standard error. Each command moves the demo's clock on by 20 seconds.
func (d *demoRun) exec(ctx context.Context, args []string) (string, []byte, error) {
	var out, notices bytes.Buffer
	sub := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &notices, getenv: d.getenv, now: func() time.Time { return d.clock }}
	root := newRootCmd(sub)
	root.SetArgs(args)
	root.SetIn(sub.stdin)
	root.SetOut(&out)
	root.SetErr(&notices)
	_, err := root.ExecuteContextC(ctx)
	d.clock = d.clock.Add(20 * time.Second)
	if err != nil {
		if ctx.Err() != nil {
			return "", nil, ctx.Err()
		}
		// Flattened: a usage error of the command run is not one of the
		// demo's own flags.
		return "", notices.Bytes(), errors.New(d.l.T("err.demo.stopped", "Command", strconv.Quote("arbiter "+shellJoin(args)), "Err", err.Error()))
	}
	return out.String(), notices.Bytes(), nil
}

// getenv is the environment the demo's commands see: its database, its
// organizer and its language, nothing of the caller's.
func (d *demoRun) getenv(key string) string {
	switch key {
	case "ARBITER_DB":
		return d.db
	case "ARBITER_USER":
		return "demo"
	case "ARBITER_LANG":
		return d.l.Lang().String()
	}
	return ""
}

// section starts a part of the evening in the transcript, minute
// minutes after the evening's midnight.
func (d *demoRun) section(minute int, title string) {
	d.at(minute)
	d.flushFolded()
	fmt.Fprintf(d.a.stderr, "\n# %s  %s\n", d.clock.Format("15:04"), title)
}

// note writes a remark of the organizer's into the transcript.
func (d *demoRun) note(text string) {
	d.flushFolded()
	fmt.Fprintf(d.a.stderr, "# %s\n", text)
}

// at moves the clock on to minute minutes after the evening's midnight
// (past 24 hours for the small hours); it never goes back.
func (d *demoRun) at(minute int) {
	if t := demoDate.Add(time.Duration(minute) * time.Minute); t.After(d.clock) {
		d.clock = t
	}
}

func (d *demoRun) flushFolded() {
	if d.folded > 0 {
		fmt.Fprintf(d.a.stderr, "# (%s)\n", d.l.N(d.fold.msg, d.folded))
	}
	d.folded, d.fold = 0, nil
}

// shellJoin writes args as they would be typed in a POSIX shell.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, s := range args {
		out[i] = shellQuote(s)
	}
	return strings.Join(out, " ")
}

func shellQuote(s string) string {
	if s == "" {
		return `""`
	}
	if !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	if !strings.ContainsAny(s, `"\$`+"`!") {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
