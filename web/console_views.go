package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/trf"
)

// What the console shows and prints: the standings with each figure of
// the tie-breaks explained, the season, the log of every change, and the
// files of print and export, drawn by the same code.

// consoleStandingsView is the standings after the last round with every
// result in, each player's tie-breaks explained.
type consoleStandingsView struct {
	standingsView
	InPlay  int // the round still in play, left out; 0 if none
	Explain map[int][]desk.Explanation
	Names   map[int]string
}

func (s *Server) consoleStandings(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	n := desk.CompleteRounds(st.snap)
	rank, err := s.evening().Standings(st.snap, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	after := &state{id: st.id, snap: st.snap, published: n, paired: st.paired, rank: rank}
	v := consoleStandingsView{standingsView: s.standingsView(wd, after, 0), Explain: map[int][]desk.Explanation{},
		Names: map[int]string{}}
	if n < len(st.snap.Rounds) {
		v.InPlay = n + 1
	}
	for _, e := range st.snap.Entries {
		v.Names[e.PN] = e.Player.Name
	}
	for _, x := range rank.Rows {
		if ex, err := rank.Explain(x.PN); err == nil && ex != nil {
			v.Explain[x.PN] = ex
		}
	}
	p := s.consolePage(r, wd, st, wd.t("standings"), "standings")
	p.Data = v
	s.render(w, r, http.StatusOK, "console-standings", p)
}

func (s *Server) consoleSeason(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	tables, err := s.evening().Seasons(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sp := s.seasonPage(wd, st, tables)
	p := s.consolePage(r, wd, st, wd.t("season"), "season")
	p.Data = sp.Data
	s.render(w, r, http.StatusOK, "season", p)
}

// logLine is one change of the log.
type logLine struct {
	ID                  int64
	At, Who             string
	Action, Subject     string
	Change              string // old -> new
	Undone, UndoneEvent bool
}

// logLineOf words a change of the log in the page's language, as arbiter
// log does (desk.EventWords): the action, the subject, the values.
func logLineOf(wd words, e desk.Event) logLine {
	action, subject, change := desk.EventWords(wd.l, e)
	l := logLine{ID: e.ID, At: e.At.Local().Format("15:04:05"), Who: e.Who, Action: action, Subject: subject}
	switch {
	case e.New != "":
		l.Change = change
	case e.Old != "":
		l.Change = desk.LogValue(wd.l, e.Old) + " → " + wd.t("c-nothing")
	}
	return l
}

func (s *Server) logPage(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	evs, err := s.desk.Events(r.Context(), st.snap.Tournament.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lines := make([]logLine, 0, len(evs))
	for i := len(evs) - 1; i >= 0; i-- {
		lines = append(lines, logLineOf(wd, evs[i]))
	}
	p := s.consolePage(r, wd, st, wd.t("c-log-title"), "log")
	p.Data = lines
	s.render(w, r, http.StatusOK, "console-log", p)
}

// sheet is a file of the paper page: a printed sheet or an export.
type sheet struct {
	File  string // its name in the address: pairings.pdf
	Label string
	What  string // the round it shows, or why there is none
	PDF   bool
	Ready bool
}

// sheetKinds are the files the console offers, in the order of the
// page, with the words that name them.
var sheetKinds = []struct{ file, key string }{{"pairings.pdf", "c-sheet-pairings"}, {"slips.pdf", "c-sheet-slips"},
	{"standings.pdf", "c-sheet-standings"}, {"crosstable.pdf", "c-sheet-crosstable"}, {"prizes.pdf", "c-sheet-prizes"},
	{"pins.pdf", "c-sheet-pins"}, {"workbook.xlsx", "c-sheet-workbook"}, {"tournament.trf", "c-sheet-trf"}, {"games.pgn", "c-sheet-pgn"}}

func (s *Server) paperPage(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	var out []sheet
	for _, k := range sheetKinds {
		f := k.file
		sh := sheet{File: f, Label: wd.t(k.key), PDF: strings.HasSuffix(f, ".pdf")}
		n, err := s.sheetRound(wd, st, f)
		switch {
		case err != nil:
			sh.What = pageWords(err.Error())
		case f == "pins.pdf":
			sh.Ready, sh.What = true, wd.t("c-sheet-players", len(st.snap.Entries))
		case f == "tournament.trf" && n == 0:
			sh.Ready, sh.What = true, wd.t("c-sheet-before1")
		case f == "pairings.pdf" || f == "slips.pdf":
			sh.Ready, sh.What = true, wd.t("round-n", n)
		case f == "games.pgn":
			sh.Ready, sh.What = true, wd.t("c-sheet-rounds", n)
		case n == 0:
			sh.Ready, sh.What = true, wd.t("c-sheet-before1")
		default:
			sh.Ready, sh.What = true, wd.t("after-round", n)
		}
		out = append(out, sh)
	}
	p := s.consolePage(r, wd, st, wd.t("c-paper-title"), "paper")
	p.Data = out
	s.render(w, r, http.StatusOK, "console-paper", p)
}

// sheetRound returns the round file f shows, as print and export choose
// it: the last round paired for the pairings, the slips and the games;
// the last round with every result in for the others. It refuses, in
// the command line's words, a file with nothing to show.
func (s *Server) sheetRound(wd words, st *state, f string) (int, error) {
	l, t := wd.l, st.snap.Tournament
	if len(st.snap.Entries) == 0 {
		return 0, errors.New(l.T("err.report.noplayers", "Name", t.Name))
	}
	complete := desk.CompleteRounds(st.snap)
	switch f {
	case "pairings.pdf", "slips.pdf":
		if len(st.snap.Rounds) == 0 {
			return 0, errors.New(l.T("cli.game_submit.nopaired", "Name", t.Name))
		}
		return len(st.snap.Rounds), nil
	case "games.pgn":
		if len(st.snap.Rounds) == 0 {
			return 0, errors.New(l.T("cli.export_pgn.nopaired", "Name", t.Name))
		}
		return len(st.snap.Rounds), nil
	case "pins.pdf":
		return 0, nil
	case "workbook.xlsx", "tournament.trf":
		return complete, nil
	case "prizes.pdf":
		if st.prizes.Empty() {
			return 0, errors.New(l.T("cli.prizes.nothing", "Name", t.Name))
		}
	}
	what := l.T("cli.what." + strings.TrimSuffix(f, ".pdf"))
	switch {
	case complete == 0 && len(st.snap.Rounds) == 0:
		return 0, errors.New(l.T("err.report.nopaired", "Name", t.Name, "What", what))
	case complete == 0:
		return 0, errors.New(l.T("err.report.inplay", "What", what))
	}
	return complete, nil
}

// paperFile sends one file of the paper page, drawn as print and export
// draw it; a PDF opens in the browser, to print, unless downloaded.
func (s *Server) paperFile(w http.ResponseWriter, r *http.Request) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	f := r.PathValue("file")
	known := false
	for _, k := range sheetKinds {
		known = known || k.file == f
	}
	if !known {
		s.failText(w, r, http.StatusNotFound, wd.t("not-found"))
		return
	}
	n, err := s.sheetRound(wd, st, f)
	if err != nil {
		s.paperError(w, r, http.StatusConflict, pageWords(err.Error()))
		return
	}
	var buf bytes.Buffer
	if err := s.drawSheet(r, wd, st, f, n, &buf); err != nil {
		s.paperError(w, r, status(err), errText(err))
		return
	}
	if f == "pins.pdf" {
		s.changed(r.Context()) // the PINs not made yet are made now
	}
	h := w.Header()
	types := map[string]string{".pdf": "application/pdf", ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
		".trf": "text/plain; charset=utf-8", ".pgn": "application/x-chess-pgn"}
	_, ext, _ := strings.Cut(f, ".")
	h.Set("Content-Type", types["."+ext])
	h.Set("Cache-Control", "no-store")
	disp := "attachment"
	if r.URL.Query().Get("print") == "1" && ext == "pdf" {
		disp = "inline"
	}
	h.Set("Content-Disposition", fmt.Sprintf("%s; filename=%q", disp, fileName(st.snap.Tournament.Name, f, n)))
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}

// paperError shows the paper page with the refusal of a file.
func (s *Server) paperError(w http.ResponseWriter, r *http.Request, code int, msg string) {
	st, wd, ok := s.consoleState(w, r)
	if !ok {
		return
	}
	p := s.consolePage(r, wd, st, wd.t("c-paper-title"), "paper")
	p.Error = msg
	s.render(w, r, code, "error", p)
}

// fileName names a file of tournament name: "club-night-pairings-3.pdf".
func fileName(name, f string, n int) string {
	var b strings.Builder
	for _, r := range strings.ToLower(arbiter.FoldName(name)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	base, ext, _ := strings.Cut(f, ".")
	slug := strings.Trim(b.String(), "-")
	if slug == "" {
		slug = "tournament"
	}
	if n > 0 && (base == "pairings" || base == "slips") {
		return fmt.Sprintf("%s-%s-%d.%s", slug, base, n, ext)
	}
	return slug + "-" + base + "." + ext
}

// drawSheet writes file f of st after (or of) round n to w, in the
// tournament's language, as print and export write it.
func (s *Server) drawSheet(r *http.Request, wd words, st *state, f string, n int, w io.Writer) error {
	ctx := r.Context()
	switch f {
	case "tournament.trf":
		file, err := desk.TRF(st.snap, n)
		if err != nil {
			return err
		}
		return trf.NewWriter(w).Write(file)
	case "games.pgn":
		_, _, err := s.desk.ExportPGN(ctx, st.snap, 1, n, desk.EnglishLetters, w)
		return err
	}
	parts := desk.SheetParts{Codes: f == "slips.pdf", Cards: f == "pins.pdf", Prizes: f == "prizes.pdf" || f == "workbook.xlsx",
		Base: strings.TrimSuffix(s.join.URL, "/")}
	if f == "pins.pdf" {
		ctx = actor(r)
	}
	ev, err := s.desk.Sheet(ctx, st.snap, n, parts)
	if err != nil {
		return err
	}
	ev.Locale = locale.New(locale.Lang(st.snap.Tournament.Language))
	switch f {
	case "pairings.pdf":
		return reports.WritePairings(w, ev, n)
	case "slips.pdf":
		return reports.WriteSlips(w, ev, n)
	case "standings.pdf":
		return reports.WriteStandings(w, ev)
	case "crosstable.pdf":
		return reports.WriteCrosstable(w, ev)
	case "prizes.pdf":
		return reports.WritePrizes(w, ev)
	case "pins.pdf":
		return reports.WritePINCards(w, ev)
	case "workbook.xlsx":
		return reports.WriteXLSX(w, ev)
	}
	return fmt.Errorf("web: no sheet %s", f)
}
