package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// formatFlags are the format-of-play settings of tournament new and set.
type formatFlags struct {
	system      string
	double      bool
	absentValue string
	fitRounds   bool
}

func (f *formatFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.system, "system", "", "how rounds are paired: {swiss|round-robin|double-swiss} (round-robin: the FIDE Berger tables; double-swiss: FIDE C.04.5, a match of two games a round)")
	fs.BoolVar(&f.double, "double", false, "play the round robin twice (4 or 5 players)")
	fs.StringVar(&f.absentValue, "absent-value", "", "points for a player marked absent at check-in: {0|0.5}")
	fs.BoolVar(&f.fitRounds, "fit-rounds", false, "propose the rounds that fit the field when registration closes")
}

// absentValueError refuses the value v of --absent-value.
func absentValueError(v string) error { return errorPhrase("cli.close.err.absentvalue", "Value", v) }

// read reads the format flags given into s.
func (f *formatFlags) read(fs *pflag.FlagSet, s *desk.Settings) error {
	set := fs.Changed
	if set("system") {
		sys, err := arbiter.ParseSystem(f.system)
		if err != nil {
			return fmt.Errorf("--system: %w", err)
		}
		s.System = &sys
	}
	if set("double") {
		cycles := 1
		if f.double {
			cycles = 2
		}
		s.Cycles = &cycles
	}
	if set("absent-value") {
		v, err := arbiter.ParseScore(f.absentValue)
		if err != nil {
			return absentValueError(f.absentValue)
		}
		s.AbsentValue = &v
	}
	if set("fit-rounds") {
		s.FitRounds = &f.fitRounds
	}
	return nil
}

// formatJSON is the format of play in tournament JSON. Field names are
// stable: add, never rename.
type formatJSON struct {
	System             string  `json:"system"`
	Cycles             int     `json:"cycles"`
	FitRounds          bool    `json:"fit_rounds"`
	RegistrationClosed bool    `json:"registration_closed"`
	AbsentValue        float64 `json:"absent_value"`
	// Fit says how the rounds planned fit the field (tournament show).
	Fit *arbiter.FieldFit `json:"fit,omitempty"`
	// AllPlayAll is the all-play-all a Swiss continues as, if any
	// (tournament set --system round-robin --from-round).
	AllPlayAll *allPlayAllJSON `json:"all_play_all,omitempty"`
}

// allPlayAllJSON is a Swiss's all-play-all continuation: its first round
// and the pairing numbers of its field in the order of their Berger
// numbers (players[0] is Berger number 1).
type allPlayAllJSON struct {
	From    int   `json:"from_round"`
	Players []int `json:"players"`
}

func toFormatJSON(t arbiter.Tournament) formatJSON {
	f := formatJSON{System: t.System.String(), Cycles: cyclesOf(t), FitRounds: t.FitRounds, RegistrationClosed: t.Closed, AbsentValue: t.AbsentValue.Points()}
	if c := t.AllPlayAll; c.From != 0 {
		f.AllPlayAll = &allPlayAllJSON{From: c.From, Players: c.Players}
	}
	return f
}

type tournamentCloseOptions struct {
	rounds int
	keep   bool
	system string
	double bool
	json   bool
	set    *pflag.FlagSet
}

func newTournamentCloseCmd(a *app) *cobra.Command {
	opts := &tournamentCloseOptions{}
	cmd := &cobra.Command{
		Use:   "close-registration",
		Short: "Close registration and fix the rounds for the field",
		Long: `Close registration: arbiter checks the rounds planned against the players
entered and fixes them before round 1 is paired. Without flags a Swiss keeps the rounds
planned, or fewer: the largest number of rounds that can always be paired
without a rematch for that field (6 players: 3 rounds; n players: about n/2). --rounds N keeps N
rounds, --keep keeps the rounds planned, and --system round-robin plays
all-play-all from the FIDE Berger tables (C.05 Annex 1): 5 rounds for 5 or
6 players, with --double twice for 4 or 5 players. A round robin takes the
tie-breaks SB, DE, WIN, KS unless another chain than the preset's was set.

The first "round pair" closes registration by itself when the rounds fit;
with the labyrinth preset it asks for this command when they do not.`,
		Example: `  $ arbiter tournament close-registration
  $ arbiter tournament close-registration --rounds 4
  $ arbiter tournament close-registration --system round-robin
  $ arbiter tournament close-registration --system round-robin --double`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.set = cmd.Flags()
			if err := opts.check(); err != nil {
				return err
			}
			return runTournamentClose(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.rounds, "rounds", 0, "play `N` rounds of Swiss")
	cmd.Flags().BoolVar(&opts.keep, "keep", false, "keep the rounds planned, even if they may not all pair")
	cmd.Flags().StringVar(&opts.system, "system", "", "{swiss|round-robin}")
	cmd.Flags().BoolVar(&opts.double, "double", false, "play the round robin twice (4 or 5 players)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the tournament as JSON")
	cmd.MarkFlagsMutuallyExclusive("rounds", "keep")
	return cmd
}

func (opts *tournamentCloseOptions) check() error {
	sys := strings.ToLower(strings.TrimSpace(opts.system))
	rr := false
	if opts.system != "" {
		s, err := arbiter.ParseSystem(sys)
		if err != nil {
			return usageErrorf("--system: %v", err)
		}
		rr = s == arbiter.RoundRobin
	}
	switch {
	case opts.rounds < 0 || opts.rounds > desk.MaxRounds:
		return usagePhrase("cli.close.err.rounds", "Rounds", opts.rounds, "Max", desk.MaxRounds)
	case rr && (opts.rounds > 0 || opts.keep):
		return usagePhrase("cli.close.err.rrrounds")
	case opts.double && !rr:
		return usagePhrase("cli.close.err.double")
	}
	return nil
}

func runTournamentClose(ctx context.Context, a *app, opts *tournamentCloseOptions) error {
	c := arbiter.Closing{}
	switch sys, _ := arbiter.ParseSystem(opts.system); {
	case opts.rounds > 0:
		c = arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: opts.rounds}
	case opts.keep:
		c = arbiter.Closing{Kind: arbiter.CloseKeep}
	case opts.system != "" && sys == arbiter.RoundRobin:
		c = arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1}
		if opts.double {
			c.Cycles = 2
		}
	case opts.system != "":
		c = arbiter.Closing{Kind: arbiter.CloseSwiss}
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		out, err := db.CloseRegistration(ctx, a.tournamentRef(), c)
		s := out.Snapshot
		switch {
		case errors.Is(err, desk.ErrClosedAlready):
			return errors.New(a.tr().T("cli.close.err.closed", "Name", s.Tournament.Name))
		case errors.Is(err, desk.ErrFewPlayers):
			return errors.New(a.tr().N("cli.close.err.fewplayers", len(s.Entries), "Name", s.Tournament.Name))
		case errors.Is(err, desk.ErrDoubleRoundRobin):
			return errors.New(a.tr().T("err.rr.double", "Min", desk.DoubleMin, "Max", desk.DoubleMax, "Players", out.Fit.Players, "Rounds", desk.RoundRobinRounds(out.Fit.Players, 2)))
		case err != nil:
			return a.tournamentError(err)
		}
		closedNotes(a, out.Fit, s.Tournament)
		if opts.json {
			return writeJSON(a.stdout, toTournamentJSON(desk.TournamentInfo{Tournament: s.Tournament, Players: len(s.Entries)}))
		}
		return nil
	})
}

// formatRows adds to tournament show the format of play and how the
// rounds planned fit the field, in the words of l.
func formatRows(row func(k, v string), s *desk.Snapshot, l *locale.Localizer) {
	t := s.Tournament
	if t.System == arbiter.DoubleSwiss {
		row(l.T("cli.show.system"), l.T("cli.show.doubleswiss"))
	}
	if t.System == arbiter.RoundRobin {
		how := l.T("cli.show.roundrobin")
		if t.Cycles == 2 {
			how = l.T("cli.show.doubleroundrobin")
		}
		row(l.T("cli.show.system"), how)
	}
	if c := t.AllPlayAll; c.From != 0 {
		pns := make([]string, len(c.Players))
		for i, pn := range c.Players {
			pns[i] = strconv.Itoa(pn)
		}
		row(l.T("cli.show.system"), l.T("cli.show.allplayall", "From", c.From, "Players", len(c.Players), "Order", strings.Join(pns, ", ")))
	}
	f := fitOf(s)
	if f.Players < 2 {
		return
	}
	field := l.T("cli.show.field")
	switch {
	case t.System == arbiter.RoundRobin && f.Fits:
	case t.System == arbiter.RoundRobin && !t.Closed && f.Players <= desk.MaxBerger:
		// Its rounds are decided from the field when registration
		// closes (tournament show says how many): the field fits.
	case t.System == arbiter.RoundRobin:
		row(field, l.T("cli.show.rrnofit", "Players", f.Players, "Rounds", t.Rounds))
	case len(s.Rounds) > 0:
		// The field is known and the rounds were fixed at round 1.
	case !f.Fits:
		row(field, l.T("cli.show.nofit", "Planned", f.Planned, "Players", f.Players, "Swiss", f.Swiss, "Choices", fitChoices(l, f, desk.ClosingChoices(f))))
	case t.FitRounds && !t.Closed:
		row(field, l.T("cli.show.fits", "Rounds", t.Rounds, "Players", f.Players, "Swiss", f.Swiss))
	}
	if t.AbsentValue != arbiter.Zero {
		row(l.T("cli.show.checkin"), l.T("cli.show.checkinvalue", "Points", t.AbsentValue.String()))
	}
}
