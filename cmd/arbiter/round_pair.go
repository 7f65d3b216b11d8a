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
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
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
(art. 7).

A board of the previous round whose result is not known yet (an adjourned
game, or a TRF-26 X) stops the pairing: enter the result, or, if the
organizer decides to pair anyway by the Dutch system, add --force. The game then counts as
played and scores nothing until its result is entered, as a TRF with X
under the default 162 line; the decision is logged.`,
		Example: `  $ arbiter round pair
  $ arbiter round pair --dry-run --explain
  $ arbiter round pair --manual "1-7, 3-2, 5 bye"
  $ arbiter round pair --file round4.txt
  $ arbiter round pair --manual "2-1, 4-3" --force`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.check(a.tr()); err != nil {
				return err
			}
			return runRoundPair(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.manual, "manual", "", "the pairing `PAIRS`, e.g. \"1-7, 3-2, 5 bye\" (White first)")
	cmd.Flags().StringVar(&opts.file, "file", "", "read the pairing from `FILE` (- for standard input)")
	cmd.Flags().BoolVar(&opts.force, "force", false, "keep a pairing that breaks a basic rule; pair although results of the previous round are not known")
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
// given by hand, which a dry run does not store (with the Dutch system,
// --force pairs although results are not known); --explain shows the
// Dutch system's reasons, which a pairing by hand does not have.
func (opts *roundPairOptions) check(l *locale.Localizer) error {
	byHand := opts.manual != "" || opts.file != ""
	switch {
	case opts.force && opts.dryRun && byHand:
		return usageErrorf("%s", l.T("err.pair.forcedry"))
	case opts.forceReported && opts.dryRun:
		return usageErrorf("%s", l.T("cli.pair.force-dry"))
	case opts.publish && opts.dryRun:
		return usageErrorf("%s", l.T("err.pair.publishdry"))
	case opts.explain && byHand:
		return usageErrorf("%s", l.T("err.pair.explainhand"))
	}
	return nil
}

func runRoundPair(ctx context.Context, a *app, opts *roundPairOptions) error {
	var text, source string
	switch {
	case opts.manual != "":
		text, source = opts.manual, "--manual"
	case opts.file != "":
		data, err := a.readInput(opts.file, listLimit)
		if err != nil {
			return err
		}
		text, source = string(data), opts.file
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		// One call does the whole: the reports of the boards settled,
		// registration closed with round 1, the no-shows withdrawn, the
		// round paired, stored and published, all or nothing.
		req := desk.PairRequest{Tournament: a.tournamentRef(), Force: opts.force, DryRun: opts.dryRun, Unknown: opts.force && source == "",
			Unexplained:   !opts.explain && !opts.json, // a dry run then shows no explanation
			ForceReported: opts.forceReported, ForcedBy: a.tr().T("cli.gate.forced-by", "Who", a.actor()), Publish: opts.publish}
		if source != "" {
			// The tournament is read first: a database without one says
			// so before the pairing typed is looked at.
			if _, err := d.Tournament(ctx, a.tournamentRef()); err != nil {
				return a.tournamentError(err)
			}
			boards, byes, err := parseManual(text)
			if err != nil {
				return fmt.Errorf("%s: %w", source, err)
			}
			req.Boards, req.Byes = boards, byes
		}
		out, err := d.Pair(ctx, req)
		s := out.Snapshot
		if err == nil {
			for _, r := range out.Forced {
				a.note(a.tr().T("cli.gate.forced", "Board", r.Board, "Result", r.Text()))
			}
			if out.Closed && out.Stored {
				closedNotes(a, *out.Fit, s.Tournament)
			}
		}
		// Warnings of a pairing by hand are shown whether it is kept or
		// not; notes are said once the pairing is stored (or shown by a
		// dry run): a pairing refused, for example because another
		// command paired the round meanwhile, says only why.
		if !opts.force || opts.dryRun {
			for _, w := range out.Warnings {
				fmt.Fprintln(a.stderr, a.tr().T("cli.pair.warning", "Warning", a.tr().Word(w.Phrase())))
			}
		}
		if err != nil {
			var np *desk.NoPairingError
			var fe *arbiter.FitError
			switch {
			case len(out.Open) > 0:
				return a.unsettledError(out.Open)
			case errors.As(err, &fe):
				l := a.tr()
				return &exitError{code: exitFailure, msg: l.T("cli.fit.closes", "Fit", fitSays(l, fe.Fit), "Choices", fitChoices(l, fe.Fit, fe.Choices))}
			case errors.As(err, &np) && s != nil:
				var de *desk.Error
				errors.As(err, &de)
				if opts.json {
					// --json speaks English, whatever the terminal.
					cs := choicesOf(locale.New(locale.English), out.Input, s.Next(), np, s)
					if err := writeJSON(a.stdout, unpairableJSON{Round: s.Next(), Error: de.Msg, Choices: cs}); err != nil {
						return err
					}
				}
				l := a.tr()
				cs := choicesOf(l, out.Input, s.Next(), np, s)
				return &exitError{code: exitFailure, msg: l.T("cli.pair.unpairable", "Msg", noPairingWords(l, np), "Choices", unpairableChoices(l, cs))}
			case errors.Is(err, desk.ErrNothingUnknown):
				// With the Dutch system --force only decides to pair
				// although results are not known.
				if s == nil || s.Next() == 1 {
					return usageErrorf("%s", a.tr().T("cli.pair.noforce1"))
				}
				return usageErrorf("%s", a.tr().T("cli.pair.noforce", "Round", s.Next()-1))
			}
			return a.pairingError(err, s, out.Warnings)
		}
		if out.Stored && out.Pairing.Unknown {
			if open := unknownBefore(out.Snapshot, out.Round.Number); len(open) > 0 {
				a.note(a.tr().T("cli.pair.unknownkept", "Round", out.Round.Number-1, "Boards", joinInts(open, ", ")))
			}
		}
		if f := out.Fit; f != nil && !out.Closed && !f.Fits {
			a.notef("%s", fitNote(a.tr(), *f))
		}
		for _, n := range out.Notes {
			a.notef("%s", a.tr().Stored(n))
		}
		noShowNotes(a, out, opts.dryRun)
		absentNotes(a, out) // presence required: round_presence.go
		if opts.dryRun {
			a.note(a.tr().T("cli.dryrun", "Round", out.Round.Number, "Name", s.Tournament.Name, "Summary", roundSummary(a.tr(), out.Round)))
			if out.Pairing.Seed != nil {
				a.note(a.tr().T("cli.pair.noseed"))
			}
		} else {
			keptNotes(a, out.Pairing.Forced, out.Warnings)
			a.note(a.tr().T("cli.paired", "Round", out.Round.Number, "Name", s.Tournament.Name, "Summary", roundSummary(a.tr(), out.Round)))
		}
		if out.Published != 0 {
			a.note(a.tr().T("cli.published", "Round", out.Published))
		}
		if opts.json {
			return writeJSON(a.stdout, toRoundJSON(out.Detail))
		}
		return printRound(a.stdout, a.tr(), s, out.Detail, opts.explain)
	})
}

// keptNotes says, in the terminal's language, each warning a pairing by
// hand was kept despite: warnings, the rules it breaks, when forced lists
// them as stored (in English, for the log).
func keptNotes(a *app, forced []string, warnings []desk.Warning) {
	if len(forced) == 0 {
		return
	}
	l := a.tr()
	for _, w := range warnings {
		a.note(l.T("cli.pair.kept", "Warning", l.Word(w.Phrase())))
	}
}

// pairingError adds to a refused pairing what to type instead; warnings
// are the basic rules a refused pairing by hand breaks.
func (a *app) pairingError(err error, s *desk.Snapshot, warnings []desk.Warning) error {
	l := a.tr()
	var de *desk.Error
	var np *desk.NoPairingError
	switch {
	case errors.Is(err, desk.ErrWarnings) && errors.As(err, &de):
		return errors.New(l.N("cli.pair.refused.warnings", len(warnings), "Round", s.Next()))
	case errors.Is(err, desk.ErrNoPairing) && errors.As(err, &de) && errors.As(err, &np):
		manual, force := np.Manual, " --force"
		if manual == "" {
			manual, force = "1-2, 3-4, 5 bye", ""
		}
		return &exitError{code: exitFailure, msg: l.T("err.pair.none", "Msg", noPairingWords(l, np), "Round", s.Next(), "Criterion", np.Criterion, "Manual", manual, "Force", force)}
	case errors.Is(err, desk.ErrOldEdition):
		return hint(err, "%s", l.T("err.hint.oldedition"))
	case errors.Is(err, desk.ErrLeftOut):
		return hint(err, "%s", l.T("err.hint.leftout"))
	case errors.Is(err, desk.ErrRoundOpen):
		return hint(err, "%s", l.T("cli.pair.open", "Round", s.Next()-1))
	case errors.Is(err, desk.ErrNotPlaying):
		return hint(err, "%s", l.T("err.hint.notplaying"))
	case errors.Is(err, desk.ErrNoCurrent) || errors.As(err, &de) && de.Input == "tournament":
		return a.tournamentError(err)
	case errors.Is(err, desk.ErrNotFound):
		return hint(err, "%s", l.T("err.hint.playerlist"))
	}
	return err
}

// noPairingReasons are the message ids of the reasons the pairing
// package gives for a round it cannot pair (desk.NoPairingError).
var noPairingReasons = map[string]string{
	"the players cannot all be paired without rematches":                                                           "cli.nopairing.rematches",
	"every pairing leaves the bye to a player who already had a PAB or scored a win without playing":               "cli.nopairing.bye",
	"the players cannot all be paired without two non-topscorers with the same absolute colour preference meeting": "cli.nopairing.colours",
	"the players left cannot all be paired without a rematch":                                                      "cli.nopairing.ds.rematch",
	"every player has had the pairing-allocated bye, a match won by forfeit or a full-point bye":                   "cli.nopairing.ds.byes",
	"no player who may have the pairing-allocated bye leaves the others a pairing without a rematch":               "cli.nopairing.ds.bye",
	"the top scoregroup cannot be completed with any set of upfloaters":                                            "cli.nopairing.ds.top",
	"a bracket cannot be paired without a rematch":                                                                 "cli.nopairing.ds.bracket",
}

// noPairingWords words a round the pairing system cannot pair in l's
// language: the round, the criterion and why (C.04.3 1.9).
func noPairingWords(l *locale.Localizer, np *desk.NoPairingError) string {
	reason := np.Reason
	if id, ok := noPairingReasons[reason]; ok {
		reason = l.T(id)
	}
	if np.System != "" {
		return l.T("cli.nopairing.system", "Round", np.Round, "Reason", reason, "System", np.System, "Criterion", np.Criterion)
	}
	return l.T("cli.nopairing", "Round", np.Round, "Reason", reason, "Criterion", np.Criterion)
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

// Limits of the files read whole by readInput: far above what any real
// event needs, so that a wrong file (a device, a video) is refused
// instead of filling the memory.
const (
	// listLimit bounds a list typed by hand: the results of a round,
	// a pairing (9,999 players make 5,000 boards of some 12 bytes).
	listLimit = 1_000_000
	// trfLimit bounds a tournament report: 9,999 players with 30
	// rounds are 4 MB.
	trfLimit = 16_000_000
)

// readInput reads a named file, or standard input for "-", up to limit
// bytes: a longer one is refused, naming the limit, before it is read
// further.
func (a *app) readInput(name string, limit int64) ([]byte, error) {
	var r io.Reader = a.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, &wordedError{a.tr().T("cli.input.cannotread", "File", name, "Err", errWords(a.tr(), errors.Unwrap(err))), err}
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, &wordedError{a.tr().T("cli.input.cannotread", "File", name, "Err", errWords(a.tr(), pathErrText(err))), err}
	}
	if int64(len(data)) > limit {
		what := name
		if name == "-" {
			what = a.tr().T("cli.input.stdin")
		}
		return nil, errors.New(a.tr().T("cli.input.toolong", "File", what, "Limit", byteSizeIn(a.tr(), limit)))
	}
	return data, nil
}

// excerpt quotes the start of text typed or read, for a message about
// it: at most 40 characters, so that a wrong file does not fill the
// screen (or the log) with its content.
func excerpt(text string) string {
	if r := []rune(text); len(r) > 40 {
		return strconv.Quote(string(r[:40])) + "…"
	}
	return strconv.Quote(text)
}

// ErrPairingSyntax is wrapped by every *PairingError. It is compared by
// identity; its words are the catalog's (cli.pairing.bad), in the
// reader's language where errWords words it.
var ErrPairingSyntax error = &phraseError{t: phrase.New("cli.pairing.bad")}

// PairingError is a mistake in a typed pairing, at a line and item.
type PairingError struct {
	Line, Item int    // 1-based; Item counts the items of the line
	Text       string // the item as typed
	Err        error
	// Why is the mistake as a phrase of the catalogs, which Err says in
	// English after ErrPairingSyntax's words.
	Why phrase.Text
}

func (e *PairingError) Error() string {
	// A file that is not a pairing at all can hold an item of any length.
	return fmt.Sprintf("line %d, item %d %s: %v", e.Line, e.Item, excerpt(e.Text), e.Err)
}

func (e *PairingError) Unwrap() error { return e.Err }

// Phrase returns the mistake with its line and item as a phrase of the
// catalogs, for the terminal's language.
func (e *PairingError) Phrase() phrase.Text {
	return phrase.New("cli.pairing.item", "Line", e.Line, "Item", e.Item, "Text", excerpt(e.Text), "Why", e.Why)
}

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
			fail := func(id string, args ...any) error {
				why := phrase.New(id, args...)
				return &PairingError{Line: ln + 1, Item: item, Text: tok, Why: why,
					Err: fmt.Errorf("%w: %s", ErrPairingSyntax, inEnglish().Word(why))}
			}
			norm := strings.NewReplacer("–", "-", "—", "-").Replace(tok)
			if w, b, ok := strings.Cut(norm, "-"); ok {
				wn, err1 := pairingNumber(w)
				bn, err2 := pairingNumber(b)
				if err1 != nil || err2 != nil {
					return nil, nil, fail("cli.pairing.board")
				}
				if wn == bn {
					return nil, nil, fail("cli.pairing.self")
				}
				boards = append(boards, arbiter.Board{Number: len(boards) + 1, White: wn, Black: bn})
				continue
			}
			f := strings.Fields(norm)
			if len(f) != 2 {
				return nil, nil, fail("cli.pairing.item.shape")
			}
			pn, err := pairingNumber(f[0])
			if err != nil {
				return nil, nil, fail("cli.pairing.byefirst")
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
				return nil, nil, fail("cli.pairing.byekind", "Bye", excerpt(f[1]))
			}
			byes = append(byes, arbiter.Bye{PN: pn, Kind: kind})
		}
	}
	if len(boards) == 0 && len(byes) == 0 {
		return nil, nil, &phraseError{t: phrase.New("cli.pairing.empty"), err: ErrPairingSyntax}
	}
	return boards, byes, nil
}

// formatManual writes boards and byes the way parseManual reads them.
func formatManual(boards []arbiter.Board, byes []arbiter.Bye) string {
	return desk.FormatPairing(arbiter.Round{Boards: boards, Byes: byes})
}

func pairingNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, ErrPairingSyntax
	}
	return n, nil
}

// unknownBefore returns the boards of the round before round n of s that
// have no result yet.
func unknownBefore(s *desk.Snapshot, n int) []int {
	if s == nil || n < 2 || n-1 > len(s.Rounds) {
		return nil
	}
	var open []int
	for _, b := range s.Rounds[n-2].Boards {
		if b.Result == arbiter.NoResult {
			open = append(open, b.Number)
		}
	}
	return open
}
