package web

import "github.com/labyrinth-chess/arbiter"

// The FIDE rating change on a player's page, when the tournament shows
// it (the option rating-change): the change after the published round,
// and game by game the opponent, their rating, the result, the expected
// score PD of table 8.1.2 and the change K × (W − PD) (package rating).

// ratingLineView is one game of the change.
type ratingLineView struct {
	Round    int
	Opponent seatView
	Rating   int
	Result   string
	Expected string
	Change   string
}

// ratingView is a player's rating change so far.
type ratingView struct {
	Total   string // "+5.6"
	Summary string // the rating, K, W of N, We
	Unrated string // why an unrated player has no change
	Lines   []ratingLineView
}

// ratingOf returns player pn's rating change after the published round,
// nil when the tournament does not show it or pn has no game that counts.
func (s *Server) ratingOf(wd words, st *state, pn int) *ratingView {
	c, ok := st.ratings[pn]
	if !ok || c.Games == 0 {
		return nil
	}
	if c.Rating <= 0 {
		return &ratingView{Unrated: wd.t("rating-unrated")}
	}
	l := wd.l
	v := &ratingView{
		Total: l.Signed(c.Value, 1),
		Summary: wd.t("rating-change-summary", s.ratingKind(wd, st.snap.Tournament.Pace), c.Rating, c.K,
			l.Figure(c.Score, true), c.Games, l.Decimal(c.Expected, 2)),
	}
	card := st.rank.Input.Table.Card(pn)
	for _, line := range c.Lines {
		lv := ratingLineView{Round: line.Round, Rating: line.Opponent, Result: l.Figure(line.Score, true),
			Expected: l.Decimal(line.PD, 2), Change: l.Signed(line.Change, 2)}
		if card != nil && line.Round >= 1 && line.Round <= len(card.Rounds) {
			lv.Opponent = s.seat(st, card.Rounds[line.Round-1].Opponent, line.Round)
		}
		v.Lines = append(v.Lines, lv)
	}
	return v
}

// ratingKind names the rating the tournament's games count for.
func (s *Server) ratingKind(wd words, p arbiter.Pace) string {
	switch p {
	case arbiter.Rapid:
		return wd.t("rating-kind-rapid")
	case arbiter.Blitz:
		return wd.t("rating-kind-blitz")
	}
	return wd.t("rating-kind-standard")
}
