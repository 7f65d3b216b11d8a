package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// enterMatch is round result on a board of a Double-Swiss tournament, on
// the open database d: the match as both games or as the match score
// (desk.ParseMatchResult).
func enterMatch(ctx context.Context, a *app, d *desk.Desk, opts *roundResultOptions, board int) error {
	l := a.tr()
	switch {
	case opts.reason != "" || opts.fen != "" || opts.bothFlags:
		return usageErrorf("%s", l.T("err.match.flags"))
	case (opts.whatIf || opts.json) && !opts.correct || opts.json && !opts.whatIf:
		return usageErrorf("%s", l.T("err.result.whatif"))
	}
	text := strings.TrimSpace(opts.result + " " + opts.second)
	m, err := desk.ParseMatchResult(text)
	switch {
	case errors.Is(err, desk.ErrMatchLevel):
		return errors.New(l.T("err.match.level", "Result", strconv.Quote(text)))
	case err != nil:
		return errors.New(l.T("err.match.text", "Result", strconv.Quote(text), "Codes", arbiter.GameCodes))
	}
	if opts.whatIf {
		// What the correction would change, in game points; the
		// database is open read-only.
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		w, err := d.WhatIfMatch(ctx, desk.MatchRequest{Tournament: strconv.FormatInt(t.ID, 10), Round: opts.round, Board: board, Match: m})
		if err != nil {
			return chainError(l, err)
		}
		a.note(l.T("cli.whatif.nothing"))
		if opts.json {
			return writeJSON(a.stdout, w)
		}
		printWhatIf(l, a.stdout, w)
		return nil
	}
	c, err := d.EnterMatch(ctx, desk.MatchRequest{Tournament: a.tournamentRef(), Round: opts.round, Board: board, Match: m, Correct: opts.correct})
	switch {
	case errors.Is(err, desk.ErrNotMatch):
		return errors.New(l.T("err.match.notds"))
	case errors.Is(err, desk.ErrResultEntered):
		return hint(err, "%s", l.T("err.hint.correct", "Result", quoteMatch(m)))
	case errors.Is(err, desk.ErrNotPaired):
		return hint(err, "%s", l.T("err.hint.notpaired"))
	case errors.Is(err, desk.ErrNoBoard):
		return hint(err, "%s", l.T("err.hint.roundshow", "Round", c.Round))
	case err != nil:
		return a.tournamentError(err)
	}
	a.note(matchConfirmation(a, c))
	if c.Old != (arbiter.Match{}) && c.Old != c.New && c.Paired > c.Round {
		if c.Paired == c.Round+1 {
			a.note(l.T("cli.result.laterone", "Round", c.Paired))
		} else {
			a.note(l.T("cli.result.later", "From", c.Round+1, "To", c.Paired))
		}
	}
	return nil
}

// quoteMatch writes a match as it can be typed again, in quotes.
func quoteMatch(m arbiter.Match) string { return strconv.Quote(m.String()) }

// matchText writes a match result for people: the score of the match
// from game 1's White, then the two games, "1½-½ (1-0 1/2-1/2)", the
// games as the terminal's language writes them (desk.ResultWords).
func matchText(a *app, m arbiter.Match) string {
	if m == (arbiter.Match{}) {
		return a.tr().T("cli.result.none")
	}
	return m.Score() + " (" + desk.ResultWords(a.tr(), m.String()) + ")"
}

// matchConfirmation says what EnterMatch did, as confirmation does for a
// single game.
func matchConfirmation(a *app, c desk.MatchChange) string {
	l := a.tr()
	line := l.T("cli.result.line", "Round", c.Round, "Board", c.Board, "White", c.WhiteName, "Black", c.BlackName)
	switch {
	case c.Unchanged:
		return l.T("cli.result.same", "Line", line, "Result", matchText(a, c.Old))
	case c.Old != (arbiter.Match{}) && c.Old != c.New:
		return l.T("cli.result.corrected", "Line", line, "Result", matchText(a, c.New), "Old", matchText(a, c.Old))
	}
	return l.T("cli.result.entered", "Line", line, "Result", matchText(a, c.New))
}

// enterMatches is round results for a Double-Swiss tournament, on the
// open database d: each item a board and its match, "1 1.5-0.5" or
// "2 1-0 1/2-1/2", all entered in one transaction.
func enterMatches(ctx context.Context, a *app, d *desk.Desk, opts *roundResultsOptions) error {
	l := a.tr()
	text, sep := opts.list, ","
	where := func(i int) string { return l.T("cli.round_results.item", "Item", i) }
	if opts.from != "" {
		data, err := a.readInput(opts.from, listLimit)
		if err != nil {
			return err
		}
		text, sep = string(data), "\n"
		where = func(i int) string { return l.T("cli.round_results.line", "File", opts.from, "Line", i) }
	}
	var reqs []desk.MatchRequest
	for i, item := range strings.Split(text, sep) {
		item = strings.TrimSpace(item)
		if item == "" && sep == "\n" || strings.HasPrefix(item, "#") {
			continue
		}
		board, rest, _ := strings.Cut(item, " ")
		b, err := strconv.Atoi(board)
		if err != nil || b < 1 {
			return errors.New(l.T("cli.round_results.board", "Where", where(i+1), "Item", excerpt(item), "Board", excerpt(board)))
		}
		m, err := desk.ParseMatchResult(rest)
		if err != nil {
			msg := l.T("err.match.text", "Result", strconv.Quote(strings.TrimSpace(rest)), "Codes", arbiter.GameCodes)
			if errors.Is(err, desk.ErrMatchLevel) {
				msg = l.T("err.match.level", "Result", strconv.Quote(strings.TrimSpace(rest)))
			}
			return errors.New(l.T("cli.round_results.match", "Where", where(i+1), "Item", excerpt(item), "Msg", msg))
		}
		reqs = append(reqs, desk.MatchRequest{Tournament: a.tournamentRef(), Round: opts.round, Board: b, Match: m, Correct: opts.correct})
	}
	if len(reqs) == 0 {
		return errors.New(l.T("cli.round_results.none"))
	}
	cs, err := d.EnterMatches(ctx, reqs)
	switch {
	case errors.Is(err, desk.ErrResultEntered):
		return hint(err, "%s", l.T("cli.results.correct"))
	case err != nil:
		return hint(a.tournamentError(err), "%s", l.T("cli.results.nothing"))
	}
	for _, c := range cs {
		a.note(matchConfirmation(a, c))
	}
	return nil
}
