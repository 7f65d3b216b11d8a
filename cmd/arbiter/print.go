package main

import (
	"context"
	"errors"
	"io"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/spf13/cobra"
)

// newPrintCmd returns the "print" noun: the sheets an organizer prints,
// as A4 PDF files.
func newPrintCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "print {pairings|slips|standings|crosstable|prizes|pins|rating-report}",
		Short: "Print pairing sheets, result slips, standings, crosstables, prizes, PIN cards and the rating report as PDF",
		Long: `Write the sheets of the current tournament as A4 PDF files, ready to print:
the pairings to put on the wall, the result slips for the boards, the
standings, the crosstable, the prize list, each player's own PIN card and
the FIDE rating report.
Names print with their accents (the fonts are in the file). The same
tournament always gives the same file.

Pairings and slips show the last round paired; standings, the crosstable,
the prizes and the rating report show the tournament after the last round
with every result in. --round N
picks another round.

The sheets print in the tournament's language (tournament set --lang);
--lang en or --lang it prints this one in English or Italian.

` + overwritePolicy,
		Example: `  $ arbiter print pairings -o round3.pdf
  $ arbiter print slips -o slips3.pdf
  $ arbiter print standings -o standings.pdf
  $ arbiter print crosstable --round 5 -o cross5.pdf
  $ arbiter print prizes -o prizes.pdf
  $ arbiter print rating-report -o rating.pdf
  $ arbiter print slips --lang it -o schede.pdf`,
	}
	cmd.PersistentFlags().BoolVar(&a.force, "force", false, "replace a read-only file or a database")
	for _, k := range printKinds() {
		cmd.AddCommand(newPrintKindCmd(a, k))
	}
	refuseUnknown(a, cmd, "cli.report.unknownsheet")
	return cmd
}

// printKind is one sheet of the print command.
type printKind struct {
	name    string // the subcommand
	what    string // the sheet in a sentence: "the standings"
	short   string
	long    string
	example string
	// paired: the round is a paired round (default the last one), not a
	// round "after" which the sheet shows the tournament.
	paired bool
	// codes: the sheet prints the board codes of a published round.
	codes bool
	// cards: the sheet prints each player's own PIN, made for those who
	// have none yet; it shows no round.
	cards bool
	// prizes: the sheet prints the prize list.
	prizes bool
	// ratings: the sheet prints each player's FIDE rating change.
	ratings bool
	write   func(w io.Writer, ev *reports.Event, round int) error
}

// printKinds lists the sheets, in the order help shows them.
func printKinds() []printKind {
	return []printKind{
		{
			name:  "pairings",
			what:  "the pairings",
			short: "Print the pairing sheet of a round",
			long: `Print the pairing sheet of a round, for the wall: in large type, one line per
board with White and Black, the points each has before the round and a box
for the result (filled in where it is known); under the boards, the players
without one (byes, absences, withdrawals). The last pages list every player
of the round in alphabetical order with the board and colour, which is what
players look for first.

The round is the last one paired unless --round N says otherwise.`,
			example: `  $ arbiter print pairings -o round3.pdf
  $ arbiter print pairings --round 2 -o round2.pdf
  $ arbiter print pairings -o - | lp`,
			paired: true,
			write:  reports.WritePairings,
		},
		{
			name:  "slips",
			what:  "the result slips",
			short: "Print one result slip per board of a round",
			long: `Print the result slips of a round, one per board and five to an A4 page, with
dashed lines to cut along. Each slip has the round and the board, both
players with their points, boxes to tick 1-0, ½-½ or 0-1, and a line for
each player's signature. The slips of a published round (round publish)
also carry a QR code of the board's page on arbiter serve, for reporting
the result from a phone; each player proves who they are there with the
PIN of their own card (print pins), which no slip carries. A slip of a
Double-Swiss tournament (FIDE C.04.5) has a column of boxes for each game
of the match, headed by that game's White, and no QR code.

The round is the last one paired unless --round N says otherwise.`,
			example: `  $ arbiter print slips -o slips3.pdf
  $ arbiter print slips --round 4 -o slips4.pdf`,
			paired: true,
			codes:  true,
			write:  reports.WriteSlips,
		},
		{
			name:  "standings",
			what:  "the standings",
			short: "Print the standings after a round",
			long: `Print the standings after a round: rank, pairing number, name, title,
rating, club, points, one column per tie-break of the tournament's chain
(headed by its C.07 code) and the performance rating. Players level on
points and on the whole chain share their place, shown as "3-4", exactly as
arbiter standings shows them.

The standings are those after the last round with every result in. --round N
shows them after another paired round; if that round is still in play, the
sheet says so under its title and the games without a result count as not
played yet.`,
			example: `  $ arbiter print standings -o standings.pdf
  $ arbiter print standings --round 5 -o after5.pdf`,
			write: func(w io.Writer, ev *reports.Event, _ int) error { return reports.WriteStandings(w, ev) },
		},
		{
			name:  "crosstable",
			what:  "the crosstable",
			short: "Print the crosstable after a round",
			long: `Print the crosstable after a round: one line per player in rank order, and for
each round the opponent's line number, the colour and the points ("12w1",
"5b½", "7w+" for a forfeit won, "PAB", "H" for a half-point bye, "-" for a
round not played), then the total. It turns to landscape when the rounds do
not fit in portrait.

The crosstable is that after the last round with every result in. --round N
shows it after another paired round; if that round is still in play, the
sheet says so under its title.`,
			example: `  $ arbiter print crosstable -o crosstable.pdf
  $ arbiter print crosstable --round 5 -o cross5.pdf`,
			write: func(w io.Writer, ev *reports.Event, _ int) error { return reports.WriteCrosstable(w, ev) },
		},
		{
			name:  "prizes",
			what:  "the prize list",
			short: "Print the prize list after a round",
			long: `Print the prize list for the wall: how players level on points share and
which prize a player keeps, then the general standings and each category
with its places, the prize announced, what the player of the place wins,
and with whom it is shared (prizes list shows the same, prizes add
announces the prizes).

The prizes are those of the standings after the last round with every
result in; --round N shows them after another paired round.`,
			example: `  $ arbiter print prizes -o prizes.pdf
  $ arbiter print prizes --lang it -o premi.pdf`,
			prizes: true,
			write:  func(w io.Writer, ev *reports.Event, _ int) error { return reports.WritePrizes(w, ev) },
		},
		{
			name:  "rating-report",
			what:  "the rating report",
			short: "Print the FIDE rating report after a round",
			long: `Print the FIDE rating report of the tournament: each player's FIDE rating
change over the rounds with every result in, for the rating of the
tournament's pace (standard, rapid or blitz), by the FIDE Rating Regulations
in force (the expected score of table 8.1.2, the 400-point rule for players
rated below 2650, K from FIDE's list in the roster or by article 8.3.3,
lowered so that K times the games does not exceed 700). Forfeits, byes and
games against unrated opponents do not count.

The layout is that of FIDE's individual calculations on ratings.fide.com.
First one line per player by pairing number (the order of the TRF file
sent to FIDE): FIDE ID, federation, Ro (the FIDE rating entered with), K,
N (games rated), W (points in them), We (the expected score, the sum of
PD), Rc (the average rating of the rated opponents), W−We and the change
K·(W−We); then each rated player's calculation game by game: the
opponent, their rating, W, PD, W−PD and K·(W−PD), and the totals. FIDE
rounds the change to a whole number when it publishes the list (8.3.4).

The ratings are those the players entered with: the entries keep them once
round 1 is paired (roster update refreshes the roster, not the entries of a
tournament under way). export xlsx --rating-change writes the same report
as a sheet; export trf --format trf26 writes the file FIDE rates.

--round N shows the report after another paired round.`,
			example: `  $ arbiter print rating-report -o rating.pdf
  $ arbiter print rating-report --round 5 --lang it -o variazioni.pdf`,
			ratings: true,
			write:   func(w io.Writer, ev *reports.Event, _ int) error { return reports.WriteRatingReport(w, ev) },
		},
		{
			name:  "pins",
			what:  "the PIN cards",
			short: "Print each player's own PIN card",
			long: `Print a card for each player still in the tournament, ten to an A4 page with
dashed lines to cut along, in alphabetical order: the player's name and
pairing number, their own PIN, and a QR code of their own page on arbiter
serve. Hand each player their own card at the check-in, and nobody else's.

The PIN is the player's for the whole tournament, and no other player has
the same one. With it, and only with it, the player reports and confirms
their results from a phone; scanning the card's code and typing the PIN
signs the phone in for the evening, and it then needs no PIN. A result
is entered only when both players of the board said it, each with their
own PIN or phone, so what one player holds never enters a result for the
opponent. The result slips carry no PIN.

Players without a PIN get one now (a late entry accepted from the phone
already has one, shown on the newcomer's screen); printing again gives the
same PINs, so a lost card is printed again.`,
			example: `  $ arbiter print pins -o pins.pdf
  $ arbiter print pins --lang it -o pin.pdf`,
			cards: true,
			write: func(w io.Writer, ev *reports.Event, _ int) error { return reports.WritePINCards(w, ev) },
		},
	}
}

type printOptions struct {
	kind   printKind
	lang   string
	round  roundChoice
	output string
}

func newPrintKindCmd(a *app, k printKind) *cobra.Command {
	opts := &printOptions{kind: k}
	cmd := &cobra.Command{
		Use:               k.name + " -o <file.pdf>",
		Short:             k.short,
		Long:              k.long,
		Example:           k.example,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.output == "" {
				return usageErrorf("%s", a.tr().T("cli.print.output", "Sheet", k.name))
			}
			opts.round.set = cmd.Flags().Changed("round")
			if _, err := reportLang(opts.lang); err != nil {
				return err
			}
			return runPrint(cmd.Context(), a, opts)
		},
	}
	help := "show " + k.what + " after round `N` (default: the last round with every result in)"
	if k.paired {
		help = "print round `N` (default: the last round paired)"
	}
	if !k.cards {
		a.roundFlag(cmd, &opts.round.n, help)
	}
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "write the PDF to `FILE` (- for standard output)")
	cmd.MarkFlagFilename("output", "pdf")
	reportLangFlag(cmd, &opts.lang)
	return cmd
}

func runPrint(ctx context.Context, a *app, opts *printOptions) error {
	k := opts.kind
	lang, err := reportLang(opts.lang)
	if err != nil {
		return err
	}
	write := k.write
	if k.prizes {
		write = func(w io.Writer, ev *reports.Event, n int) error {
			if ev.Prizes.Empty() {
				return errors.New(a.tr().T("cli.prizes.nothing", "Name", ev.Tournament.Name))
			}
			return k.write(w, ev, n)
		}
	}
	r := report{
		path: opts.output,
		lang: lang,
		round: func(s *desk.Snapshot) (int, error) {
			switch {
			case k.cards:
				return 0, nil
			case k.paired:
				return pairedRound(a.tr(), s, opts.round)
			}
			return a.afterRound(s, opts.round, k.what, "cli.what."+k.name, false)
		},
		write:  write,
		codes:  k.codes,
		cards:  k.cards,
		prizes: k.prizes,
		size:   func(pdf []byte, _ int) (int, string) { return pdfPages(pdf), "page" },
	}
	if k.ratings {
		r.ratings = desk.RatingsShown
	}
	return a.writeReport(ctx, r)
}
