package web

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// The round on the console: every board of the last round paired at a
// glance, a result entered with one click or typed ("3 1-0", Enter), a
// correction shown with what it changes before it is saved, the boards
// set by hand before play, and the last change undone.

// The states of a board at a glance.
const (
	boardPlaying   = "playing"   // no result, nobody reported one
	boardReported  = "reported"  // one player reported, the opponent has not confirmed
	boardDisputed  = "disputed"  // the players disagree: for the organizer
	boardConfirmed = "confirmed" // the result is in
)

// gridView is the last round paired as the console shows it.
type gridView struct {
	Number    int
	Published bool
	Boards    []boardLine
	Byes      []byeView
	Counts    []stateCount
	// Editable: no board has a result yet, so boards may be set by
	// hand and the round unpaired.
	Editable bool
}

// stateCount is how many boards are in a state.
type stateCount struct {
	State, Text string
	N           int
}

// boardLine is a board of the grid.
type boardLine struct {
	Number       int
	White, Black seatView
	Result       string // as shown: "1-0", "½-½", "+ -"
	Value        string // as typed: "1-0", "1/2", "+-"
	State        string
	StateText    string
	Note         string // what was reported, by whom
	// Games are the two result lines of a Double-Swiss match (C.04.5);
	// none for a board of one game.
	Games []gameLine
}

// stateKeys are the words of the states of a board.
var stateKeys = map[string]string{boardPlaying: "c-state-playing", boardReported: "c-state-reported",
	boardDisputed: "c-state-disputed", boardConfirmed: "c-state-confirmed"}

// resultValue returns r as the result forms send it.
func resultValue(r arbiter.Result) string {
	switch r {
	case arbiter.Draw:
		return "1/2"
	case arbiter.NoResult:
		return ""
	}
	return r.String()
}

// gridOf returns round n of st with the state of each board, nil when
// no round is paired.
func (s *Server) gridOf(r *http.Request, wd words, st *state, n int) (*gridView, error) {
	rd := st.snap.Round(n)
	if rd == nil {
		return nil, nil
	}
	reps, err := s.evening().Reports(r.Context(), n)
	if err != nil {
		return nil, err
	}
	open := map[int]arbiter.WebReport{}
	for _, rep := range reps {
		if rep.Open() {
			open[rep.Board] = rep
		}
	}
	g := &gridView{Number: n, Published: n <= st.published, Editable: true}
	count := map[string]int{}
	double := st.snap.Tournament.System == arbiter.DoubleSwiss
	for _, b := range rd.Boards {
		l := boardLine{Number: b.Number, White: s.seat(st, b.White, n), Black: s.seat(st, b.Black, n),
			Result: s.boardText(st.snap.Tournament, b), Value: resultValue(b.Result), State: boardPlaying}
		if double {
			// The score on the line, each game on a line of its own.
			l.Value = scoreValue(b.Match())
			l.Games = s.gameLines(wd, b.Match(), l.White.Name, l.Black.Name)
			if b.Result != arbiter.NoResult {
				l.Result = b.Match().Score()
			}
		}
		rep, reported := open[b.Number]
		switch {
		case b.Result != arbiter.NoResult:
			l.State = boardConfirmed
			g.Editable = false
		case reported && rep.Status == arbiter.Disputed:
			l.State = boardDisputed
			l.Note = wd.t("disputed", s.reportText(rep), s.otherText(rep))
		case reported:
			l.State = boardReported
			l.Note = wd.t("c-reported-by", s.reportText(rep), s.colour(wd, rep.Seat))
		}
		l.StateText = wd.t(stateKeys[l.State])
		count[l.State]++
		g.Boards = append(g.Boards, l)
	}
	for _, b := range rd.Byes {
		g.Byes = append(g.Byes, byeView{Player: s.seat(st, b.PN, n), Kind: s.byeKind(wd, b.Kind)})
	}
	for _, k := range []string{boardPlaying, boardReported, boardDisputed, boardConfirmed} {
		if count[k] > 0 {
			g.Counts = append(g.Counts, stateCount{State: k, Text: wd.t(stateKeys[k]), N: count[k]})
		}
	}
	return g, nil
}

// resultChoices are the buttons of a board: the results of a game
// played, and the forfeits on the board's own page.
func resultChoices(forfeits bool) []choice {
	cs := []choice{{Value: "1-0", Label: "1-0"}, {Value: "1/2", Label: "½-½"}, {Value: "0-1", Label: "0-1"}}
	if forfeits {
		cs = append(cs, choice{Value: "+-", Label: "+ −"}, choice{Value: "-+", Label: "− +"}, choice{Value: "--", Label: "− −"})
	}
	return cs
}

// parseEntry reads a result typed on the keyboard: the board, then the
// result ("3 1-0", "3 1/2", "3 +-"); a lone 1 or 0 is a win of White or
// Black.
func parseEntry(text string) (board int, res arbiter.Result, err error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return 0, arbiter.NoResult, errors.New("")
	}
	board, err = strconv.Atoi(f[0])
	if err != nil || board < 1 {
		return 0, arbiter.NoResult, errBoard
	}
	switch rest := strings.Join(f[1:], ""); rest {
	case "1":
		return board, arbiter.WhiteWins, nil
	case "0":
		return board, arbiter.BlackWins, nil
	case "":
		return board, arbiter.NoResult, errNoResult
	default:
		res, err = arbiter.ParseResult(rest)
		if err == nil && res == arbiter.NoResult {
			err = errNoResult
		}
		return board, res, err
	}
}

var (
	errBoard    = errors.New("bad board")
	errNoResult = errors.New("no result")
)

// resultPost enters the result of a board, as round result does: typed
// ("entry": "3 1-0") or clicked (board, result). A board that has
// another result shows what correcting it would change, with the button
// that saves it (correct=1).
func (s *Server) resultPost(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	round, _ := strconv.Atoi(r.PostFormValue("round"))
	if round == 0 {
		round = st.paired
	}
	var board int
	var res arbiter.Result
	var err error
	typed := strings.TrimSpace(r.PostFormValue("entry"))
	if st.snap.Tournament.System == arbiter.DoubleSwiss {
		s.matchPost(w, r, st, wd, round, typed)
		return
	}
	if typed != "" {
		board, res, err = parseEntry(typed)
	} else {
		if board, err = strconv.Atoi(r.PostFormValue("board")); err != nil || board < 1 {
			err = errBoard
		} else if res, err = arbiter.ParseResult(r.PostFormValue("result")); err == nil && res == arbiter.NoResult {
			err = errNoResult
		}
	}
	switch {
	case errors.Is(err, errBoard):
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: wd.t("c-bad-board", strconv.Quote(strings.Fields(typed + " ?")[0]))}, typed)
		return
	case errors.Is(err, errNoResult):
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: wd.t("c-no-result", arbiter.ResultCodes)}, typed)
		return
	case err != nil:
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: err.Error()}, typed)
		return
	}
	correct := r.PostFormValue("correct") == "1"
	req := desk.ResultRequest{Tournament: st.ref(), Round: round, Board: board, Result: res, Correct: correct}
	if err := req.Normalize(); err != nil {
		s.renderRound(w, r, status(err), refusal{Msg: errText(err)}, typed)
		return
	}
	out, err := s.desk.EnterResult(actor(r), req)
	switch {
	case errors.Is(err, desk.ErrResultEntered):
		// The correction is shown with what it changes first.
		s.renderBoard(w, r, http.StatusConflict, round, board, res, refusal{Msg: errText(err)})
		return
	case errors.Is(err, desk.ErrRefused):
		var de *desk.Error
		errors.As(err, &de)
		key := "c-refused-fen"
		if de.Input == "game" {
			key = "c-refused-game"
		}
		s.renderRound(w, r, status(err), refusal{Msg: wd.t(key, de.Msg)}, typed)
		return
	case errors.Is(err, desk.ErrNotPaired):
		s.renderRound(w, r, status(err), refusal{Msg: errText(err), Fixes: []fix{{Label: wd.t("c-to-round"), Href: "/admin#pair"}}}, typed)
		return
	case err != nil:
		s.renderRound(w, r, status(err), refusal{Msg: errText(err)}, typed)
		return
	}
	s.changed(r.Context())
	var more []string
	for _, n := range out.Notes {
		more = append(more, capitalize(n)+".")
	}
	if from, to := out.LaterRounds(); from != 0 {
		if from == to {
			more = append(more, wd.l.T("cli.result.laterone", "Round", to))
		} else {
			more = append(more, wd.l.T("cli.result.later", "From", from, "To", to))
		}
	}
	key := "c-entered"
	if out.Old != arbiter.NoResult && out.Old != out.New {
		key = "c-corrected"
	}
	s.done(w, r, "/admin", key, out.Board, s.resultText(out.New), strings.Join(more, " "))
}

// capitalize returns s with its first letter in capitals.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// renderRound shows the round page with a refusal, keeping what was
// typed.
func (s *Server) renderRound(w http.ResponseWriter, r *http.Request, code int, ref refusal, typed string) {
	s.renderAdminAs(w, r, code, ref, typed)
}

// boardView is a board's own page: its players and result, the forfeits,
// the correction with what it would change, and the board set by hand.
type boardPageView struct {
	Round, Board int
	Line         boardLine
	Choices      []choice
	// WhatIf is what correcting the board to Correct would change.
	Correct     string // the result to save, as typed
	CorrectText string
	WhatIf      *whatIfView
	// Match: the board is a Double-Swiss match (C.04.5), entered by its
	// score (Choices) or both games (Games); Forfeits are those of the
	// whole match.
	Match    bool
	Games    []gameField
	Forfeits []choice
	// Editable: the round has no result yet; Players are those of the
	// round, for setting the board or swapping two players.
	Editable bool
	Players  []seatView
	Force    bool // the last edit broke a basic rule: offer to keep it
	White    int
	Black    int
	SwapA    int
	SwapB    int
}

// whatIfView is desk.WhatIf in the command line's words.
type whatIfView struct {
	Title   string
	Lines   []string
	Later   []string
	Nothing bool
}

func (s *Server) boardPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	round, _ := strconv.Atoi(q.Get("round"))
	n, _ := strconv.Atoi(r.PathValue("n"))
	res := arbiter.NoResult
	if c := q.Get("correct"); c != "" {
		res, _ = arbiter.ParseResult(c)
	}
	s.renderBoard(w, r, http.StatusOK, round, n, res, refusal{})
}

// scoreValue returns the match score of m as the score buttons send it,
// "" when m is no such score as entered (a level match, or none).
func scoreValue(m arbiter.Match) string {
	for _, c := range matchChoices() {
		if x, err := desk.ParseMatchResult(c.Value); err == nil && x == m {
			return c.Value
		}
	}
	return ""
}

// renderBoard shows board b of round n (0: the last paired), with what
// correcting it to res would change when res is a result.
func (s *Server) renderBoard(w http.ResponseWriter, r *http.Request, code int, n, b int, res arbiter.Result, ref refusal) {
	s.renderBoardAs(w, r, code, n, b, res, arbiter.Match{}, ref)
}

// renderBoardAs is renderBoard, and for a Double-Swiss board with m the
// match correction offered, with what it would change.
func (s *Server) renderBoardAs(w http.ResponseWriter, r *http.Request, code int, n, b int, res arbiter.Result, m arbiter.Match, ref refusal) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	if n == 0 {
		n = st.paired
	}
	g, err := s.gridOf(r, wd, st, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if g == nil || b < 1 || b > len(g.Boards) {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	v := boardPageView{Round: n, Board: b, Line: g.Boards[b-1], Choices: resultChoices(true),
		Editable: g.Editable && n == st.paired}
	if v.Editable {
		rd := st.snap.Round(n)
		for _, bd := range rd.Boards {
			v.Players = append(v.Players, s.seat(st, bd.White, n), s.seat(st, bd.Black, n))
		}
		for _, by := range rd.Byes {
			if by.Kind == arbiter.PAB {
				v.Players = append(v.Players, s.seat(st, by.PN, n))
			}
		}
		sort.Slice(v.Players, func(i, j int) bool { return v.Players[i].PN < v.Players[j].PN })
		v.White, v.Black = v.Line.White.PN, v.Line.Black.PN
	}
	if st.snap.Tournament.System == arbiter.DoubleSwiss {
		v.Match, v.Choices, v.Forfeits = true, matchChoices(), matchForfeits()
		v.Games = matchGames(wd, v.Line.White.Name, v.Line.Black.Name)
		if m != (arbiter.Match{}) {
			// What the correction would change, as for a game: the
			// standings in game points (C.04.5).
			x, err := s.desk.WhatIfMatch(r.Context(), desk.MatchRequest{Tournament: st.ref(), Round: n, Board: b, Match: m})
			if err != nil {
				ref = refusal{Msg: errText(err)}
			} else {
				v.Correct, v.CorrectText = m.String(), s.matchText(m)
				v.WhatIf = whatIfWords(wd, x)
				v.WhatIf.Title = wd.t("c-match-correct", v.Line.Result, v.CorrectText)
			}
		}
	} else if res != arbiter.NoResult {
		x, err := s.desk.WhatIf(r.Context(), desk.ResultRequest{Tournament: st.ref(), Round: n, Board: b, Result: res})
		if err != nil {
			ref = refusal{Msg: errText(err)}
		} else {
			v.Correct, v.CorrectText, v.WhatIf = resultValue(res), s.resultText(res), whatIfWords(wd, x)
		}
	}
	p := s.consolePage(r, wd, st, wd.t("board-n", b)+" · "+wd.t("round-n", n), "round")
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	p.Data = v
	s.render(w, r, code, "console-board", p)
}

// whatIfWords words x as round result --what-if does.
func whatIfWords(wd words, x desk.WhatIf) *whatIfView {
	l := wd.l
	points := func(v float64) string { return l.Decimal(v, -1) }
	old := x.Old
	if old == "" {
		old = l.T("cli.result.none")
	}
	v := &whatIfView{Title: strings.TrimSuffix(l.T("cli.whatif.title", "Round", x.Round, "Board", x.Board, "New", x.New, "Old", old, "After", x.After), ":")}
	if len(x.Changes) == 0 {
		v.Nothing = true
		v.Lines = append(v.Lines, strings.TrimSpace(l.T("cli.whatif.same")))
	}
	for _, c := range x.Changes {
		line := strings.TrimSpace(l.T("cli.whatif.change", "PN", c.PairingNumber, "Name", c.Name, "From", c.Rank[0], "To", c.Rank[1],
			"Old", points(c.Points[0]), "New", points(c.Points[1])))
		codes := make([]string, 0, len(c.Tiebreaks))
		for code := range c.Tiebreaks {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			tb := c.Tiebreaks[code]
			line += fmt.Sprintf(", %s %s -> %s", code, points(tb[0]), points(tb[1]))
		}
		v.Lines = append(v.Lines, line)
	}
	for _, r := range x.Later {
		switch {
		case r.NotDutch:
			v.Later = append(v.Later, l.T("cli.whatif.notdutch", "Round", r.Round, "Stored", r.Stored))
		case r.Err != nil:
			v.Later = append(v.Later, l.T("cli.whatif.note", "Round", r.Round, "Stored", r.Stored, "Note", errText(r.Err)))
		case r.Note != "" && r.Engine == "":
			v.Later = append(v.Later, l.T("cli.whatif.note", "Round", r.Round, "Stored", r.Stored, "Note", r.Note))
		case r.Differs:
			v.Later = append(v.Later, l.T("cli.whatif.differs", "Round", r.Round, "Engine", r.Engine, "Stored", r.Stored))
		default:
			v.Later = append(v.Later, l.T("cli.whatif.samepairing", "Round", r.Round, "Stored", r.Stored))
		}
	}
	return v
}

// boardEdit sets a board of the last round by hand before play (White
// and Black), or swaps two players (swap, a, b), as round edit and round
// swap do; a change that breaks a basic rule of the Swiss system is kept
// only when asked again (force).
func (s *Server) boardEdit(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	b, _ := strconv.Atoi(r.PathValue("n"))
	num := func(k string) int { n, _ := strconv.Atoi(r.PostFormValue(k)); return n }
	req := desk.EditRequest{Tournament: st.ref(), Force: r.PostFormValue("force") == "1"}
	if r.PostFormValue("swap") == "1" {
		req.Swap = [2]int{num("a"), num("b")}
	} else {
		req.Board, req.White, req.Black = b, num("white"), num("black")
	}
	out, err := s.desk.EditRound(actor(r), req)
	if err != nil {
		ref := refusal{Msg: errText(err)}
		if errors.Is(err, desk.ErrWarnings) {
			var de *desk.Error
			errors.As(err, &de)
			// The round and the warnings, worded from the catalog; the page
			// offers the button that keeps it instead of --force.
			ref.Msg = de.Words(wd.l)
			fields := []field{{"force", "1"}}
			for _, k := range []string{"swap", "a", "b", "white", "black"} {
				if v := r.PostFormValue(k); v != "" {
					fields = append(fields, field{k, v})
				}
			}
			ref.Fixes = []fix{{Label: wd.t("c-keep-anyway"), Action: r.URL.Path, Fields: fields}}
		}
		s.renderBoard(w, r, status(err), 0, b, arbiter.NoResult, ref)
		return
	}
	s.changed(r.Context())
	s.done(w, r, "/admin", "c-edited", out.Round.Number)
}

// unpair removes the last round paired, before any result, as round
// unpair does.
func (s *Server) unpair(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	n, err := s.desk.Unpair(actor(r), st.snap.Tournament.ID)
	if err != nil {
		ref := refusal{Msg: errText(err)}
		if errors.Is(err, desk.ErrHasResults) {
			ref.Fixes = []fix{{Label: wd.t("c-to-round"), Href: "/admin#grid"}}
		}
		s.renderRound(w, r, status(err), ref, "")
		return
	}
	s.changed(r.Context())
	s.done(w, r, "/admin", "c-unpaired", n)
}

// undoView is the change the undo would revert, as the log shows it.
type undoView struct {
	Event int64
	Lines []logLine
}

// undoPage shows the last change and the button that undoes it.
func (s *Server) undoPage(w http.ResponseWriter, r *http.Request) {
	s.renderUndo(w, r, http.StatusOK, refusal{})
}

func (s *Server) renderUndo(w http.ResponseWriter, r *http.Request, code int, ref refusal) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	p := s.consolePage(r, wd, st, wd.t("c-undo-title"), "undo")
	plan, err := s.desk.Undo(r.Context(), st.ref(), 0, false)
	if err != nil && ref.empty() {
		ref = refusal{Msg: errText(err)}
		code = status(err)
	}
	v := undoView{}
	if err == nil && len(plan.Events) > 0 {
		v.Event = plan.Events[0].ID
		for _, e := range plan.Events {
			v.Lines = append(v.Lines, logLineOf(wd, e))
		}
	}
	p.Error, p.Fixes = ref.Msg, ref.Fixes
	p.Data = v
	s.render(w, r, code, "console-undo", p)
}

// undo reverts the change shown (its first event), as undo --yes does;
// a change made meanwhile that depends on it refuses it.
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	st, _, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	ev, _ := strconv.ParseInt(r.PostFormValue("event"), 10, 64)
	plan, err := s.desk.Undo(actor(r), st.ref(), ev, true)
	if err != nil {
		s.renderUndo(w, r, status(err), refusal{Msg: errText(err)})
		return
	}
	s.changed(r.Context())
	what := ""
	if len(plan.Events) > 0 {
		what = plan.Events[len(plan.Events)-1].Subject
	}
	s.done(w, r, "/admin", "c-undone", what)
}
