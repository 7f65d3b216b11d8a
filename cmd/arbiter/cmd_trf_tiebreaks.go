package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type trfTiebreaksOptions struct {
	tiebreaks string
	edition   int
	unrated   int
	check     bool
	json      bool
}

func newTRFTiebreaksCmd(a *app) *cobra.Command {
	opts := trfTiebreaksOptions{}
	cmd := &cobra.Command{
		Use:   "tiebreaks <file.trf>",
		Short: "Compute the tie-breaks and the ranking of a TRF file, and check them",
		Long: `Compute every tie-break of a complete TRF file and rank the players by points
and the tie-breaks in turn (FIDE C.07). The list comes from the file's 212
line (points first) or 202 line, or from --tiebreaks. The rules for unplayed
rounds are those in force when the tournament started (line 042, as FIDE's
reference checker reads it): the 2026 text from 1 March 2026, the 2023/2024
rules from 1 July 2023, the 2009 rule before; --tiebreak-edition sets them.
A figure C.07 leaves undefined (no game against a rated opponent, every
value cut) is shown as such, and null in --json. With --check, compare the
computed ranks with the ranks in the file (columns 86-89 of each 001 line),
list each difference and exit 1 if there is any. A Double-Swiss file (192
FIDE_DOUBLESWISS, FIDE C.04.5) is ranked on its matches, in game points,
as the standings of a Double-Swiss tournament are.`,
		Example: `  $ arbiter trf tiebreaks tournament.trf
  $ arbiter trf tiebreaks --tiebreaks BH/C1,BH,SB,DE tournament.trf
  $ arbiter trf tiebreaks --check tournament.trf`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTRFTiebreaks(a, args[0], opts)
		},
	}
	cmd.Flags().StringVar(&opts.tiebreaks, "tiebreaks", "", "tie-break list, e.g. BH-C1,BH,SB (default: the file's 212 or 202 line)")
	cmd.Flags().IntVar(&opts.edition, "tiebreak-edition", 0, "C.07 rules for unplayed rounds: {2026|2023|2009} (default: those in force on the start date, line 042)")
	cmd.Flags().IntVar(&opts.unrated, "unrated", 0, "rating the regulations give unrated players for rating-based tie-breaks (0: none, such tie-breaks are dropped when unrated players take part)")
	cmd.Flags().BoolVar(&opts.check, "check", false, "compare the computed ranks with the file's and exit 1 on any difference")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the standings as JSON")
	return cmd
}

// trfTiebreakJSON is one line of the --json output. Field names are stable.
type trfTiebreakJSON struct {
	Rank          int     `json:"rank"`
	RankTo        int     `json:"rank_to"`
	PairingNumber int     `json:"pairing_number"`
	Name          string  `json:"name"`
	Points        float64 `json:"points"`
	FileRank      int     `json:"file_rank"`
	// Tiebreaks holds null for a figure C.07 leaves undefined (no game
	// against a rated opponent, everything cut), as FIDE's reference
	// checker writes it.
	Tiebreaks map[string]*float64 `json:"tiebreaks"`
}

// trfChain reads the tie-break list from the flag or the file.
func trfChain(l *locale.Localizer, flag string, f *trf.File, path string) ([]desk.TiebreakSpec, error) {
	texts := f.Header.Chain()
	if flag != "" {
		texts = strings.FieldsFunc(flag, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	}
	if len(texts) == 0 {
		return nil, usageErrorf("%s", l.T("err.trf.nochain", "Path", path))
	}
	chain, err := desk.ParseTiebreaks(texts)
	if err != nil {
		src := "--tiebreaks"
		if flag == "" {
			src = path + " line 212/202"
		}
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	return chain, nil
}

func runTRFTiebreaks(a *app, path string, opts trfTiebreaksOptions) error {
	if opts.edition != 0 && !slices.Contains(desk.TiebreakEditions, opts.edition) {
		return usageErrorf("%s", a.tr().T("err.trf.tbedition", "Value", opts.edition))
	}
	f, err := readTRF(a.tr(), path)
	if err != nil {
		return &exitError{code: exitFailure, msg: err.Error()}
	}
	chain, err := trfChain(a.tr(), opts.tiebreaks, f, path)
	if err != nil {
		return err
	}
	r, err := desk.RankTRF(f, chain, opts.edition, opts.unrated)
	if opts.edition == 0 && r.Edition != 0 && r.Edition != desk.TiebreakEditionNow {
		// C.07 as in force when the tournament started.
		a.note(a.tr().T("cli.trf.edition", "Date", r.Date, "Edition", r.Edition))
	}
	for _, w := range r.Warnings {
		a.note(a.tr().T("cli.trf.unrated", "Warning", w))
	}
	if err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s: %v", path, err)}
	}
	st, names := r.Rows, r.Names
	fileRank := make([]int, len(names)+1)
	for _, p := range f.Players {
		fileRank[p.ID] = p.Rank
	}
	if opts.json {
		out := make([]trfTiebreakJSON, 0, len(st))
		for _, x := range st {
			j := trfTiebreakJSON{Rank: x.Rank, RankTo: x.RankTo, PairingNumber: x.PN, Name: names[x.PN-1],
				Points: x.Points.Points(), FileRank: fileRank[x.PN], Tiebreaks: map[string]*float64{}}
			for i, sp := range chain {
				j.Tiebreaks[sp.String()] = nil
				if x.Defined(i) {
					v := x.Values[i]
					j.Tiebreaks[sp.String()] = &v
				}
			}
			out = append(out, j)
		}
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		right := []bool{true, true, false, true, true}
		head := []string{"Rank", "No", "Name", "Pts", "File"}
		for _, sp := range chain {
			head = append(head, sp.String())
			right = append(right, true)
		}
		tb := newTable(right...)
		tb.add(head...)
		for _, x := range st {
			rank := strconv.Itoa(x.Rank)
			if x.Shared() {
				rank += "-" + strconv.Itoa(x.RankTo)
			}
			cells := []string{rank, strconv.Itoa(x.PN), names[x.PN-1], x.Points.Fraction(), strconv.Itoa(fileRank[x.PN])}
			for i, sp := range chain {
				cells = append(cells, trfFigure(a.tr(), sp, x, i))
			}
			tb.add(cells...)
		}
		if err := tb.write(a.stdout); err != nil {
			return err
		}
	}
	if !opts.check {
		return nil
	}
	// A rank in the file agrees when it falls in the computed place: players
	// level on points and the whole chain share places Rank to RankTo (C.07
	// 4.2), and the file may give any of them, or break the tie by lot.
	var diffs int
	for _, x := range st {
		fr := fileRank[x.PN]
		if fr >= x.Rank && fr <= x.RankTo {
			continue
		}
		diffs++
		want := strconv.Itoa(x.Rank)
		if x.Shared() {
			want += "-" + strconv.Itoa(x.RankTo)
		}
		var vals []string
		for i, sp := range chain {
			vals = append(vals, sp.String()+" "+trfFigure(a.tr(), sp, x, i))
		}
		fmt.Fprintln(a.stdout, a.tr().T("cli.trftb.differs", "PN", x.PN, "Name", names[x.PN-1], "File", fr, "Computed", want,
			"Points", x.Points.Fraction(), "Values", strings.Join(vals, ", ")))
	}
	if diffs > 0 {
		return &exitError{code: exitFailure, msg: a.tr().T("cli.trftb.summary", "Path", path, "Diffs", diffs, "Players", len(st))}
	}
	fmt.Fprintln(a.stdout, a.tr().T("cli.nodiff"))
	return nil
}

// trfFigure formats x's figure of sp, chain[i], for the checker: a point
// for the decimals whatever the language, as the TRF writes numbers; DE's
// 0 (no decision) as "-"; a figure C.07 leaves undefined in words.
func trfFigure(l *locale.Localizer, sp desk.TiebreakSpec, x desk.Standing, i int) string {
	v := x.Values[i]
	switch {
	case !x.Defined(i):
		return l.T("tb.undefined")
	case desk.Blank(sp, v):
		return "-"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
