package tiebreak

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Explanation says where one figure of a player's standings line comes
// from: one Line per contribution (an opponent, a bye's dummy opponent, a
// round), and a Summary in plain words citing the C.07 article.
type Explanation struct {
	Spec    Spec
	Value   float64 // the figure, as in Standing.Values
	Lines   []Line
	Summary string
}

// Line is one contribution to a figure.
type Line struct {
	Round    int     // 0 when the line is not about one round
	Opponent int     // pairing number; 0 for a bye, an absence or a dummy opponent
	Value    float64 // what the line adds (or would add, if not counted)
	Counted  bool    // false for values cut, left out or not counting
	Note     string  // plain words: what the value is and why it counts or not
}

// String formats the explanation as a few lines of text.
func (e Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s = %s: %s\n", e.Spec, num(e.Value), e.Summary)
	for _, l := range e.Lines {
		mark := " "
		if !l.Counted {
			mark = "-"
		}
		where := "       "
		if l.Round > 0 {
			where = fmt.Sprintf("round %d", l.Round)
		}
		fmt.Fprintf(&b, "  %s %s %6s  %s\n", mark, where, num(l.Value), l.Note)
	}
	return b.String()
}

// Explain returns, for player pn, one Explanation per tie-break of
// in.Chain, in chain order: every opponent's contribution, byes and dummy
// opponents, cuts, and for DE the group still tied at that point and how
// the direct encounters were read. The values are those of Rank. It
// returns an error for a pairing number that is not on the table and for
// the errors of Rank.
func Explain(in Input, pn int) ([]Explanation, error) {
	if in.Table == nil || pn < 1 || pn > len(in.Table.Cards) {
		n := 0
		if in.Table != nil {
			n = len(in.Table.Cards)
		}
		return nil, fmt.Errorf("tiebreak: no player %d: type a pairing number from 1 to %d", pn, n)
	}
	r, err := rank(in, pn)
	if err != nil {
		return nil, err
	}
	c := r.calc
	out := make([]Explanation, len(in.Chain))
	for i, s := range in.Chain {
		e := Explanation{Spec: s, Value: r.values[i][pn-1]}
		switch s.Code {
		case BH, SB:
			c.explainBuchholz(&e, pn, "")
		case FB:
			f := c.fore()
			note := "the last round is not played yet: FB is BH"
			if f != c {
				note = fmt.Sprintf("games of round %d taken as draws", c.rounds)
			}
			f.explainBuchholz(&e, pn, note)
		case AOB:
			c.explainAOB(&e, pn)
		case DE:
			r.explainDE(&e, i, pn)
		case WIN, WON, BPG, BWG, GE, REP:
			c.explainTally(&e, pn)
		case STD, TPN, RTNG, PTP, APRO, APPO:
			c.explainOther(&e, pn)
		case PS:
			c.explainPS(&e, pn)
		case KS:
			c.explainKoya(&e, pn)
		case ARO:
			c.explainARO(&e, pn)
		case TPR:
			c.explainTPR(&e, pn)
		}
		out[i] = e
	}
	return out, nil
}

// num formats a figure without trailing zeros: "12", "12.5", "12.33".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// colourWord names a colour for notes.
func colourWord(c arbiter.Colour) string {
	switch c {
	case arbiter.White:
		return "White"
	case arbiter.Black:
		return "Black"
	}
	return "no colour"
}

// describe says in plain words what a round was for a player.
func describe(o scoring.Outcome) string {
	switch o.Kind {
	case scoring.Game:
		if o.Pending {
			return fmt.Sprintf("game against %d with %s, no result yet", o.Opponent, colourWord(o.Colour))
		}
		verb := "lost to"
		switch o.Points {
		case arbiter.One:
			verb = "won against"
		case arbiter.Half:
			verb = "drew with"
		}
		return fmt.Sprintf("%s %d with %s", verb, o.Opponent, colourWord(o.Colour))
	case scoring.ForfeitWin:
		return fmt.Sprintf("forfeit win against %d", o.Opponent)
	case scoring.ForfeitLoss:
		return fmt.Sprintf("forfeit loss against %d", o.Opponent)
	}
	return fmt.Sprintf("%s (%s)", o.Kind, pointWord(o.Points))
}

// pointWord spells a score: "1 point", "0.5 point", "0 points".
func pointWord(s arbiter.Score) string {
	if s == arbiter.One || s == arbiter.Half {
		return s.String() + " point"
	}
	return s.String() + " points"
}

// cutNote explains why a contribution was left out.
func cutNote(why cutReason) string {
	switch why {
	case cutLow:
		return "cut: least significant value (C.07 14.1)"
	case cutLowVUR:
		return "cut first: voluntarily unplayed round (C.07 16.5)"
	case cutLowOverVUR:
		return "cut: least significant value, worth more than the voluntarily unplayed round (C.07 16.5)"
	case cutHigh:
		return "cut: most significant value (C.07 14.1)"
	}
	return ""
}

// explainBuchholz fills e for BH, SB and FB.
func (c *calc) explainBuchholz(e *Explanation, pn int, extra string) {
	sb := e.Spec.Code == SB
	low, high := e.Spec.cuts()
	cs := c.contribs(pn, sb, nil)
	applyCuts(cs, low, high, c.edition != Edition2009)
	card := &c.cards[pn-1]
	var nKept, nCut int
	for _, x := range cs {
		o := card.Rounds[x.round-1]
		l := Line{Round: x.round, Opponent: x.opp, Value: x.value, Counted: x.cut == kept}
		var note string
		switch {
		case x.cut == notYet:
			note = describe(o) + ": not counted until it has a result"
		case o.Kind == scoring.Game:
			note = describe(o) + ": " + c.opponentNote(x.opp)
		case c.edition == Edition2009:
			note = fmt.Sprintf("%s: virtual opponent %s + (1 − %s) + 0.5 × (%d − %d) = %s (2009 rule)",
				describe(o), num(card.ScoreAfter(x.round-1).Points()), num(x.points), c.rounds, x.round, num(x.oppScore))
		case x.oppScore < c.score[pn].Points() && hasOpponent(o):
			note = fmt.Sprintf("%s: dummy opponent on the player's own score %s, capped at the opponent's adjusted score %s (C.07 16.4.1)",
				describe(o), c.score[pn], num(x.oppScore))
		case x.oppScore < c.score[pn].Points():
			note = fmt.Sprintf("%s: dummy opponent on the player's own score %s, capped at a draw in every round, %s (C.07 16.4.2)",
				describe(o), c.score[pn], num(x.oppScore))
		default:
			note = fmt.Sprintf("%s: dummy opponent on the player's own score %s (C.07 16.4)", describe(o), num(x.oppScore))
		}
		if sb && x.cut != notYet {
			note += fmt.Sprintf(", × %s scored", num(x.points))
		}
		if w := cutNote(x.cut); w != "" {
			note += "; " + w
			nCut++
		}
		if x.cut == kept {
			nKept++
		}
		l.Note = note
		e.Lines = append(e.Lines, l)
	}
	what := "sum of the opponents' scores"
	if sb {
		what = "sum of each opponent's score times the points scored against that opponent"
	}
	e.Summary = fmt.Sprintf("%s: %s", e.Spec.Name(), what)
	if low+high > 0 {
		e.Summary += fmt.Sprintf(", %d values kept, %d cut", nKept, nCut)
	}
	if extra != "" {
		e.Summary += "; " + extra
	}
}

// opponentNote gives an opponent's score as it counts for BH and SB.
func (c *calc) opponentNote(opp int) string {
	got, adj := c.score[opp].Points(), c.adj[opp]
	if got == adj {
		return fmt.Sprintf("opponent scored %s", num(got))
	}
	if c.edition == Edition2009 {
		return fmt.Sprintf("opponent scored %s, counted %s with the unplayed rounds as draws (2009 rule)", num(got), num(adj))
	}
	return fmt.Sprintf("opponent scored %s, adjusted to %s: requested byes followed only by unplayed rounds count as draws (C.07 16.3)", num(got), num(adj))
}

// explainAOB fills e for AOB.
func (c *calc) explainAOB(e *Explanation, pn int) {
	bh := c.plainBH()
	var sum float64
	var k int
	for i, o := range c.cards[pn-1].Rounds {
		l := Line{Round: i + 1, Opponent: o.Opponent, Note: describe(o)}
		if played(o) {
			l.Value, l.Counted = bh[o.Opponent], true
			l.Note += fmt.Sprintf(": that opponent's Buchholz %s", num(l.Value))
			sum += l.Value
			k++
		} else {
			l.Note += ": not a game played over the board"
		}
		e.Lines = append(e.Lines, l)
	}
	e.Summary = fmt.Sprintf("%s: %s / %d games, rounded to two decimals", e.Spec.Name(), num(sum), k)
}

// explainTally fills e for WIN, WON, BPG, BWG and GE.
func (c *calc) explainTally(e *Explanation, pn int) {
	var k int
	for i, o := range c.cards[pn-1].Rounds {
		l := Line{Round: i + 1, Opponent: o.Opponent, Note: describe(o), Counted: counts(e.Spec.Code, o)}
		if l.Counted {
			l.Value = 1
			k++
		} else {
			l.Note += ": does not count"
		}
		e.Lines = append(e.Lines, l)
	}
	what := map[Code]string{
		WIN: "rounds scored as a win, played or not",
		WON: "games won over the board",
		BPG: "games played over the board with Black",
		BWG: "games won over the board with Black",
		GE:  "rounds not voluntarily unplayed (C.07 16.1)",
		REP: "rounds not voluntarily unplayed (C.07 16.1)",
	}[e.Spec.Code]
	e.Summary = fmt.Sprintf("%s: %s; %d of %d rounds count", e.Spec.Name(), what, k, c.rounds)
}

// explainOther fills e for the tie-breaks whose figure needs no table:
// STD, TPN, RTNG, PTP, APRO and APPO.
func (c *calc) explainOther(e *Explanation, pn int) {
	what := map[Code]string{
		STD:  "points counted 1, ½ and 0 whatever the scoring",
		TPN:  "the pairing number; the lower ranks first",
		RTNG: "the player's rating",
		PTP:  "the lowest rating whose expected score (FIDE B.02 8.1.b) against the rated opponents met reaches the points scored against them",
		APRO: "the mean of the opponents' TPR over games played, rounded",
		APPO: "the mean of the opponents' PTP over games played, rounded",
	}[e.Spec.Code]
	if c.dropRatings && e.Spec.Code.ratingBased() {
		what = "dropped: unrated players take part and no rating is set for them (C.07)"
	}
	e.Summary = fmt.Sprintf("%s: %s", e.Spec.Name(), what)
}

// explainPS fills e for PS.
func (c *calc) explainPS(e *Explanation, pn int) {
	low, _ := e.Spec.cuts()
	var run arbiter.Score
	for i, o := range c.cards[pn-1].Rounds {
		run += o.Points
		l := Line{Round: i + 1, Opponent: o.Opponent, Value: run.Points(), Counted: i >= low,
			Note: fmt.Sprintf("%s: score %s after round %d", describe(o), run, i+1)}
		if !l.Counted {
			l.Note += "; cut: the first rounds are the least significant (C.07 14.1)"
		}
		e.Lines = append(e.Lines, l)
	}
	e.Summary = fmt.Sprintf("%s: sum of the running scores", e.Spec.Name())
}

// explainKoya fills e for KS.
func (c *calc) explainKoya(e *Explanation, pn int) {
	limit := c.koyaLimit()
	for i, o := range c.cards[pn-1].Rounds {
		if !hasOpponent(o) || o.Pending {
			continue
		}
		s := c.score[o.Opponent].Points()
		l := Line{Round: i + 1, Opponent: o.Opponent, Value: o.Points.Points(), Counted: s >= limit}
		if l.Counted {
			l.Note = fmt.Sprintf("%s: opponent scored %s, at least %s", describe(o), num(s), num(limit))
		} else {
			l.Note = fmt.Sprintf("%s: opponent scored %s, under %s", describe(o), num(s), num(limit))
		}
		e.Lines = append(e.Lines, l)
	}
	e.Summary = fmt.Sprintf("%s: points against opponents on at least 50%% of %d rounds", e.Spec.Name(), c.rounds)
}

// ratingLines returns a line per game played over the board, for ARO and
// TPR: unrated opponents are left out, cut ratings marked.
func (c *calc) ratingLines(pn int, gs []rated) []Line {
	var out []Line
	for i, o := range c.cards[pn-1].Rounds {
		if !played(o) {
			continue
		}
		l := Line{Round: i + 1, Opponent: o.Opponent, Value: float64(c.rating(o.Opponent))}
		j := slices.IndexFunc(gs, func(g rated) bool { return g.round == i+1 })
		switch {
		case j < 0:
			l.Note = describe(o) + ": unrated, left out"
		case gs[j].cut != kept:
			l.Note = fmt.Sprintf("%s: rated %d; %s", describe(o), gs[j].rating, cutNote(gs[j].cut))
		default:
			l.Counted = true
			l.Note = fmt.Sprintf("%s: rated %d", describe(o), gs[j].rating)
		}
		out = append(out, l)
	}
	return out
}

// explainARO fills e for ARO.
func (c *calc) explainARO(e *Explanation, pn int) {
	low, high := e.Spec.cuts()
	gs := c.ratedGames(pn, nil)
	sum, k := cutRatings(gs, low, high)
	e.Lines = c.ratingLines(pn, gs)
	if k == 0 {
		e.Summary = fmt.Sprintf("%s: no rated opponent met over the board", e.Spec.Name())
		return
	}
	e.Summary = fmt.Sprintf("%s: %d / %d = %s, rounded to %s", e.Spec.Name(), sum, k,
		strconv.FormatFloat(float64(sum)/float64(k), 'f', 2, 64), num(e.Value))
}

// explainTPR fills e for TPR.
func (c *calc) explainTPR(e *Explanation, pn int) {
	gs := c.ratedGames(pn, nil)
	e.Lines = c.ratingLines(pn, gs)
	aro, pct, ok := c.performance(pn, nil)
	if !ok {
		e.Summary = fmt.Sprintf("%s: no rated opponent met over the board", e.Spec.Name())
		return
	}
	e.Summary = fmt.Sprintf("%s: average rating %s + dp(%d%%) %d from the FIDE table (B.02 8.1.a)", e.Spec.Name(), num(aro), pct, dp[pct])
}

// explainDE fills e for the DE at chain index i.
func (r *ranking) explainDE(e *Explanation, i, pn int) {
	c := r.calc
	group := r.tied[i]
	if group == nil {
		e.Summary = fmt.Sprintf("%s: not tied with anyone at this point of the chain (0)", e.Spec.Name())
		return
	}
	met := make(map[int]bool)
	for j, o := range c.cards[pn-1].Rounds {
		if !hasOpponent(o) || !slices.Contains(group, o.Opponent) {
			continue
		}
		l := Line{Round: j + 1, Opponent: o.Opponent, Value: o.Points.Points(), Note: describe(o)}
		switch {
		case played(o):
			l.Counted = true
			met[o.Opponent] = true
		case o.Pending:
			l.Note += ": not counted until it has a result"
		default:
			l.Note += ": forfeits are left out (C.07 6.1.1)"
		}
		e.Lines = append(e.Lines, l)
	}
	for _, q := range group {
		if q != pn && !met[q] {
			e.Lines = append(e.Lines, Line{Opponent: q, Note: fmt.Sprintf("did not meet %d over the board", q)})
		}
	}
	others := slices.DeleteFunc(slices.Clone(group), func(q int) bool { return q == pn })
	verdict := "DE decides nothing for this player (0)"
	if e.Value > 0 {
		verdict = fmt.Sprintf("place %s among them", num(e.Value))
	}
	e.Summary = fmt.Sprintf("%s: still level with %s; %s. %s", e.Spec.Name(), list(others), verdict, strings.Join(r.de[i].steps, "; "))
}
