package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/prizes"
)

// The prize list and, on each player's page, the player's prize and what
// the player can still win before the last round.

// prizeRowView is a place of a list of the prize list.
type prizeRowView struct {
	Place  string
	Prize  string
	Won    string
	PN     int
	Name   string
	Shared string // "1-2 with Moreau, Théo"
	Note   string // why no one has the prize
}

type prizeSectionView struct {
	Title  string
	Shared bool // some prize of the list is shared
	Rows   []prizeRowView
}

type prizesView struct {
	After    int
	Rules    string
	Sections []prizeSectionView
}

// mark is the decimal mark of wd's language.
func (wd words) mark() string { return wd.l.Decimal(0.5, 1)[1:2] }

// listTitle heads a list: "General standings", "Category U1600: ...".
func (s *Server) listTitle(wd words, st *state, category string) string {
	if category == "" {
		return wd.l.T("prizes.generaltitle")
	}
	c := st.prizes.Rules.Category(category)
	n := st.prizes.Outcome.Players[c.Name]
	return wd.l.N("prizes.categorytitle", n, "Name", c.Name, "What", wd.l.Word(c.Phrase()), "Count", n)
}

// shared says with whom an award's money is shared, by name.
func (s *Server) shared(wd words, st *state, a prizes.Award) string {
	if len(a.Group) == 0 {
		return ""
	}
	var with []string
	for _, pn := range a.SharedWith() {
		if e := st.snap.Entry(pn); e != nil {
			with = append(with, e.Player.Name)
		}
	}
	places := strconv.Itoa(a.From)
	if a.To > a.From {
		places += "-" + strconv.Itoa(a.To)
	}
	return wd.l.T("prizes.shared", "Places", places, "With", strings.Join(with, "; "))
}

// rulesText says how the prizes are shared and which a player keeps.
func rulesText(wd words, r prizes.Rules) string {
	prefer := "prizes.prefer.general"
	if r.CategoryFirst {
		prefer = "prizes.prefer.category"
	}
	return wd.l.T("prizes.sharing."+r.Sharing.String()) + " " + wd.l.T(prefer)
}

func (s *Server) prizesView(wd words, st *state) prizesView {
	list := st.prizes
	v := prizesView{After: st.published, Rules: rulesText(wd, list.Rules)}
	for _, sec := range list.Sections() {
		sv := prizeSectionView{Title: s.listTitle(wd, st, sec.Category)}
		for _, r := range sec.Rows {
			rv := prizeRowView{Place: wd.l.Ordinal(r.Place)}
			if r.Prize != nil {
				rv.Prize = r.Prize.Text(wd.mark())
			}
			switch {
			case r.Award != nil:
				rv.Won, rv.PN = r.Award.Text(wd.mark()), r.Award.PN
				if e := st.snap.Entry(r.Award.PN); e != nil {
					rv.Name = e.Player.Name
				}
				rv.Shared = s.shared(wd, st, *r.Award)
				sv.Shared = sv.Shared || rv.Shared != ""
			case r.Unawarded != nil && r.Unawarded.Reason == prizes.TooFew:
				rv.Won, rv.Note = "-", wd.l.N("prizes.toofew", r.Unawarded.Players, "Count", r.Unawarded.Players)
			case r.Unawarded != nil:
				rv.Won, rv.Note = "-", wd.l.T("prizes.noone")
			case list.Round > 0:
				rv.Won = "-"
			}
			sv.Rows = append(sv.Rows, rv)
		}
		v.Sections = append(v.Sections, sv)
	}
	return v
}

// prizesHandler shows the prize list.
func (s *Server) prizesHandler(w http.ResponseWriter, r *http.Request) {
	wd := s.words(r)
	st, err := s.state(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if st.prizes.Empty() {
		s.failText(w, r, http.StatusNotFound, wd.t("no-prizes"))
		return
	}
	s.render(w, r, http.StatusOK, "prizes", s.prizesPage(wd, st))
}

func (s *Server) prizesPage(wd words, st *state) page {
	p := s.public(wd, st, wd.t("prizes"), "prizes")
	p.Data = s.prizesView(wd, st)
	return p
}

// playerPrizeView is a player's prize and what the player can still win.
type playerPrizeView struct {
	// Award is what the player wins in the standings shown, nil for
	// nothing; Final says the standings are final.
	Award *prizeAwardView
	Final bool
	// StakeRound is the last round, while it is left to play; Stake
	// what the player can still win in it.
	StakeRound int
	Stake      []prizeReachView
}

type prizeAwardView struct {
	List, Place, Won, Shared string
}

type prizeReachView struct {
	List, Places, Prizes string
}

// playerPrize returns player pn's prize and what is at stake for them.
func (s *Server) playerPrize(wd words, st *state, pn int) playerPrizeView {
	var v playerPrizeView
	list := st.prizes
	if list.Empty() {
		return v
	}
	if a, ok := list.Outcome.Of(pn); ok && list.Round > 0 {
		name := wd.l.T("prizes.generaltitle")
		if a.Category != "" {
			name = a.Category
		}
		v.Award = &prizeAwardView{List: name, Place: wd.l.Ordinal(a.Place), Won: a.Text(wd.mark()), Shared: s.shared(wd, st, a)}
		v.Final = list.Final
	}
	if list.Stake == nil {
		return v
	}
	v.StakeRound = list.Rounds
	for _, rc := range list.Stake[pn] {
		name := wd.l.T("prizes.generaltitle")
		if rc.Category != "" {
			name = rc.Category
		}
		places := wd.l.Ordinal(rc.From)
		if rc.To > rc.From {
			places += "-" + wd.l.Ordinal(rc.To)
		}
		var vs []string
		for _, p := range rc.Prizes {
			vs = append(vs, p.Value.Text(wd.mark()))
		}
		v.Stake = append(v.Stake, prizeReachView{List: name, Places: places, Prizes: strings.Join(vs, ", ")})
	}
	return v
}
