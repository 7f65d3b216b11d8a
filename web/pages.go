package web

import (
	"cmp"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// seatView is a player on a board or a line of a list.
type seatView struct {
	PN     int
	Name   string
	Points string // before the round
}

type boardView struct {
	Number       int
	White, Black seatView
	Result       string
}

type byeView struct {
	Player seatView
	Kind   string
}

type roundView struct {
	Number int
	Boards []boardView
	Byes   []byeView
}

func (s *Server) seat(st *state, pn, round int) seatView {
	e := st.snap.Entry(pn)
	v := seatView{PN: pn}
	if e != nil {
		v.Name = e.Player.Name
	}
	if st.rank.Input.Table != nil {
		if c := st.rank.Input.Table.Card(pn); c != nil {
			v.Points = c.ScoreAfter(round - 1).Fraction()
		}
	}
	return v
}

func (s *Server) byeKind(wd words, k arbiter.ByeKind) string {
	switch k {
	case arbiter.PAB:
		return wd.t("pab")
	case arbiter.HalfBye:
		return wd.t("half-bye")
	case arbiter.FullBye:
		return wd.t("full-bye")
	case arbiter.ZeroBye:
		return wd.t("zero-bye")
	}
	return wd.t("absent")
}

// roundView returns the published round to show, nil if none.
func (s *Server) roundView(wd words, st *state) *roundView {
	return s.roundViewOf(wd, st, st.published)
}

// roundViewOf returns round n, nil if there is none.
func (s *Server) roundViewOf(wd words, st *state, n int) *roundView {
	rd := st.snap.Round(n)
	if rd == nil {
		return nil
	}
	v := &roundView{Number: rd.Number}
	for _, b := range rd.Boards {
		v.Boards = append(v.Boards, boardView{Number: b.Number, White: s.seat(st, b.White, rd.Number),
			Black: s.seat(st, b.Black, rd.Number), Result: s.boardText(st.snap.Tournament, b)})
	}
	for _, b := range rd.Byes {
		v.Byes = append(v.Byes, byeView{Player: s.seat(st, b.PN, rd.Number), Kind: s.byeKind(wd, b.Kind)})
	}
	return v
}

// stateWords returns the tournament as of the last change and the words
// of r's language, having answered r itself when it cannot.
func (s *Server) stateWords(w http.ResponseWriter, r *http.Request) (*state, words, bool) {
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return nil, words{}, false
	}
	return st, s.langs[language(r, st.snap.Tournament.Language)], true
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) {
		p := s.homePage(wd, st, st.published)
		// While the phone takes late entries, the page links to them
		// until the cut-off (late.go).
		if lw := st.late; lw.Open && s.now().Before(lw.Until) {
			p.LateLink, p.until = wd.t("late-link", lateClock(wd, lw.Until)), lw.Until
		}
		return "home", p, nil
	})
}

// homePage shows the boards of round n.
func (s *Server) homePage(wd words, st *state, n int) page {
	p := s.public(wd, st, wd.t("boards"), "boards")
	p.Data = s.roundViewOf(wd, st, n)
	return p
}

// findLine is a player in the alphabetical list: where they play.
type findLine struct {
	Key    string // the folded name, for the search
	Player seatView
	Board  int
	Colour string
	Other  string // the opponent, or the kind of bye
}

func (s *Server) find(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	s.publicPage(w, r, st, wd, func() (string, page, error) { return "find", s.findPage(wd, st, q), nil })
}

// findPage lists the players of the published round whose names hold q.
func (s *Server) findPage(wd words, st *state, q string) page {
	key := arbiter.FoldName(q)
	var lines []findLine
	if rv := s.roundView(wd, st); rv != nil {
		for _, b := range rv.Boards {
			lines = append(lines,
				findLine{Player: b.White, Board: b.Number, Colour: wd.t("white"), Other: b.Black.Name},
				findLine{Player: b.Black, Board: b.Number, Colour: wd.t("black"), Other: b.White.Name})
		}
		for _, b := range rv.Byes {
			lines = append(lines, findLine{Player: b.Player, Other: b.Kind})
		}
	}
	out := lines[:0]
	for _, l := range lines {
		l.Key = arbiter.FoldName(l.Player.Name)
		if strings.Contains(l.Key, key) {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b findLine) int { return cmp.Compare(a.Key, b.Key) })
	p := s.public(wd, st, wd.t("find"), "find")
	p.Data = struct {
		Query string
		Lines []findLine
		Any   bool
	}{q, out, st.published > 0}
	return p
}

type standingLine struct {
	Rank   string
	Player seatView
	Rating int
	Points string
	Values []string
}

type standingsView struct {
	After int
	Codes []string
	Lines []standingLine
}

func (s *Server) standingsView(wd words, st *state, max int) standingsView {
	v := standingsView{After: st.published}
	halves := make([]bool, len(st.rank.Input.Chain))
	col := make([]float64, len(st.rank.Rows))
	for i := range st.rank.Input.Chain {
		for k, x := range st.rank.Rows {
			col[k] = x.Values[i]
		}
		halves[i] = locale.Halves(col)
	}
	for _, sp := range st.rank.Input.Chain {
		v.Codes = append(v.Codes, sp.String())
	}
	for i, x := range st.rank.Rows {
		if max > 0 && i >= max {
			break
		}
		rank := strconv.Itoa(x.Rank)
		if x.Shared() {
			rank += "-" + strconv.Itoa(x.RankTo)
		}
		l := standingLine{Rank: rank, Player: s.seat(st, x.PN, 1), Points: x.Points.Fraction()}
		if e := st.snap.Entry(x.PN); e != nil {
			l.Rating = e.Player.Rating
		}
		for i, sp := range st.rank.Input.Chain {
			v := "-" // a figure C.07 leaves undefined
			if x.Defined(i) {
				v = figure(wd, sp, x.Values[i], halves[i])
			}
			l.Values = append(l.Values, v)
		}
		v.Lines = append(v.Lines, l)
	}
	return v
}

func (s *Server) standings(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) { return "standings", s.standingsPage(wd, st), nil })
}

func (s *Server) standingsPage(wd words, st *state) page {
	p := s.public(wd, st, wd.t("standings"), "standings")
	p.Data = s.standingsView(wd, st, 0)
	return p
}

type crossLine struct {
	Line   int
	Player seatView
	Cells  []string
	Points string
}

// cell writes one round of a crosstable line in the page's language: the
// opponent's line, the colour and the points ("12w1", "5b½"; "12b1",
// "5n½" in Italian), "+"/"-" for forfeits, the kind of bye, "" for a round
// not played. They are the signs of the printed crosstable, which
// crossLegend explains.
func cell(wd words, o scoring.Outcome, lineOf map[int]int) string {
	pts := o.Points.Fraction()
	switch o.Kind {
	case scoring.Game:
		c := wd.l.T("cross.white")
		if o.Colour == arbiter.Black {
			c = wd.l.T("cross.black")
		}
		if o.Pending {
			pts = "*"
		}
		return strconv.Itoa(lineOf[o.Opponent]) + c + pts
	case scoring.ForfeitWin:
		return strconv.Itoa(lineOf[o.Opponent]) + "+"
	case scoring.ForfeitLoss:
		if o.Opponent == 0 {
			return "-"
		}
		return strconv.Itoa(lineOf[o.Opponent]) + "-"
	case scoring.PAB:
		return wd.l.T("cross.pab")
	case scoring.HalfBye:
		return wd.l.T("cross.halfbye")
	case scoring.FullBye:
		return wd.l.T("cross.fullbye")
	case scoring.ZeroBye:
		return wd.l.T("cross.zerobye")
	}
	return ""
}

// crossLegend explains the signs of a crosstable's cells.
func crossLegend(wd words) string {
	l := wd.l
	return l.T("cross.legend", "W", l.T("cross.white"), "PAB", l.T("cross.pab"), "H", l.T("cross.halfbye"),
		"F", l.T("cross.fullbye"), "Z", l.T("cross.zerobye"))
}

func (s *Server) crosstable(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) { return "crosstable", s.crosstablePage(wd, st), nil })
}

func (s *Server) crosstablePage(wd words, st *state) page {
	lineOf := map[int]int{}
	for i, x := range st.rank.Rows {
		lineOf[x.PN] = i + 1
	}
	var lines []crossLine
	for i, x := range st.rank.Rows {
		l := crossLine{Line: i + 1, Player: s.seat(st, x.PN, 1), Points: x.Points.Fraction()}
		if c := st.rank.Input.Table.Card(x.PN); c != nil {
			for _, o := range c.Rounds {
				l.Cells = append(l.Cells, cell(wd, o, lineOf))
			}
		}
		lines = append(lines, l)
	}
	rounds := make([]int, st.published)
	for i := range rounds {
		rounds[i] = i + 1
	}
	p := s.public(wd, st, wd.t("crosstable"), "crosstable")
	p.Data = &crossView{rounds, lines, crossLegend(wd)}
	return p
}

type playerRound struct {
	Round    int
	Colour   string
	Opponent seatView
	Result   string
	Ruling   string // the organizer's ruling on a dispute (dispute.go)
}

func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	pn, err := strconv.Atoi(r.PathValue("pn"))
	if err != nil || st.snap.Entry(pn) == nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) { return "player", s.playerPage(wd, nil, st, pn), nil })
}

// playerPage shows player pn, who is in the tournament.
func (s *Server) playerPage(wd words, m *memo, st *state, pn int) page {
	e := st.snap.Entry(pn)
	var rounds []playerRound
	var points string
	if c := st.rank.Input.Table.Card(pn); c != nil {
		points = c.Score().Fraction()
		for i, o := range c.Rounds {
			pr := playerRound{Round: i + 1, Result: o.Points.Fraction()}
			switch o.Colour {
			case arbiter.White:
				pr.Colour = wd.t("white")
			case arbiter.Black:
				pr.Colour = wd.t("black")
			}
			if o.Opponent != 0 {
				pr.Opponent = s.seat(st, o.Opponent, i+1)
				pr.Ruling = rulingFor(wd, st, i+1, pn)
			}
			switch o.Kind {
			case scoring.Game:
				if o.Pending {
					pr.Result = wd.t("pending")
				}
			case scoring.ForfeitWin:
				pr.Result += " (" + wd.t("forfeit-win") + ")"
			case scoring.ForfeitLoss:
				pr.Result += " (" + wd.t("forfeit-loss") + ")"
			case scoring.PAB:
				pr.Opponent.Name = wd.t("pab")
			case scoring.HalfBye:
				pr.Opponent.Name = wd.t("half-bye")
			case scoring.FullBye:
				pr.Opponent.Name = wd.t("full-bye")
			case scoring.ZeroBye:
				pr.Opponent.Name = wd.t("zero-bye")
			default:
				pr.Opponent.Name = wd.t("absent")
			}
			rounds = append(rounds, pr)
		}
	}
	var ex []desk.Explanation
	if len(st.rank.Input.Chain) > 0 && st.rank.Input.Table != nil {
		ex, _ = st.rank.Explain(pn)
	}
	p := s.public(wd, st, e.Player.Name, "")
	p.Data = &playerView{seatView{PN: pn, Name: e.Player.Name}, e.Player.Rating, e.Player.Club, points, rounds, explainViews(wd, m, st, ex), s.playerPrize(wd, st, pn),
		s.ratingOf(wd, st, pn)}
	return p
}

// explainView is a tie-break explained on a player's page, worded: the
// figure as its head shows it (page.Value), the summary, and the items
// of its list of lines, each line whole ("Round 2: Rossi, Mario: won with
// White: ..."), a line not counted (cut, left out) struck. The lines are
// put together here, escaped as the template escapes a value (htmlText),
// rather than in the template, which would take three calls through
// reflection a line: a site has a page per player, each with a line per
// tie-break and round.
type explainView struct {
	Spec    desk.TiebreakSpec
	Value   string
	Summary string
	Lines   template.HTML // <li> items
}

// explainViews words the explanations ex of a player's tie-breaks, with
// the words kept in m: a line about a round starts with it, a line about
// an opponent in the tournament names them.
func explainViews(wd words, m *memo, st *state, ex []desk.Explanation) []explainView {
	if len(ex) == 0 {
		return nil
	}
	out := make([]explainView, len(ex))
	round := wd.t("round")
	var b, line strings.Builder
	for i, x := range ex {
		b.Reset()
		for _, l := range x.Lines {
			line.Reset()
			if l.Round != 0 {
				line.WriteString(round)
				line.WriteByte(' ')
				line.WriteString(strconv.Itoa(l.Round))
				line.WriteString(": ")
			}
			if o := st.snap.Entry(l.Opponent); o != nil && o.Player.Name != "" {
				line.WriteString(o.Player.Name)
				line.WriteString(": ")
			}
			line.WriteString(m.word(wd, l.Note))
			if l.Counted {
				b.WriteString("<li>")
			} else {
				b.WriteString(`<li class="cut">`)
			}
			b.WriteString(htmlText(line.String()))
			b.WriteString("</li>")
		}
		out[i] = explainView{Spec: x.Spec, Value: page{w: wd, memo: m}.Value(x.Spec, x.Value), Summary: m.word(wd, x.Summary),
			Lines: template.HTML(b.String())}
	}
	return out
}

// show is the projector: the pairings and the standings in turn, full
// screen. Without JavaScript the page turns by itself with a refresh;
// every=N sets the seconds (default 15).
func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	every, err := strconv.Atoi(r.URL.Query().Get("every"))
	if err != nil || every < 1 || every > 600 {
		every = 15
	}
	view := r.URL.Query().Get("view")
	next := "standings"
	if view == "standings" {
		next = "pairings"
	} else {
		view = "pairings"
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) {
		p := s.public(wd, st, wd.t("show"), "show")
		p.Class = "show"
		p.Join = s.join
		p.Refresh = strconv.Itoa(every) + ";url=/show?view=" + next + "&every=" + strconv.Itoa(every)
		roll, err := s.rollView(r, st) // presence.go
		if err != nil {
			return "", p, err
		}
		p.Data = struct {
			View      string
			Round     *roundView
			Standings standingsView
			Roll      *rollView
		}{view, s.roundView(wd, st), s.standingsView(wd, st, 30), roll}
		return "show", p, nil
	})
}

// seasonView is one season's table on the season page.
type seasonView struct {
	Name     string
	Evenings []string // numbered as the columns
	Codes    []string
	Lines    []seasonLine
}

type seasonLine struct {
	Rank   string
	Name   string
	Cells  []string // the season points of each evening: "(4)" when not counted, "-" when not played
	Total  string
	Values []string
}

// season shows the tables of the seasons the tournament is an evening
// of, as arbiter season standings prints them.
func (s *Server) season(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.stateWords(w, r)
	if !ok {
		return
	}
	s.publicPage(w, r, st, wd, func() (string, page, error) {
		tables, err := s.evening().Seasons(r.Context())
		if err != nil {
			return "", page{}, err
		}
		return "season", s.seasonPage(wd, st, tables), nil
	})
}

// seasonPage shows the tables of the seasons.
func (s *Server) seasonPage(wd words, st *state, tables []*desk.SeasonTable) page {
	num := func(x float64) string { return wd.l.Decimal(x, -1) }
	var views []seasonView
	for _, t := range tables {
		v := seasonView{Name: t.Season.Name}
		for _, e := range t.Evenings {
			v.Evenings = append(v.Evenings, e.Tournament.Name)
		}
		for _, tb := range t.Season.Settings.Tiebreaks {
			v.Codes = append(v.Codes, tb.String())
		}
		for _, x := range t.Standings {
			rank := strconv.Itoa(x.Rank)
			if x.Shared() {
				rank += "-" + strconv.Itoa(x.RankTo)
			}
			l := seasonLine{Rank: rank, Name: t.Names[x.Player], Total: num(x.Total)}
			for _, c := range x.Cells {
				switch {
				case !c.Played:
					l.Cells = append(l.Cells, "-")
				case !c.Counted:
					l.Cells = append(l.Cells, "("+num(c.Score)+")")
				default:
					l.Cells = append(l.Cells, num(c.Score))
				}
			}
			for _, val := range x.Values {
				l.Values = append(l.Values, num(val))
			}
			v.Lines = append(v.Lines, l)
		}
		views = append(views, v)
	}
	p := s.public(wd, st, wd.t("season"), "season")
	p.Data = views
	return p
}
