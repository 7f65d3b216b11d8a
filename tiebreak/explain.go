package tiebreak

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Explanation says where one figure of a player's standings line comes
// from: one Line per contribution (an opponent, a bye's dummy opponent, a
// round), and a Summary in plain words citing the C.07 article. The words
// are phrases of the locale catalogs (ids "tb.*"), worded by the caller.
type Explanation struct {
	Spec  Spec
	Value float64 // the figure, as in Standing.Values
	// Undefined reports a figure C.07 does not define (Standing.Undefined);
	// Value is then 0.
	Undefined bool
	Lines     []Line
	Summary   phrase.Text
}

// Line is one contribution to a figure.
type Line struct {
	Round    int         // 0 when the line is not about one round
	Opponent int         // pairing number; 0 for a bye, an absence or a dummy opponent
	Value    float64     // what the line adds (or would add, if not counted)
	Counted  bool        // false for values cut, left out or not counting
	Note     phrase.Text // what the value is and why it counts or not
}

// Format writes the explanation as a few lines of text, worded by word
// (a locale.Localizer's Word).
func (e Explanation) Format(word func(phrase.Text) string) string {
	var b strings.Builder
	value := phrase.New("tb.num", "Value", phrase.Num(e.Value))
	if e.Undefined {
		value = phrase.New("tb.undefined")
	}
	fmt.Fprintf(&b, "%s = %s: %s\n", e.Spec, word(value), word(e.Summary))
	for _, l := range e.Lines {
		mark := " "
		if !l.Counted {
			mark = "-"
		}
		where := "       "
		if l.Round > 0 {
			where = word(phrase.New("tb.round", "Round", l.Round))
		}
		fmt.Fprintf(&b, "  %s %s %6s  %s\n", mark, where, word(phrase.New("tb.num", "Value", phrase.Num(l.Value))), word(l.Note))
	}
	return b.String()
}

// Explain returns, for player pn, one Explanation per tie-break of
// in.Chain, in chain order: every opponent's contribution, byes and dummy
// opponents, cuts, and for DE the group still tied at that point and how
// the direct encounters were read. The values are those of Rank. It
// returns an error for a pairing number that is not on the table and for
// the errors of Rank. It ranks the whole table: to explain many players,
// use an Explainer.
func Explain(in Input, pn int) ([]Explanation, error) {
	if err := checkPN(in, pn); err != nil {
		return nil, err
	}
	r, err := rank(in, pn)
	if err != nil {
		return nil, err
	}
	return r.explain(pn), nil
}

// An Explainer explains the tie-breaks of every player of one table from
// a single ranking: a page per player costs that player's share, not a
// ranking each. It is read-only once made, and safe for concurrent use.
type Explainer struct {
	in Input
	r  *ranking
}

// NewExplainer ranks in.Table once, recording what Explain needs for
// every player. It returns the errors of Rank.
func NewExplainer(in Input) (*Explainer, error) {
	r, err := rank(in, traceAll)
	if err != nil {
		return nil, err
	}
	// What explaining computes on demand is computed now, once: the
	// Explainer is then only read.
	r.calc.plainBH()
	r.fore = r.calc.fore()
	return &Explainer{in: in, r: r}, nil
}

// Explain returns what the package's Explain returns for player pn.
func (x *Explainer) Explain(pn int) ([]Explanation, error) {
	if err := checkPN(x.in, pn); err != nil {
		return nil, err
	}
	return x.r.explain(pn), nil
}

// checkPN refuses a pairing number that is not on in's table.
func checkPN(in Input, pn int) error {
	if in.Table == nil || pn < 1 || pn > len(in.Table.Cards) {
		n := 0
		if in.Table != nil {
			n = len(in.Table.Cards)
		}
		return fmt.Errorf("tiebreak: no player %d: type a pairing number from 1 to %d", pn, n)
	}
	return nil
}

// explain words the tie-breaks of traced player pn from ranking r.
func (r *ranking) explain(pn int) []Explanation {
	c := r.calc
	out := make([]Explanation, len(r.chain))
	for i, s := range r.chain {
		e := Explanation{Spec: s, Value: r.values[i][pn-1]}
		if isUndefined(e.Value) {
			e.Value, e.Undefined = 0, true
		}
		switch s.Code {
		case BH, SB:
			c.explainBuchholz(&e, pn, phrase.Text{})
		case FB:
			f := r.fore
			if f == nil {
				f = c.fore()
			}
			note := say("tb.fb.notyet")
			if f != c {
				note = say("tb.fb.draws", "Round", c.rounds)
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
	return out
}

// num formats a figure without trailing zeros: "12", "12.5", "12.33".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// specName names a tie-break as Spec.Name does, in the catalogs' words:
// "Buchholz cut 1 (C.07 8.1, 14.1)".
func specName(s Spec) phrase.Text {
	info, ok := codes[s.Code]
	if !ok {
		return say("tb.name", "Name", s.String())
	}
	name := say("tb.code." + strings.ToLower(string(s.Code)))
	art := "C.07 " + info.article
	switch s.Modifier {
	case Cut1, Cut2:
		return say("tb.spec.cut", "Name", name, "N", string(s.Modifier[1:]), "Article", art+", 14.1")
	case Median1, Median2:
		return say("tb.spec.median", "Name", name, "N", string(s.Modifier[1:]), "Article", art+", 14.1")
	}
	return say("tb.spec", "Name", name, "Article", art)
}

// say is phrase.New, short for the many notes below.
func say(id string, args ...any) phrase.Text { return phrase.New(id, args...) }

// then joins a note and what follows it: "won against 3 with White: ...".
func then(a, b phrase.Text) phrase.Text { return phrase.Join(": ", a, b) }

// also adds a remark to a note: "...; cut: ...".
func also(a, b phrase.Text) phrase.Text { return phrase.Join("; ", a, b) }

// colourWord names a colour for notes.
func colourWord(c arbiter.Colour) phrase.Text {
	switch c {
	case arbiter.White:
		return say("colour.white")
	case arbiter.Black:
		return say("colour.black")
	}
	return say("tb.colour.none")
}

// describe says in plain words what a round was for a player.
func (c *calc) describe(o scoring.Outcome) phrase.Text {
	switch o.Kind {
	case scoring.Game:
		if o.Pending {
			return say("tb.game.pending", "Opponent", o.Opponent, "Colour", colourWord(o.Colour))
		}
		id := "tb.game.lost"
		switch {
		case o.Points > c.unit/2:
			id = "tb.game.won"
		case o.Points == c.unit/2:
			id = "tb.game.drew"
		}
		return say(id, "Opponent", o.Opponent, "Colour", colourWord(o.Colour))
	case scoring.ForfeitWin:
		return say("tb.forfeit.win", "Opponent", o.Opponent)
	case scoring.ForfeitLoss:
		return say("tb.forfeit.loss", "Opponent", o.Opponent)
	}
	return say("tb.absence", "Kind", kindWord(o.Kind), "Points", pointWord(o.Points))
}

// kindWord names a round that is not a game.
func kindWord(k scoring.Kind) phrase.Text {
	switch k {
	case scoring.PAB:
		return say("tb.kind.pab")
	case scoring.HalfBye:
		return say("tb.kind.halfbye")
	case scoring.FullBye:
		return say("tb.kind.fullbye")
	case scoring.ZeroBye:
		return say("tb.kind.zerobye")
	case scoring.Absent:
		return say("tb.kind.absent")
	}
	return say("tb.kind.other", "Kind", k.String())
}

// pointWord spells a score: "1 point", "0.5 point", "0 points".
func pointWord(s arbiter.Score) phrase.Text {
	n := 2
	if s == arbiter.One || s == arbiter.Half {
		n = 1
	}
	return say("tb.points", "Count", n, "Points", phrase.Num(s.Points()))
}

// cutNote explains why a contribution was left out.
func cutNote(why cutReason) phrase.Text {
	switch why {
	case cutLow:
		return say("tb.cut.low")
	case cutLowVUR:
		return say("tb.cut.vur")
	case cutLowOverVUR:
		return say("tb.cut.lowovervur")
	case cutHigh:
		return say("tb.cut.high")
	}
	return phrase.Text{}
}

// explainBuchholz fills e for BH, SB and FB.
func (c *calc) explainBuchholz(e *Explanation, pn int, extra phrase.Text) {
	sb := e.Spec.Code == SB
	low, high := e.Spec.cuts()
	cs := c.contribs(pn, sb, nil)
	applyCuts(cs, low, high, c.edition != Edition2009)
	card := &c.cards[pn-1]
	var nKept, nCut int
	for _, x := range cs {
		o := card.Rounds[x.round-1]
		l := Line{Round: x.round, Opponent: x.opp, Value: x.value, Counted: x.cut == kept}
		var note phrase.Text
		switch {
		case x.cut == notYet:
			note = then(c.describe(o), say("tb.notyet"))
		case o.Kind == scoring.Game:
			note = then(c.describe(o), c.opponentNote(x.opp))
		case c.edition == Edition2009:
			note = then(c.describe(o), say("tb.virtual2009", "Own", phrase.Num(card.ScoreAfter(x.round-1).Points()),
				"Scored", phrase.Num(x.points), "Rounds", c.rounds, "Round", x.round, "Value", phrase.Num(x.oppScore)))
		case x.oppScore < c.score[pn].Points() && hasOpponent(o):
			note = then(c.describe(o), say("tb.dummy.capopp", "Own", phrase.Num(c.score[pn].Points()), "Value", phrase.Num(x.oppScore)))
		case x.oppScore < c.score[pn].Points():
			note = then(c.describe(o), say("tb.dummy.capdraw", "Own", phrase.Num(c.score[pn].Points()), "Value", phrase.Num(x.oppScore)))
		default:
			note = then(c.describe(o), say("tb.dummy", "Value", phrase.Num(x.oppScore)))
		}
		if sb && x.cut != notYet {
			note = phrase.Join(", ", note, say("tb.sb.times", "Scored", phrase.Num(x.points)))
		}
		if w := cutNote(x.cut); !w.IsZero() {
			note = also(note, w)
			nCut++
		}
		if x.cut == kept {
			nKept++
		}
		l.Note = note
		e.Lines = append(e.Lines, l)
	}
	what := "tb.bh.sum"
	if sb {
		what = "tb.sb.sum"
	}
	e.Summary = then(specName(e.Spec), say(what))
	if low+high > 0 {
		e.Summary = phrase.Join(", ", e.Summary, say("tb.keptcut", "Kept", nKept, "Cut", nCut))
	}
	e.Summary = also(e.Summary, extra)
}

// opponentNote gives an opponent's score as it counts for BH and SB.
func (c *calc) opponentNote(opp int) phrase.Text {
	got, adj := c.score[opp].Points(), c.adj[opp]
	if got == adj {
		return say("tb.opp.scored", "Score", phrase.Num(got))
	}
	if c.edition == Edition2009 {
		return say("tb.opp.adj2009", "Score", phrase.Num(got), "Adjusted", phrase.Num(adj))
	}
	return say("tb.opp.adj", "Score", phrase.Num(got), "Adjusted", phrase.Num(adj))
}

// explainAOB fills e for AOB.
func (c *calc) explainAOB(e *Explanation, pn int) {
	bh := c.plainBH()
	var sum float64
	var k int
	for i, o := range c.cards[pn-1].Rounds {
		l := Line{Round: i + 1, Opponent: o.Opponent}
		if played(o) {
			l.Value, l.Counted = bh[o.Opponent], true
			l.Note = then(c.describe(o), say("tb.aob.line", "Value", phrase.Num(l.Value)))
			sum += l.Value
			k++
		} else {
			l.Note = then(c.describe(o), say("tb.notboard"))
		}
		e.Lines = append(e.Lines, l)
	}
	e.Summary = then(specName(e.Spec), say("tb.aob.sum", "Sum", phrase.Num(sum), "Games", k))
}

// explainTally fills e for WIN, WON, BPG, BWG and GE.
func (c *calc) explainTally(e *Explanation, pn int) {
	var k int
	for i, o := range c.cards[pn-1].Rounds {
		l := Line{Round: i + 1, Opponent: o.Opponent, Note: c.describe(o), Counted: c.counts(e.Spec.Code, o)}
		if l.Counted {
			l.Value = 1
			k++
		} else {
			l.Note = then(l.Note, say("tb.nocount"))
		}
		e.Lines = append(e.Lines, l)
	}
	what := map[Code]string{
		WIN: "tb.win",
		WON: "tb.won",
		BPG: "tb.bpg",
		BWG: "tb.bwg",
		GE:  "tb.ge",
		REP: "tb.ge",
	}[e.Spec.Code]
	e.Summary = then(specName(e.Spec), also(say(what), say("tb.tally", "Kept", k, "Rounds", c.rounds)))
}

// explainOther fills e for the tie-breaks whose figure needs no table:
// STD, TPN, RTNG, PTP, APRO and APPO.
func (c *calc) explainOther(e *Explanation, pn int) {
	what := map[Code]string{
		STD:  "tb.std",
		TPN:  "tb.tpn",
		RTNG: "tb.rtng",
		PTP:  "tb.ptp",
		APRO: "tb.apro",
		APPO: "tb.appo",
	}[e.Spec.Code]
	if c.dropRatings && e.Spec.Code.ratingBased() {
		what = "tb.dropped"
	}
	e.Summary = then(specName(e.Spec), say(what))
}

// explainPS fills e for PS.
func (c *calc) explainPS(e *Explanation, pn int) {
	low, _ := e.Spec.cuts()
	var run arbiter.Score
	for i, o := range c.cards[pn-1].Rounds {
		run += o.Points
		l := Line{Round: i + 1, Opponent: o.Opponent, Value: run.Points(), Counted: i >= low,
			Note: then(c.describe(o), say("tb.ps.line", "Score", phrase.Num(run.Points()), "Round", i+1))}
		if !l.Counted {
			l.Note = also(l.Note, say("tb.ps.cut"))
		}
		e.Lines = append(e.Lines, l)
	}
	e.Summary = then(specName(e.Spec), say("tb.ps.sum"))
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
		id := "tb.ks.under"
		if l.Counted {
			id = "tb.ks.atleast"
		}
		l.Note = then(c.describe(o), say(id, "Score", phrase.Num(s), "Limit", phrase.Num(limit)))
		e.Lines = append(e.Lines, l)
	}
	e.Summary = then(specName(e.Spec), say("tb.ks.sum", "Rounds", c.rounds))
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
			l.Note = then(c.describe(o), say("tb.unrated"))
		case gs[j].cut != kept:
			l.Note = then(c.describe(o), also(say("tb.rated", "Rating", gs[j].rating), cutNote(gs[j].cut)))
		default:
			l.Counted = true
			l.Note = then(c.describe(o), say("tb.rated", "Rating", gs[j].rating))
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
	name := specName(e.Spec)
	if k == 0 {
		e.Summary = then(name, say("tb.norated"))
		return
	}
	e.Summary = then(name, say("tb.aro.sum", "Sum", sum, "Games", k,
		"Mean", strconv.FormatFloat(float64(sum)/float64(k), 'f', 2, 64), "Value", phrase.Num(e.Value)))
}

// explainTPR fills e for TPR.
func (c *calc) explainTPR(e *Explanation, pn int) {
	gs := c.ratedGames(pn, nil)
	e.Lines = c.ratingLines(pn, gs)
	aro, pct, ok := c.performance(pn, nil)
	name := specName(e.Spec)
	if !ok {
		e.Summary = then(name, say("tb.norated"))
		return
	}
	e.Summary = then(name, say("tb.tpr.sum", "ARO", phrase.Num(aro), "Percent", pct, "DP", dp[pct]))
}

// explainDE fills e for the DE at chain index i.
func (r *ranking) explainDE(e *Explanation, i, pn int) {
	c := r.calc
	dg := r.groups[i][pn]
	name := specName(e.Spec)
	if dg == nil {
		e.Summary = then(name, say("tb.de.nottied"))
		return
	}
	group := dg.members
	met := make(map[int]bool)
	for j, o := range c.cards[pn-1].Rounds {
		if !hasOpponent(o) || !slices.Contains(group, o.Opponent) {
			continue
		}
		l := Line{Round: j + 1, Opponent: o.Opponent, Value: o.Points.Points(), Note: c.describe(o)}
		switch {
		case played(o):
			l.Counted = true
			met[o.Opponent] = true
		case o.Pending:
			l.Note = then(l.Note, say("tb.notyet"))
		default:
			l.Note = then(l.Note, say("tb.de.forfeit"))
		}
		e.Lines = append(e.Lines, l)
	}
	for _, q := range group {
		if q != pn && !met[q] {
			e.Lines = append(e.Lines, Line{Opponent: q, Note: say("tb.de.notmet", "Opponent", q)})
		}
	}
	others := slices.DeleteFunc(slices.Clone(group), func(q int) bool { return q == pn })
	verdict := say("tb.de.nothing")
	if e.Value > 0 {
		verdict = say("tb.de.place", "Place", phrase.Num(e.Value))
	}
	steps := phrase.Join("; ", dg.trace.steps...)
	e.Summary = then(name, say("tb.de.sum", "Others", list(others), "Verdict", verdict, "Steps", steps))
}
