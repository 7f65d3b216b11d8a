package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/roster"
)

// Before round 1 on the console: the tournament created, the players
// registered (typed, found in the club roster as one types, or uploaded
// as a list), their entries changed, and registration closed, the rounds
// fitted to the field with the question asked in plain words.

// newView is the form that creates a tournament, as typed.
type newView struct {
	Name, Preset, System, Rounds, Tiebreaks, Pace, TimeControl, Date, Venue, FirstColour, Lang string
	// The choices of the selects, worded.
	Paces, Colours, Langs, Systems []choice
}

func (s *Server) newTournament(w http.ResponseWriter, r *http.Request) {
	wd := s.langs[language(r, "")]
	v := newView{Lang: wd.l.Lang().String(), FirstColour: "lot", Tiebreaks: strings.Join(arbiter.DefaultTiebreaks, ", ")}
	s.renderNew(w, r, http.StatusOK, v, refusal{})
}

func (s *Server) renderNew(w http.ResponseWriter, r *http.Request, code int, v newView, ref refusal) {
	var st *state
	if s.evening() != nil {
		st, _ = s.state(r.Context())
	}
	wd := s.langs[language(r, "")]
	if st != nil {
		wd = s.langs[language(r, st.snap.Tournament.Language)]
	}
	v.Paces = []choice{{"", "–"}, {"standard", wd.t("c-pace-standard")}, {"rapid", wd.t("c-pace-rapid")}, {"blitz", wd.t("c-pace-blitz")}}
	v.Colours = []choice{{"lot", wd.t("c-colour-lot")}, {"white", wd.t("c-colour-white")}, {"black", wd.t("c-colour-black")}}
	v.Langs = []choice{{"en", wd.t("c-lang-en")}, {"it", wd.t("c-lang-it")}}
	// "" is the preset's system, as tournament new without --system.
	v.Systems = []choice{{"", wd.t("c-system-preset")}, {"double-swiss", wd.t("c-system-double")}}
	p := s.consolePage(r, wd, st, wd.t("c-new-title"), "new")
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	p.Data = v
	s.render(w, r, code, "console-new", p)
}

// createTournament creates a tournament as tournament new does, and
// serves it.
func (s *Server) createTournament(w http.ResponseWriter, r *http.Request) {
	f := func(k string) string { return strings.TrimSpace(r.PostFormValue(k)) }
	v := newView{Name: f("name"), Preset: f("preset"), System: f("system"), Rounds: f("rounds"), Tiebreaks: f("tiebreaks"), Pace: f("pace"),
		TimeControl: f("time-control"), Date: f("date"), Venue: f("venue"), FirstColour: f("first-colour"), Lang: f("lang")}
	wd := s.langs[language(r, v.Lang)]
	l := wd.l
	bad := func(msg string) { s.renderNew(w, r, http.StatusBadRequest, v, refusal{Msg: pageWords(msg)}) }
	t := arbiter.NewTournament(v.Name)
	if t.Name == "" {
		bad(l.T("err.tnew.name"))
		return
	}
	switch strings.ToLower(v.Preset) {
	case "":
	case "labyrinth":
		t.Labyrinth()
	case "double-blitz":
		t.DoubleBlitz()
	default:
		bad(l.T("err.tnew.preset", "Preset", strconv.Quote(v.Preset)))
		return
	}
	if v.System != "" {
		// As tournament new --system: the desk's settings switch a
		// Double-Swiss tournament's byes to game points (C.04.5).
		sys, err := arbiter.ParseSystem(v.System)
		if err != nil {
			bad(fmt.Sprintf("--system: %v", err))
			return
		}
		if err := (desk.Settings{System: &sys}).Apply(&t); err != nil {
			s.renderNew(w, r, status(err), v, refusal{Msg: errText(err)})
			return
		}
	}
	if v.Lang != "" {
		lang, err := locale.ParseLang(v.Lang)
		if err != nil {
			bad(l.T("err.t.lang", "Value", strconv.Quote(v.Lang)))
			return
		}
		t.Language = lang.String()
	}
	if v.Rounds != "" {
		n, err := strconv.Atoi(v.Rounds)
		if err != nil || n < 1 || n > 99 {
			bad(l.T("err.t.rounds", "Rounds", v.Rounds))
			return
		}
		// The organizer's choice: no longer proposed from the field.
		t.Rounds, t.FitRounds = n, false
	}
	if v.Date != "" {
		if _, err := time.Parse("2006-01-02", v.Date); err != nil {
			bad(l.T("err.t.date", "Date", strconv.Quote(v.Date)))
			return
		}
		t.Date = v.Date
	}
	t.Venue = v.Venue
	if v.TimeControl != "" {
		t.TimeControl = v.TimeControl
	}
	if v.Pace != "" {
		pace, err := arbiter.ParsePace(v.Pace)
		if err != nil {
			bad(fmt.Sprintf("--pace: %v", err))
			return
		}
		t.Pace = pace
	}
	if v.Tiebreaks != "" {
		chain, err := desk.ParseChain(v.Tiebreaks)
		if err != nil {
			bad(fmt.Sprintf("--tiebreaks: %v", err))
			return
		}
		t.Tiebreaks = chain
	}
	switch strings.ToLower(v.FirstColour) {
	case "white", "w":
		t.FirstColour = arbiter.White
	case "black", "b":
		t.FirstColour = arbiter.Black
	case "lot", "random", "":
		// The seed of the lot is stored, so the draw can be repeated.
		t.FirstColour, t.Seed = arbiter.NoColour, s.now().UnixNano()
	default:
		bad(l.T("err.t.firstcolour", "Value", strconv.Quote(v.FirstColour)))
		return
	}
	t, err := s.desk.CreateTournament(actor(r), t)
	if err != nil {
		s.renderNew(w, r, status(err), v, refusal{Msg: errText(err)})
		return
	}
	s.serve(r.Context(), s.desk.Evening(t.ID, s.stale))
	s.done(w, r, "/admin/players", "c-created", t.Name)
}

// setupView is the tournament before round 1 on the round page: the
// field, and closing registration, with the question a small field asks.
type setupView struct {
	Players int
	Closed  bool
	Rounds  int
	// Ask: the rounds planned do not fit the field, or the tournament is
	// a round robin: registration closes with the organizer's choice
	// before round 1 is paired.
	Ask      bool
	Question string
	// Options are the choices, each a form to /admin/close.
	Options []closeOption
}

type closeOption struct {
	Label  string
	Fields []field
	Main   bool
}

// setupOf returns the setup of st before round 1, nil once round 1 is
// paired.
func (s *Server) setupOf(wd words, st *state) *setupView {
	if len(st.snap.Rounds) > 0 {
		return nil
	}
	t := st.snap.Tournament
	f := desk.FitOf(st.snap)
	v := &setupView{Players: f.Players, Closed: t.Closed, Rounds: t.Rounds}
	if t.Closed || f.Players < 2 {
		return v
	}
	switch {
	case t.System == arbiter.RoundRobin:
		v.Ask = true
		rounds := f.RoundRobin
		cycles := "1"
		if desk.Cycles(t) == 2 && f.Double > 0 {
			rounds, cycles = f.Double, "2"
		}
		v.Question = wd.t("c-fit-rr", f.Players, rounds)
		v.Options = append(v.Options, closeOption{Label: wd.t("c-close-rr", rounds), Main: true,
			Fields: []field{{"system", "round-robin"}, {"cycles", cycles}}})
	case !f.Fits:
		v.Ask = true
		v.Question = wd.t("c-fit-swiss", f.Planned, f.Players, f.Swiss)
		// The answers the command line offers (desk.ClosingChoices).
		for _, c := range desk.ClosingChoices(f) {
			switch {
			case c.Kind == arbiter.CloseSwiss:
				v.Options = append(v.Options, closeOption{Label: wd.t("c-close-swiss", f.Swiss), Main: true,
					Fields: []field{{"rounds", strconv.Itoa(f.Swiss)}}})
			case c.Kind == arbiter.CloseRoundRobin && c.Cycles == 2:
				v.Options = append(v.Options, closeOption{Label: wd.t("c-close-double", f.Double),
					Fields: []field{{"system", "round-robin"}, {"cycles", "2"}}})
			case c.Kind == arbiter.CloseRoundRobin:
				v.Options = append(v.Options, closeOption{Label: wd.t("c-close-rr", f.RoundRobin),
					Fields: []field{{"system", "round-robin"}, {"cycles", "1"}}})
			case c.Kind == arbiter.CloseKeep:
				v.Options = append(v.Options, closeOption{Label: wd.t("c-close-keep", f.Planned), Fields: []field{{"keep", "1"}}})
			}
		}
	default:
		v.Options = append(v.Options, closeOption{Label: wd.t("c-close", f.Players, t.Rounds)})
	}
	return v
}

// closeRegistration closes registration with the organizer's choice, as
// tournament close-registration does.
func (s *Server) closeRegistration(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	var c arbiter.Closing // as planned
	rounds, _ := strconv.Atoi(r.PostFormValue("rounds"))
	sys, _ := arbiter.ParseSystem(r.PostFormValue("system"))
	switch {
	case r.PostFormValue("keep") == "1":
		c.Kind = arbiter.CloseKeep
	case rounds > 0:
		c = arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: rounds}
	case sys == arbiter.RoundRobin || (r.PostFormValue("system") == "" && st.snap.Tournament.System == arbiter.RoundRobin):
		c = arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1}
		if r.PostFormValue("cycles") == "2" {
			c.Cycles = 2
		}
	}
	f := desk.FitOf(st.snap)
	out, err := s.desk.CloseRegistration(actor(r), strconv.FormatInt(st.snap.Tournament.ID, 10), c)
	if errors.Is(err, desk.ErrDoubleRoundRobin) {
		s.renderRound(w, r, status(err), refusal{Msg: wd.l.T("err.rr.double", "Min", desk.DoubleMin, "Max", desk.DoubleMax,
			"Players", f.Players, "Rounds", desk.RoundRobinRounds(f.Players, 2))}, "")
		return
	}
	if err != nil {
		s.renderRound(w, r, status(err), refusal{Msg: errText(err)}, "")
		return
	}
	s.changed(r.Context())
	t := out.Snapshot.Tournament
	if t.System == arbiter.RoundRobin {
		s.done(w, r, "/admin", "c-closed-rr", f.Players, t.Rounds, strings.Join(t.Tiebreaks, ", "))
		return
	}
	s.done(w, r, "/admin", "c-closed-swiss", f.Players, t.Rounds)
}

// playersView is the registration page.
type playersView struct {
	Entries []entryLine
	// Q is the roster search typed without JavaScript, Matches what it
	// finds.
	Q       string
	Matches []rosterLine
	Roster  int // players in the club roster
	// The add form as typed, kept after a refusal.
	Name, Rating, Club string
	New                bool
	Paired             int // rounds paired: an entry now is a late entry
	Closed             bool
}

type entryLine struct {
	PN      int
	ID      int64
	Name    string
	Rating  int
	Club    string
	Status  string // withdrawn, late entry, bye asked for
	Points  string
	Gone    bool // withdrawn
	Initial bool // may be removed: has not played
}

type rosterLine struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Rating  int    `json:"rating,omitempty"`
	Club    string `json:"club,omitempty"`
	Entered bool   `json:"entered,omitempty"`
	key     string
}

func (s *Server) playersPage(w http.ResponseWriter, r *http.Request) {
	s.renderPlayers(w, r, http.StatusOK, playersView{Q: strings.TrimSpace(r.URL.Query().Get("q"))}, refusal{})
}

// renderPlayers shows the registration page, v holding what was typed.
func (s *Server) renderPlayers(w http.ResponseWriter, r *http.Request, code int, v playersView, ref refusal) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	v.Paired, v.Closed = st.paired, st.snap.Tournament.Closed
	v.Entries = s.entryLines(wd, st)
	roster, err := s.rosterLines(r, st)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v.Roster = len(roster)
	if v.Q != "" {
		v.Matches = searchRoster(roster, v.Q, 30)
	}
	p := s.consolePage(r, wd, st, wd.t("c-players-title"), "players")
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	p.Data = v
	s.render(w, r, code, "console-players", p)
}

// entryLines lists the entries of st by pairing number.
func (s *Server) entryLines(wd words, st *state) []entryLine {
	var out []entryLine
	for _, e := range st.snap.Entries {
		l := entryLine{PN: e.PN, ID: e.Player.ID, Name: e.Player.Name, Rating: e.Player.Rating, Club: e.Player.Club,
			Initial: desk.OnlyOpenRound(st.snap, e.PN) == 0 && !played(st, e.PN)}
		if st.rank.Input.Table != nil {
			if c := st.rank.Input.Table.Card(e.PN); c != nil {
				l.Points = c.ScoreAfter(st.published).Fraction()
			}
		}
		switch {
		case e.Status == arbiter.Withdrawn:
			l.Gone = true
			l.Status = wd.t("c-withdrawn", e.WithdrawnFrom)
		case e.JoinedRound > 1:
			l.Status = wd.t("c-late", e.JoinedRound)
		}
		for _, b := range st.snap.Requests {
			if b.PN == e.PN && b.Round > st.paired {
				l.Status = strings.TrimPrefix(l.Status+" · "+wd.t("c-bye-asked", b.Round, s.byeKind(wd, b.Kind)), " · ")
			}
		}
		out = append(out, l)
	}
	return out
}

// played reports whether player pn has a board or a bye in a round
// paired.
func played(st *state, pn int) bool {
	for _, rd := range st.snap.Rounds {
		for _, b := range rd.Boards {
			if b.White == pn || b.Black == pn {
				return true
			}
		}
		for _, b := range rd.Byes {
			if b.PN == pn {
				return true
			}
		}
	}
	return false
}

// rosterLines returns the club roster, marking the players entered in
// st.
func (s *Server) rosterLines(r *http.Request, st *state) ([]rosterLine, error) {
	ps, err := s.desk.Roster(r.Context())
	if err != nil {
		return nil, err
	}
	in := map[int64]bool{}
	for _, e := range st.snap.Entries {
		in[e.Player.ID] = true
	}
	out := make([]rosterLine, 0, len(ps))
	for _, p := range ps {
		out = append(out, rosterLine{ID: p.ID, Name: p.Name, Rating: p.Rating, Club: p.Club, Entered: in[p.ID], key: arbiter.FoldName(p.Name)})
	}
	return out, nil
}

// searchRoster returns up to max roster players whose name holds every
// word of q, accents and case aside; those whose name starts with q
// first.
func searchRoster(roster []rosterLine, q string, max int) []rosterLine {
	words := strings.Fields(arbiter.FoldName(q))
	if len(words) == 0 {
		return nil
	}
	var first, rest []rosterLine
	for _, p := range roster {
		all := true
		for _, w := range words {
			if !strings.Contains(p.key, w) {
				all = false
				break
			}
		}
		switch {
		case !all:
		case strings.HasPrefix(p.key, words[0]):
			first = append(first, p)
		default:
			rest = append(rest, p)
		}
	}
	out := append(first, rest...)
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// playerSearch answers the search as one types (console.js): the roster
// players a name may be, as JSON.
func (s *Server) playerSearch(w http.ResponseWriter, r *http.Request) {
	st, _, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	roster, err := s.rosterLines(r, st)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := searchRoster(roster, r.URL.Query().Get("q"), 12)
	if out == nil {
		out = []rosterLine{}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// playerAdd enters a player as player add does: a roster player chosen
// (id), or a name typed, found in the roster or new.
func (s *Server) playerAdd(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	v := playersView{Name: strings.TrimSpace(r.PostFormValue("name")), Rating: strings.TrimSpace(r.PostFormValue("rating")),
		Club: strings.TrimSpace(r.PostFormValue("club")), New: r.PostFormValue("new") == "1"}
	var opt desk.AddOptions
	opt.New = v.New
	p := arbiter.Player{Name: v.Name, Club: v.Club}
	if id, err := strconv.ParseInt(r.PostFormValue("id"), 10, 64); err == nil && id > 0 {
		opt.PlayerID, p.Name = id, ""
	} else if p.Name == "" {
		s.renderPlayers(w, r, http.StatusBadRequest, v, refusal{Msg: pageWords(wd.l.T("err.padd.name"))})
		return
	}
	if v.Rating != "" {
		n, err := strconv.Atoi(v.Rating)
		if err != nil || n < 0 || n > 3500 {
			s.renderPlayers(w, r, http.StatusBadRequest, v, refusal{Msg: wd.t("c-bad-rating", strconv.Quote(v.Rating))})
			return
		}
		p.Rating = n
	}
	added, err := s.desk.AddEntry(actor(r), st.snap.Tournament.ID, p, opt)
	if err != nil {
		s.renderPlayers(w, r, status(err), v, s.addRefusal(r, wd, st, err, v))
		return
	}
	s.changed(r.Context())
	e := added.Entry
	key := "c-entered-club"
	if added.NewPlayer {
		key = "c-entered-new"
	}
	if e.JoinedRound > 1 {
		s.done(w, r, "/admin/players#name", "c-entered-late", e.PN, e.Player.Name, e.JoinedRound)
		return
	}
	s.done(w, r, "/admin/players#name", key, e.PN, e.Player.Name)
}

// addRefusal words a refused entry as player add does, with the buttons
// that enter the player meant: the club player the name looks like, or
// someone new; a withdrawn player brought back.
func (s *Server) addRefusal(r *http.Request, wd words, st *state, err error, v playersView) refusal {
	ref := refusal{Msg: errText(err)}
	// The desk's refusal, whether it words it or the store did: both
	// name the players the name could be.
	var ie *desk.Error
	errors.As(err, &ie)
	typed := []field{{"name", v.Name}, {"rating", v.Rating}, {"club", v.Club}}
	roster, _ := s.desk.Roster(r.Context())
	name := func(id int64) string {
		for _, p := range roster {
			if p.ID == id {
				return p.Name
			}
		}
		return "id:" + strconv.FormatInt(id, 10)
	}
	switch {
	case errors.Is(err, desk.ErrNumberAsName):
	case errors.Is(err, desk.ErrAlreadyEntered) && ie != nil && len(ie.Players) == 1:
		for _, e := range st.snap.Entries {
			if e.Player.ID == ie.Players[0] && e.Status == arbiter.Withdrawn {
				ref.Fixes = append(ref.Fixes, fix{Label: wd.t("c-return", e.Player.Name), Main: true,
					Action: fmt.Sprintf("/admin/players/%d/return", e.PN)})
			}
		}
	case errors.Is(err, desk.ErrAmbiguous), errors.Is(err, desk.ErrLikelyDuplicate):
		if ie != nil {
			for _, id := range ie.Players {
				ref.Fixes = append(ref.Fixes, fix{Label: wd.t("c-enter-this", name(id)), Action: "/admin/players/add",
					Fields: append(slices.Clone(typed), field{"id", strconv.FormatInt(id, 10)}), Main: len(ie.Players) == 1})
			}
		}
		ref.Fixes = append(ref.Fixes, fix{Label: wd.t("c-enter-new", v.Name), Action: "/admin/players/add",
			Fields: append(slices.Clone(typed), field{"new", "1"})})
	}
	return ref
}

// playerImport enters the players of a list uploaded, as player import
// does, or loads it into the club roster, as roster import does; the
// kind of list is found from its content (roster.Read).
func (s *Server) playerImport(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	into := r.PostFormValue("into")
	opt := desk.AddOptions{New: r.PostFormValue("new") == "1"}
	file, head, err := r.FormFile("list")
	if err != nil {
		s.renderPlayers(w, r, http.StatusBadRequest, playersView{}, refusal{Msg: wd.t("c-no-file")})
		return
	}
	defer file.Close()
	name := head.Filename
	list, err := roster.Read(file, roster.Options{Pace: roster.PaceOfName(name), Year: s.now().Year()})
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "roster: ")
		if !strings.HasPrefix(msg, name+":") {
			msg = name + ": " + msg
		}
		s.renderPlayers(w, r, http.StatusBadRequest, playersView{}, refusal{Msg: msg})
		return
	}
	if len(list.Rows) == 0 {
		s.renderPlayers(w, r, http.StatusBadRequest, playersView{}, refusal{Msg: wd.l.T("cli.roster_import.empty", "File", name)})
		return
	}
	rows := make([]desk.ImportRow, len(list.Rows))
	for i, row := range list.Rows {
		rows[i] = desk.ImportRow{Line: row.Line, Player: row.Player}
	}
	again := []field{{"into", into}, {"new", "1"}}
	if into == "roster" {
		got, err := s.desk.ImportRoster(actor(r), name, rows, opt)
		if err != nil {
			s.renderPlayers(w, r, status(err), playersView{}, s.importRefusal(wd, name, err, again))
			return
		}
		fresh, updated := 0, 0
		for _, g := range got {
			switch {
			case g.New:
				fresh++
			case len(g.Changed) > 0:
				updated++
			}
		}
		s.changed(r.Context())
		s.done(w, r, "/admin/players", "c-roster-read", name, len(got), fresh, updated)
		return
	}
	added, err := s.desk.Import(actor(r), st.snap.Tournament.ID, name, rows, opt)
	if err != nil {
		s.renderPlayers(w, r, status(err), playersView{}, s.importRefusal(wd, name, err, again))
		return
	}
	fresh := 0
	for _, a := range added {
		if a.NewPlayer {
			fresh++
		}
	}
	s.changed(r.Context())
	s.done(w, r, "/admin/players", "c-imported", name, len(added), fresh)
}

// importRefusal words a refused list as the import commands do: the
// file, the line and what is wrong; names that look like club players'
// may be entered as new players by uploading the list again so.
func (s *Server) importRefusal(wd words, name string, err error, again []field) refusal {
	var ie *desk.Error
	if !errors.As(err, &ie) {
		return refusal{Msg: errText(err)}
	}
	ref := refusal{Msg: name + ": " + errText(err)}
	if errors.Is(err, desk.ErrLikelyDuplicate) {
		ref.Msg += " · " + wd.t("c-import-new")
	}
	return ref
}

// entryPageView is one entry's page: its details to change, and what may
// happen to it (removed, withdrawn, brought back, a bye asked for).
type entryPageView struct {
	Line      entryLine
	Rating    string
	Club      string
	Next      int // the next round to pair
	Byes      []byeLine
	ByeKinds  []choice
	Paired    int
	Removable bool
}

type byeLine struct {
	Round int
	Kind  string
}

func (s *Server) entryPage(w http.ResponseWriter, r *http.Request) {
	pn, _ := strconv.Atoi(r.PathValue("pn"))
	s.renderEntry(w, r, http.StatusOK, pn, refusal{})
}

func (s *Server) renderEntry(w http.ResponseWriter, r *http.Request, code int, pn int, ref refusal) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	e := st.snap.Entry(pn)
	if e == nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	var line entryLine
	for _, l := range s.entryLines(wd, st) {
		if l.PN == pn {
			line = l
		}
	}
	v := entryPageView{Line: line, Club: e.Player.Club, Next: st.snap.Next(), Paired: st.paired, Removable: line.Initial && !line.Gone,
		ByeKinds: []choice{{"half", wd.t("half-bye")}, {"zero", wd.t("zero-bye")}, {"full", wd.t("full-bye")}}}
	if e.Player.Rating != 0 {
		v.Rating = strconv.Itoa(e.Player.Rating)
	}
	for _, b := range st.snap.Requests {
		if b.PN == pn && b.Round > st.paired {
			v.Byes = append(v.Byes, byeLine{Round: b.Round, Kind: s.byeKind(wd, b.Kind)})
		}
	}
	p := s.consolePage(r, wd, st, e.Player.Name, "players")
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	p.Data = v
	s.render(w, r, code, "console-entry", p)
}

// playerAct changes an entry: edit (name, rating, club), remove, withdraw,
// return, bye (round, kind), bye-cancel (round), as the player commands
// do.
func (s *Server) playerAct(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	pn, _ := strconv.Atoi(r.PathValue("pn"))
	e := st.snap.Entry(pn)
	if e == nil {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	tid, id := st.snap.Tournament.ID, e.Player.ID
	ctx := actor(r)
	round := func() int {
		n, _ := strconv.Atoi(r.PostFormValue("round"))
		if n == 0 {
			n = st.snap.Next()
		}
		return n
	}
	back := fmt.Sprintf("/admin/players/%d", pn)
	var err error
	switch r.PathValue("act") {
	case "edit":
		var ch desk.PlayerChange
		name := strings.TrimSpace(r.PostFormValue("name"))
		if name == "" {
			s.renderEntry(w, r, http.StatusBadRequest, pn, refusal{Msg: pageWords(wd.l.T("err.pedit.name"))})
			return
		}
		if name != e.Player.Name {
			ch.Name = &name
		}
		if v := strings.TrimSpace(r.PostFormValue("rating")); v != strconv.Itoa(e.Player.Rating) && !(v == "" && e.Player.Rating == 0) {
			n, perr := strconv.Atoi(v)
			if v == "" {
				n, perr = 0, nil
			}
			if perr != nil || n < 0 || n > 3500 {
				s.renderEntry(w, r, http.StatusBadRequest, pn, refusal{Msg: wd.t("c-bad-rating", strconv.Quote(v))})
				return
			}
			ch.Rating = &n
		}
		if club := strings.TrimSpace(r.PostFormValue("club")); club != e.Player.Club {
			ch.Club = &club
		}
		if ch == (desk.PlayerChange{}) {
			s.renderEntry(w, r, http.StatusBadRequest, pn, refusal{Msg: wd.t("c-nothing-changed")})
			return
		}
		var p arbiter.Player
		if p, err = s.desk.EditPlayer(ctx, tid, id, ch); err == nil {
			s.changed(r.Context())
			s.done(w, r, "/admin/players", "c-edited-player", p.Name)
			return
		}
	case "remove":
		var gone arbiter.Entry
		if gone, err = s.desk.RemoveEntry(ctx, tid, id); err == nil {
			s.changed(r.Context())
			s.done(w, r, "/admin/players", "c-removed", gone.Player.Name)
			return
		}
	case "withdraw":
		var removed bool
		var gone arbiter.Entry
		if gone, removed, err = s.desk.Withdraw(ctx, tid, id, 0); err == nil {
			s.changed(r.Context())
			if removed {
				s.done(w, r, "/admin/players", "c-removed", gone.Player.Name)
				return
			}
			s.done(w, r, "/admin/players", "c-withdrew", gone.Player.Name, gone.WithdrawnFrom)
			return
		}
	case "return":
		var back arbiter.Entry
		if back, err = s.desk.ReturnPlayer(ctx, tid, id, 0); err == nil {
			s.changed(r.Context())
			s.done(w, r, "/admin/players", "c-returned", back.Player.Name, len(st.snap.Rounds)+1)
			return
		}
	case "bye":
		kind := arbiter.HalfBye
		switch r.PostFormValue("kind") {
		case "zero":
			kind = arbiter.ZeroBye
		case "full":
			kind = arbiter.FullBye
		}
		n := round()
		if err = s.desk.RequestBye(ctx, tid, id, n, kind); err == nil {
			s.changed(r.Context())
			s.done(w, r, back, "c-bye-set", e.Player.Name, n, s.byeKind(wd, kind))
			return
		}
	case "bye-cancel":
		n := round()
		if err = s.desk.CancelBye(ctx, tid, id, n); err == nil {
			s.changed(r.Context())
			s.done(w, r, back, "c-bye-cancelled", e.Player.Name, n)
			return
		}
	default:
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	ref := refusal{Msg: errText(err)}
	if errors.Is(err, desk.ErrPlayed) {
		if n := desk.OnlyOpenRound(st.snap, pn); n > 0 {
			ref.Fixes = append(ref.Fixes, fix{Label: wd.t("c-unpair", n), Action: "/admin/unpair"})
		}
		ref.Fixes = append(ref.Fixes, fix{Label: wd.t("c-withdraw"), Action: fmt.Sprintf("/admin/players/%d/withdraw", pn), Main: true})
	}
	s.renderEntry(w, r, status(err), pn, ref)
}
