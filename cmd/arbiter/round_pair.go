package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/spf13/cobra"
)

type roundPairOptions struct {
	manual  string
	file    string
	force   bool
	explain bool
	dryRun  bool
	json    bool
	publish bool
	// forceReported enters the results reported and not confirmed as
	// they stand (logged) instead of refusing to pair.
	forceReported bool
}

func newRoundPairCmd(a *app) *cobra.Command {
	opts := &roundPairOptions{}
	cmd := &cobra.Command{
		Use:   "pair",
		Short: "Pair the next round",
		Long: `Pair the next round. Without --manual or --file, arbiter pairs it by the FIDE
Dutch system (C.04.3, the edition set with tournament set --pairing-edition,
2025 by default): players who withdrew, have not entered yet or asked for a
bye are left out, late entries are paired. The pairing is printed in board
order and stored with, for each board, why it was paired so (--explain
prints it; round show --explain shows it again later). --dry-run shows the
pairing without storing it. A round cannot be paired until every result of
the previous round is in. A result reported from a board (arbiter serve)
that the opponent has not confirmed, or that the two players disagree on,
stops the pairing, which names the boards: the organizer decides them
(arbiter result queue), or --force-reported enters those not confirmed as
reported, each logged as the organizer's decision. After the wait set with
tournament web --unconfirmed-after, a report not confirmed is entered by
itself if the tournament says --unconfirmed confirm.

The colour of the first player in round 1 is the tournament's
--first-colour, or else drawn by lot from the seed stored in the tournament
(C.04.3 5.1); a tournament with no seed yet gets one when round 1 is paired,
so later rounds draw the same colour. When no pairing satisfies the
absolute criteria, nothing is stored: the message names the criterion, and
the round can be paired by hand.

The organizer's own pairing is given with --manual or in a file (--file,
one item per line or separated by commas, # starts a comment): pairing
numbers, White first, "1-7"; "5 bye" for the pairing-allocated bye; "4 H",
"4 Z" or "4 F" for a half-point, zero-point or full-point bye given on the
spot. Boards are numbered in the order given. Players who asked for a bye,
withdrew or are not yet entered are added by themselves; everyone else must
be placed.

A pairing given by hand that breaks a basic rule of the Swiss system is not
saved unless --force is given: a rematch (C.04.1 art. 2), more than one
pairing-allocated bye (art. 3), a second bye for the same player (art. 4), a
colour difference above 2 (art. 6), the same colour three times in a row
(art. 7).`,
		Example: `  $ arbiter round pair
  $ arbiter round pair --dry-run --explain
  $ arbiter round pair --manual "1-7, 3-2, 5 bye"
  $ arbiter round pair --file round4.txt
  $ arbiter round pair --manual "2-1, 4-3" --force`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.check(a); err != nil {
				return err
			}
			return runRoundPair(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.manual, "manual", "", "the pairing `PAIRS`, e.g. \"1-7, 3-2, 5 bye\" (White first)")
	cmd.Flags().StringVar(&opts.file, "file", "", "read the pairing from `FILE` (- for standard input)")
	cmd.Flags().BoolVar(&opts.force, "force", false, "keep a pairing that breaks a basic rule")
	cmd.Flags().BoolVar(&opts.explain, "explain", false, "show why each board was paired so")
	cmd.Flags().BoolVar(&opts.dryRun, "dry-run", false, "show the pairing without storing it")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the round as JSON")
	cmd.Flags().BoolVar(&opts.publish, "publish", false, "publish the round to the players at once (see round publish)")
	cmd.Flags().BoolVar(&opts.forceReported, "force-reported", false, "enter results reported from the boards and not confirmed as they stand, and pair")
	cmd.MarkFlagsMutuallyExclusive("manual", "file")
	cmd.RegisterFlagCompletionFunc("manual", cobra.NoFileCompletions)
	return cmd
}

// check refuses flags that do not go together: --force keeps a pairing
// given by hand, which a dry run does not store; --explain shows the
// Dutch system's reasons, which a pairing by hand does not have.
func (opts *roundPairOptions) check(a *app) error {
	byHand := opts.manual != "" || opts.file != ""
	switch {
	case opts.force && opts.dryRun:
		return usageErrorf("--force with --dry-run: a dry run stores nothing, so there is nothing to keep; drop --force (the warnings are shown either way)")
	case opts.force && !byHand:
		return usageErrorf("--force keeps a pairing given by hand that breaks a basic rule: give it with --manual or --file; the Dutch system needs no --force")
	case opts.forceReported && opts.dryRun:
		return usageErrorf("%s", a.tr().T("cli.pair.force-dry"))
	case opts.publish && opts.dryRun:
		return usageErrorf("--publish with --dry-run: a dry run stores nothing to publish; drop one of them")
	case opts.explain && byHand:
		return usageErrorf("--explain shows why the Dutch system paired each board: a pairing given with --manual or --file has no such reasons; drop --explain")
	}
	return nil
}

func runRoundPair(ctx context.Context, a *app, opts *roundPairOptions) error {
	var text, source string
	switch {
	case opts.manual != "":
		text, source = opts.manual, "--manual"
	case opts.file != "":
		data, err := a.readInput(opts.file)
		if err != nil {
			return err
		}
		text, source = string(data), opts.file
	}
	return a.withStore(ctx, store.ReadWrite, func(db *store.DB) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if !opts.dryRun {
			// Results reported from the boards: entered when their wait
			// is over and the tournament says so, or by --force-reported;
			// otherwise the pairing waits for them.
			ev := &evening{a: a, db: db, tid: s.Tournament.ID}
			if err := ev.gate(ctx, opts.forceReported, a.actor()); err != nil {
				return err
			}
			if s, err = db.Snapshot(ctx, s.Tournament.ID); err != nil {
				return err
			}
		}
		var p store.Pairing
		// notes are said once the pairing is stored (or shown by a dry
		// run): a pairing refused, for example because another command
		// paired the round meanwhile, says only why.
		var notes []string
		if source == "" {
			if s, notes, err = a.closeOnFirstPairing(ctx, db, s, !opts.dryRun); err != nil {
				return err
			}
		}
		if source != "" {
			boards, byes, err := parseManual(text)
			if err != nil {
				return fmt.Errorf("%s: %w", source, err)
			}
			p = store.Pairing{Round: s.Next(), Method: "manual", Boards: boards, Byes: byes}
		} else {
			var more []string
			if p, more, err = a.autoPair(ctx, s); err != nil {
				return err
			}
			notes = append(notes, more...)
			if err := checkinNotes(ctx, db, s, &p); err != nil {
				return err
			}
		}
		out, err := s.Complete(p)
		if err != nil {
			return pairingError(err, s)
		}
		if ws := s.Check(p); len(ws) > 0 {
			switch {
			case source == "":
				// The Dutch system itself allows what the basic rules
				// warn about only for topscorers in the last round
				// (C.04.3 1.8, C3): say so, but keep the pairing.
				for _, w := range ws {
					notes = append(notes, fmt.Sprintf("note: %s", w))
				}
			case opts.dryRun:
				for _, w := range ws {
					fmt.Fprintf(a.stderr, "warning: %s\n", w)
				}
			case !opts.force:
				for _, w := range ws {
					fmt.Fprintf(a.stderr, "warning: %s\n", w)
				}
				return fmt.Errorf("round %d not paired: %s; change the pairing, or add --force to keep it", p.Round, plural(len(ws), "warning", "warnings"))
			default:
				for _, w := range ws {
					p.Forced = append(p.Forced, w.String())
				}
			}
		}
		if opts.dryRun {
			for _, n := range notes {
				a.notef("%s", n)
			}
			d := store.RoundDetail{Round: out, Method: p.Method, BoardNotes: p.BoardNotes, ByeNotes: p.ByeNotes, Reasons: map[int]string{}}
			a.note(a.tr().T("cli.dryrun", "Round", out.Number, "Name", s.Tournament.Name, "Summary", roundSummary(a.tr(), out)))
			if p.Seed != nil {
				a.notef("The tournament has no seed for the lot yet: the colour is drawn again when round 1 is paired.")
			}
			if opts.json {
				return writeJSON(a.stdout, toRoundJSON(d))
			}
			return printRound(a.stdout, a.tr(), s, d, opts.explain)
		}
		r, err := db.SavePairing(ctx, s.Tournament.ID, p)
		if err != nil {
			return pairingError(err, s)
		}
		// Only now is the pairing kept: another command may have paired
		// the round meanwhile.
		for _, n := range notes {
			a.notef("%s", n)
		}
		for _, w := range p.Forced {
			a.notef("kept despite a warning: %s", w)
		}
		d, err := db.RoundDetail(ctx, s.Tournament.ID, r.Number)
		if err != nil {
			return err
		}
		if s, err = db.Snapshot(ctx, s.Tournament.ID); err != nil {
			return err
		}
		a.note(a.tr().T("cli.paired", "Round", r.Number, "Name", s.Tournament.Name, "Summary", roundSummary(a.tr(), r)))
		ws, err := db.WebSettings(ctx, s.Tournament.ID)
		if err != nil {
			return err
		}
		if opts.publish || ws.AutoPublish {
			if err := publishRound(ctx, a, db, s.Tournament.ID, r.Number); err != nil {
				return err
			}
		}
		if opts.json {
			return writeJSON(a.stdout, toRoundJSON(d))
		}
		return printRound(a.stdout, a.tr(), s, d, opts.explain)
	})
}

// pairingError adds to a refused pairing what to type instead.
func pairingError(err error, s *store.Snapshot) error {
	switch {
	case errors.Is(err, store.ErrLeftOut):
		return hint(err, "put them on a board or give \"N bye\"; for a known absence first type arbiter player bye N --zero")
	case errors.Is(err, store.ErrRoundOpen):
		return hint(err, "enter them with arbiter round result BOARD RESULT --round %d", s.Next()-1)
	case errors.Is(err, store.ErrNotPlaying):
		return hint(err, "leave the player out: byes asked for and absences are added by themselves (arbiter player bye N --cancel withdraws a bye)")
	case errors.Is(err, store.ErrNotFound):
		return hint(err, "see arbiter player list")
	}
	return err
}

// autoPair pairs the next round of s by the Dutch system, with an
// explanation for every board and for the pairing-allocated bye. Round 1
// of a tournament whose first colour is drawn by lot and that has no seed
// yet gets a seed, returned in the pairing to be stored with it. notes are
// for the user once the pairing is kept: the colour drawn by lot.
func (a *app) autoPair(_ context.Context, s *store.Snapshot) (_ store.Pairing, notes []string, _ error) {
	n := s.Next()
	// Complete refuses a round that cannot be paired at all (every round
	// paired, no players, results missing in the previous round) before
	// it looks at the boards; an empty pairing then fails only by leaving
	// players out.
	if _, err := s.Complete(store.Pairing{Round: n}); err != nil && !errors.Is(err, store.ErrLeftOut) {
		return store.Pairing{}, nil, pairingError(err, s)
	}
	t := s.Tournament
	if t.System == arbiter.RoundRobin {
		p, err := a.roundRobinPair(s)
		return p, nil, err
	}
	p := store.Pairing{Round: n, Method: fmt.Sprintf("dutch-%d", edition(t)), BoardNotes: map[int]string{}, ByeNotes: map[int]string{}}
	if t.FirstColour == arbiter.NoColour && n == 1 && t.Seed == 0 {
		t.Seed = a.now().UnixNano()
		p.Seed = &t.Seed
	}
	tab, err := s.Table(n - 1)
	if err != nil {
		return p, nil, err
	}
	absent := map[int]bool{}
	for _, b := range s.Absent(n) {
		absent[b.PN] = true
	}
	in, err := pairing.FromTable(t, s.Entries, tab, n, absent)
	if err != nil {
		return p, nil, err
	}
	res, err := pairing.PairExplained(in)
	var np *pairing.NoPairingError
	switch {
	case errors.As(err, &np):
		return p, nil, &exitError{code: exitFailure, msg: fmt.Sprintf("%v; nothing was stored: %s", err, unpairableChoices(s, in, n, np))}
	case err != nil && edition(t) == 2017:
		return p, nil, hint(err, "pair with the rules in force (arbiter tournament set --pairing-edition 2025) or by hand with --manual")
	case err != nil:
		return p, nil, err
	}
	for i, b := range res.Boards {
		p.Boards = append(p.Boards, arbiter.Board{Number: i + 1, White: b.White, Black: b.Black})
	}
	if res.Bye != 0 {
		p.Byes = append(p.Byes, arbiter.Bye{PN: res.Bye, Kind: arbiter.PAB})
	}
	for _, e := range res.Explanations {
		note := explanationNote(e)
		if e.Board == 0 {
			p.ByeNotes[res.Bye] = note
		} else {
			p.BoardNotes[e.Board] = note
		}
	}
	if t.FirstColour == arbiter.NoColour && n == 1 {
		notes = append(notes, fmt.Sprintf("Initial colour by lot: %s", in.InitialColour))
	}
	return p, notes, nil
}

// edition returns the Dutch rules a tournament pairs by.
func edition(t arbiter.Tournament) int {
	if t.PairingEdition == 0 {
		return 2025
	}
	return t.PairingEdition
}

// explanationNote writes an explanation as stored with the board: the
// score bracket, then the engine's account.
func explanationNote(e pairing.Explanation) string {
	text := strings.TrimSpace(e.Text)
	if text != "" && !strings.HasSuffix(text, ".") {
		text += "."
	}
	if e.Bracket == "" {
		return text
	}
	return fmt.Sprintf("Bracket %s: %s", e.Bracket, text)
}

// roundSummary says "6 boards, 1 bye".
func roundSummary(l *locale.Localizer, r arbiter.Round) string {
	s := l.N("cli.boards", len(r.Boards))
	byes := 0
	for _, b := range r.Byes {
		if b.Kind != arbiter.Unpaired {
			byes++
		}
	}
	if byes > 0 {
		s += ", " + l.N("cli.byes", byes)
	}
	if n := len(r.Byes) - byes; n > 0 {
		s += ", " + l.N("cli.notplaying", n)
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// readInput reads a named file, or standard input for "-".
func (a *app) readInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(a.stdin)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err))
	}
	return data, nil
}

// ErrPairingSyntax is wrapped by every *PairingError.
var ErrPairingSyntax = errors.New("bad pairing")

// PairingError is a mistake in a typed pairing, at a line and item.
type PairingError struct {
	Line, Item int    // 1-based; Item counts the items of the line
	Text       string // the item as typed
	Err        error
}

func (e *PairingError) Error() string {
	text := e.Text
	// A file that is not a pairing at all can hold an item of any length.
	if r := []rune(text); len(r) > 40 {
		text = string(r[:40]) + "..."
	}
	return fmt.Sprintf("line %d, item %d %q: %v", e.Line, e.Item, text, e.Err)
}

func (e *PairingError) Unwrap() error { return e.Err }

// parseManual reads a pairing as the organizer types it: items separated
// by commas, semicolons or new lines; "W-B" for a board (pairing numbers,
// White first), "N bye" for the pairing-allocated bye, "N H", "N Z", "N F"
// for byes given on the spot. "#" starts a comment. Boards are numbered in
// the order given.
func parseManual(text string) ([]arbiter.Board, []arbiter.Bye, error) {
	var boards []arbiter.Board
	var byes []arbiter.Bye
	for ln, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		item := 0
		for _, tok := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ';' }) {
			tok = strings.TrimSpace(tok)
			if tok == "" {
				continue
			}
			item++
			fail := func(format string, args ...any) error {
				return &PairingError{Line: ln + 1, Item: item, Text: tok, Err: fmt.Errorf("%w: "+format, append([]any{ErrPairingSyntax}, args...)...)}
			}
			norm := strings.NewReplacer("–", "-", "—", "-").Replace(tok)
			if w, b, ok := strings.Cut(norm, "-"); ok {
				wn, err1 := pairingNumber(w)
				bn, err2 := pairingNumber(b)
				if err1 != nil || err2 != nil {
					return nil, nil, fail("type a board as two pairing numbers, White first, e.g. 1-7")
				}
				if wn == bn {
					return nil, nil, fail("a player cannot be paired against the same player")
				}
				boards = append(boards, arbiter.Board{Number: len(boards) + 1, White: wn, Black: bn})
				continue
			}
			f := strings.Fields(norm)
			if len(f) != 2 {
				return nil, nil, fail("type a board as 1-7 (White first) and a bye as 5 bye")
			}
			pn, err := pairingNumber(f[0])
			if err != nil {
				return nil, nil, fail("type the pairing number first, e.g. 5 bye")
			}
			var kind arbiter.ByeKind
			switch strings.ToLower(f[1]) {
			case "bye", "pab":
				kind = arbiter.PAB
			case "h", "half":
				kind = arbiter.HalfBye
			case "z", "zero":
				kind = arbiter.ZeroBye
			case "f", "full":
				kind = arbiter.FullBye
			default:
				return nil, nil, fail("unknown bye %q: type bye (pairing-allocated), H (half point), Z (zero) or F (full point)", f[1])
			}
			byes = append(byes, arbiter.Bye{PN: pn, Kind: kind})
		}
	}
	if len(boards) == 0 && len(byes) == 0 {
		return nil, nil, fmt.Errorf("%w: empty pairing: type the boards, e.g. \"1-7, 3-2, 5 bye\"", ErrPairingSyntax)
	}
	return boards, byes, nil
}

// formatManual writes boards and byes the way parseManual reads them.
func formatManual(boards []arbiter.Board, byes []arbiter.Bye) string {
	return store.FormatPairing(arbiter.Round{Boards: boards, Byes: byes})
}

func pairingNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, ErrPairingSyntax
	}
	return n, nil
}
