package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/trf"
)

// matchToPair is roundToPair for a Double-Swiss file, whose rounds are
// matches of two columns each: 142 (XXR) plans twice the matches.
func matchToPair(l *locale.Localizer, f *trf.File, round int) error {
	played, planned := f.PlayedMatches(), f.Rounds/2
	switch {
	case round == 0 && planned > 0 && played >= planned:
		return errors.New(l.T("err.trf.ds.allplayed", "Planned", planned, "Columns", f.Rounds))
	case planned > 0 && round > planned:
		return errors.New(l.T("err.trf.ds.planned", "Round", round, "Planned", planned))
	case round > played+1:
		return errors.New(l.N("err.trf.holds", played, "Round", round, "Next", played+1))
	}
	return nil
}

// runTRFGenerateDoubleSwiss is trf generate --system double-swiss: a random
// Double-Swiss tournament (FIDE C.04.5), written with 192 FIDE_DOUBLESWISS
// and two round columns a match. Its ranks follow the tie-break list of
// its 202 and 212 lines, computed on the matches as the standings of a
// Double-Swiss tournament compute them (desk.RankTRFFile); without
// --tiebreaks the list is the one a Double-Swiss tournament starts with.
func runTRFGenerateDoubleSwiss(a *app, opts trfGenerateOptions) error {
	if strings.ToLower(opts.accelerated) == "baku" {
		opts.gen.Baku = true
	} else if opts.accelerated != "" {
		return usageErrorf("%s", a.tr().T("err.trf.accelerated", "Value", strconv.Quote(opts.accelerated)))
	}
	texts := arbiter.DefaultTiebreaks
	if opts.chainSet {
		texts = strings.FieldsFunc(opts.tiebreaks, func(r rune) bool { return r == ',' || r == ' ' })
	}
	chain, err := desk.ParseTiebreaks(texts)
	if err != nil {
		return usageErrorf("%s", a.tr().T("cli.flagerr", "Flag", "--tiebreaks", "Err", errWords(a.tr(), err)))
	}
	f, err := desk.GenerateTRF(opts.gen, true)
	if err != nil {
		if errors.Is(err, desk.ErrGenerate) {
			return usageErrorf("%v", err)
		}
		return err
	}
	if f.Rounds < 2*opts.gen.Rounds {
		a.note(a.tr().T("cli.trf.stopped", "Round", f.Rounds/2+1, "Last", f.Rounds/2))
	}
	h := &f.Header
	h.Name = fmt.Sprintf("Random Double-Swiss tournament, seed %d", opts.seed)
	h.City = "Nowhere"
	h.Federation = "FID"
	h.StartDate = "2026/03/01"
	h.EndDate = "2026/03/01"
	h.Players = strconv.Itoa(len(f.Players))
	h.Rated = strconv.Itoa(len(f.Players))
	h.Type = "Individual: Double-Swiss (FIDE C.04.5)"
	h.TimeControl = `3'+2"`
	var specs []string
	for _, s := range chain {
		specs = append(specs, strings.ReplaceAll(s.String(), "-", "/"))
	}
	// TRF-26: 202 the tie-breaks, 212 the standings (points first).
	h.Tiebreaks = strings.Join(specs, ",")
	h.Standings = "PTS," + h.Tiebreaks
	if err := desk.RankTRFFile(f, chain); err != nil {
		return err
	}
	return writeGenerated(a, opts, f)
}
