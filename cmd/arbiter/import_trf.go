package main

import (
	"context"
	"errors"
	"fmt"
	utext "github.com/labyrinth-chess/arbiter/text"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/scoring"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type importTRFOptions struct {
	file     string
	name     string
	encoding string
}

func newImportTRFCmd(a *app) *cobra.Command {
	opts := &importTRFOptions{}
	cmd := &cobra.Command{
		Use:   "trf <file>",
		Short: "Create a tournament from a FIDE TRF file",
		Long: `Create a tournament from a FIDE Tournament Report File (TRF-16 or TRF-26, with
the TRFx extensions) as Swiss-Manager, Vega or bbpPairings write it, and
make it the current tournament, so that an evening started elsewhere can be
continued here with arbiter round pair.

The players are entered with the file's starting ranks as pairing numbers;
a player already in the club roster (same FIDE ID, or else the very same
name) is reused, anyone else is added to the roster. Every round is stored
with its results: games, forfeits (+ and -), the pairing-allocated bye
(U), requested byes (H, F, Z); a player with no block in a round did not
play it. Byes written in the column after the last round played, in XXZ
or in TRF-26 240 lines become byes asked for in the rounds to come. The
settings read are the name (012), place (022), federation (032), start
and end dates (042, 052), chief and deputy arbiters (102, 112), time
control (122, 222), round dates (132), rounds planned (XXR or 142),
initial colour (XXC white1 or black1, 152; else taken from round 1 as the
pairing engines do), the points of the byes (BBU, XXS, 162), the rating
type (172), the tie-break list (212 or 202) and the Baku acceleration
(250 or XXA lines that are Baku's, or a 192 system ending in _BAKU).
Forbidden pairs (XXP), other accelerations, national rating records, 299
lines and values in no form arbiter reads are not kept; stderr lists
them.

The file must be read whole: a malformed line, points that do not match
the results, or round blocks that contradict each other are refused with
the line, and nothing is stored. --name gives the tournament another name
than the file's, for example when a tournament of that name exists.`,
		Example: `  $ arbiter import trf open2026.trf
  $ arbiter import trf round3.trf --name "Spring Open (continued)"`,
		Args:              oneArg("import trf: give one FILE to read, e.g. arbiter import trf open2026.trf"),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runImportTRF(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.name, "name", "", "the new tournament's `NAME` (default: the file's 012 line)")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	cmd.RegisterFlagCompletionFunc("name", cobra.NoFileCompletions)
	return cmd
}

func runImportTRF(ctx context.Context, a *app, opts *importTRFOptions) error {
	data, err := a.readInput(opts.file)
	if err != nil {
		return err
	}
	enc, err := utext.ParseEncoding(opts.encoding)
	if err != nil {
		return usageErrorf("%s", a.tr().T("cli.encoding.bad", "Value", opts.encoding))
	}
	f, err := trf.ReadEncoding(strings.NewReader(string(data)), enc)
	if err != nil {
		return fmt.Errorf("%s: %w; correct the file, or write it again from the program that made it", opts.file, err)
	}
	if err := hasPlayers(f, opts.file); err != nil {
		return err
	}
	if f.Encoding != utext.UTF8 {
		a.note(a.tr().T("cli.read.encoding", "File", filepath.Base(opts.file), "Encoding", f.Encoding.String()))
	}
	ti, notes, err := trfImport(f, opts.file)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.file, err)
	}
	if opts.name != "" {
		ti.Tournament.Name = strings.TrimSpace(opts.name)
	}
	if strings.TrimSpace(ti.Tournament.Name) == "" {
		return fmt.Errorf("%s has no tournament name (line 012): give one with --name \"Spring Open\"", opts.file)
	}
	var got store.ImportedTournament
	err = a.withStore(ctx, store.Create, func(db *store.DB) error {
		var err error
		got, err = db.ImportTournament(ctx, ti)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return hint(err, "give the new tournament another name with --name, or see arbiter tournament list")
	}
	if errors.Is(err, store.ErrInvalid) {
		return fmt.Errorf("%s: %w; correct the file, or write it again from the program that made it", opts.file, err)
	}
	if err != nil {
		return err
	}
	for _, n := range notes {
		a.notef("%s", n)
	}
	reused := 0
	for _, p := range got.Players {
		if !p.NewPlayer {
			reused++
		}
	}
	t := got.Tournament
	a.notef("Imported tournament %d %q from %s: %s (%d already in the roster), %d of %d rounds played. It is now the current tournament.",
		t.ID, t.Name, filepath.Base(opts.file), plural(len(got.Players), "player", "players"), reused, len(ti.Rounds), t.Rounds)
	return nil
}

// trfImport turns a TRF file into a tournament to store, with notices
// about what the file says that arbiter does not keep.
func trfImport(f *trf.File, source string) (store.TournamentImport, []string, error) {
	var notes []string
	d, err := f.Domain()
	if err != nil {
		return store.TournamentImport{}, nil, err
	}
	t := d.Tournament
	played := len(d.Rounds)
	if f.Rounds == 0 {
		t.Rounds = max(played, 1)
		notes = append(notes, fmt.Sprintf("The file does not say how many rounds are planned (XXR or 142): taking %d; change it with arbiter tournament set --rounds N.", t.Rounds))
	}
	if t.Rounds < played {
		return store.TournamentImport{}, nil, fmt.Errorf("%d rounds are played but the file plans %d (XXR or 142)", played, t.Rounds)
	}
	if t.FirstColour == arbiter.NoColour && played > 0 {
		// Without XXC or 152, pairing engines take the colour the first
		// player had in round 1 (pairing.FromTRF infers it so).
		if in, err := pairing.FromTRF(f, 0); err == nil {
			t.FirstColour = in.InitialColour
			notes = append(notes, fmt.Sprintf("The file does not give the initial colour (XXC or 152): taking %s, as played in round 1.", t.FirstColour))
		}
	}
	if len(f.Forbidden) > 0 {
		notes = append(notes, fmt.Sprintf("%s of players who may not meet (XXP) not kept: arbiter does not keep forbidden pairs.", plural(len(f.Forbidden), "group", "groups")))
	}
	if bakuOf(f, t) {
		t.Accelerated = "baku"
	} else if len(f.Accelerations) > 0 {
		notes = append(notes, "The accelerations (XXA or 250) are not kept: they are not the Baku acceleration, the one arbiter applies.")
	}
	if texts := f.Header.Chain(); len(texts) > 0 {
		if chain, err := tiebreak.ParseChain(texts); err == nil {
			t.Tiebreaks = t.Tiebreaks[:0]
			for _, s := range chain {
				t.Tiebreaks = append(t.Tiebreaks, s.String())
			}
		} else {
			notes = append(notes, fmt.Sprintf("The tie-break list of the file (212 or 202) is not kept: %v; set one with arbiter tournament set --tiebreaks.", err))
		}
	}
	notes = append(notes, unkeptTRF(f)...)
	if f.UseRank {
		notes = append(notes, "XXC rank is not kept: arbiter pairs by pairing number, the file's starting rank.")
	}
	for i := range d.Entries {
		d.Entries[i].Player.Sex = rosterSex(d.Entries[i].Player.Sex)
	}
	orderBoards(t, d.Entries, d.Rounds)

	ti := store.TournamentImport{Source: source, Method: "trf", Tournament: t, Entries: d.Entries, Rounds: d.Rounds}
	asked := map[[2]int]bool{}
	request := func(pn, round int, k arbiter.ByeKind) {
		if round > played && round <= t.Rounds && !asked[[2]int{pn, round}] {
			asked[[2]int{pn, round}] = true
			ti.Requests = append(ti.Requests, store.Request{PN: pn, Round: round, Kind: k})
		}
	}
	for _, b := range d.NextByes {
		request(b.PN, played+1, b.Kind)
	}
	for _, pn := range f.Absent {
		request(pn, played+1, arbiter.ZeroBye)
	}
	for _, b := range f.Byes {
		k := arbiter.NoBye
		switch b.Kind {
		case trf.HalfBye:
			k = arbiter.HalfBye
		case trf.FullBye:
			k = arbiter.FullBye
		case trf.ZeroBye:
			k = arbiter.ZeroBye
		}
		if k == arbiter.NoBye || b.Round <= played {
			continue
		}
		for _, pn := range b.Players {
			request(pn, b.Round, k)
		}
	}
	sort.Slice(ti.Requests, func(i, j int) bool {
		x, y := ti.Requests[i], ti.Requests[j]
		if x.Round != y.Round {
			return x.Round < y.Round
		}
		return x.PN < y.PN
	})
	return ti, notes, nil
}

// orderBoards numbers the boards of each round in board order (C.04.2
// 3.6): a TRF file records who met whom but not on which board. Boards go
// by the higher player's score before the round, then the lower player's,
// then the higher player's pairing number.
func orderBoards(t arbiter.Tournament, entries []arbiter.Entry, rounds []arbiter.Round) {
	tab, err := scoring.Build(t, entries, rounds)
	if err != nil {
		return // left in the file's order; the store checks the rounds
	}
	for i := range rounds {
		score := func(pn int) arbiter.Score {
			if c := tab.Card(pn); c != nil {
				return c.ScoreAfter(i)
			}
			return 0
		}
		type seat struct {
			hi, lo arbiter.Score
			first  int
			board  arbiter.Board
		}
		seats := make([]seat, len(rounds[i].Boards))
		for j, b := range rounds[i].Boards {
			sw, sb := score(b.White), score(b.Black)
			s := seat{board: b, hi: sw, lo: sb, first: b.White}
			if sb > sw || sb == sw && b.Black < b.White {
				s.hi, s.lo, s.first = sb, sw, b.Black
			}
			seats[j] = s
		}
		sort.SliceStable(seats, func(x, y int) bool {
			a, b := seats[x], seats[y]
			if a.hi != b.hi {
				return a.hi > b.hi
			}
			if a.lo != b.lo {
				return a.lo > b.lo
			}
			return a.first < b.first
		})
		for j := range seats {
			rounds[i].Boards[j] = seats[j].board
			rounds[i].Boards[j].Number = j + 1
		}
	}
}

// unkeptTRF lists, for the import notice, what the file holds that the
// database has no place for, instead of dropping it silently.
func unkeptTRF(f *trf.File) []string {
	h := f.Header
	var lost []string
	add := func(ok bool, what string) {
		if ok {
			lost = append(lost, what)
		}
	}
	add(h.System != "", "pairing system (192 "+h.System+")")
	add(h.Controller != "", "pairing controller (182 "+h.Controller+")")
	national := 0
	for _, p := range f.Players {
		national += len(p.National)
	}
	add(national > 0, plural(national, "national rating record", "national rating records"))
	add(len(f.Abnormal) > 0, plural(len(f.Abnormal), "abnormal points line (299)", "abnormal points lines (299)"))
	add(len(f.Comments) > 0, plural(len(f.Comments), "comment line (###)", "comment lines (###)"))
	add(len(f.Extra) > 0, plural(len(f.Extra), "line arbiter does not read", "lines arbiter does not read"))
	for _, u := range f.Unread() {
		lost = append(lost, u+", not in a form arbiter reads")
	}
	if len(lost) == 0 {
		return nil
	}
	return []string{"Not kept from the file: " + strings.Join(lost, ", ") + "."}
}

// bakuOf reports whether f asks for the Baku acceleration (C.04.5.1) of
// tournament t: a 192 line naming a Baku system without acceleration
// lines, or acceleration lines that are exactly Baku's for the file's
// players and t's rounds.
func bakuOf(f *trf.File, t arbiter.Tournament) bool {
	if len(f.Accelerations) == 0 {
		return strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.Header.System)), "_BAKU")
	}
	want := accelerations(arbiter.Tournament{Accelerated: "baku", Rounds: t.Rounds}, len(f.Players))
	for id := 1; id <= len(f.Players); id++ {
		got := f.Accelerations[id]
		for len(got) > 0 && got[len(got)-1] == 0 {
			got = got[:len(got)-1]
		}
		if !slices.Equal(got, want[id]) {
			return false
		}
	}
	for id := range f.Accelerations {
		if id < 1 || id > len(f.Players) {
			return false
		}
	}
	return true
}
