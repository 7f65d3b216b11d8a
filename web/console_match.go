package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// The matches of a Double-Swiss tournament (FIDE C.04.5) on the console:
// each board is two games with the colours reversed, shown as two result
// lines, and entered whole, as round result enters them: the match
// score typed or clicked ("3 1.5-0.5"), or both games ("3 1-0 1/2"; on
// the board's page, one field per game).

// gameLine is one game of a match on the grid: who has White in it and
// its result, in its own colours ("" for none yet).
type gameLine struct {
	Label  string // "Game 1: Rossi, Mario has White"
	Result string
}

// gameLines returns the two result lines of a match between white (the
// board's White, White in game 1) and black.
func (s *Server) gameLines(wd words, m arbiter.Match, white, black string) []gameLine {
	return []gameLine{{Label: wd.t("match-game", 1, white), Result: s.resultText(m.First)},
		{Label: wd.t("match-game", 2, black), Result: s.resultText(m.Second)}}
}

// matchForfeits are the forfeits of a whole match on the board's page
// (C.04.5 Preface: a match is a forfeit only when both games are).
func matchForfeits() []choice {
	return []choice{{Value: "+-", Label: "+ −"}, {Value: "-+", Label: "− +"}, {Value: "--", Label: "− −"}}
}

// reportText writes what a report from the board says: a result, or a
// match with its score and both games.
func (s *Server) reportText(rep arbiter.WebReport) string {
	if rep.IsMatch() {
		return s.matchText(rep.Match())
	}
	return s.resultText(rep.Result)
}

// otherText writes the opponent's answer of a disputed report as
// reportText does.
func (s *Server) otherText(rep arbiter.WebReport) string {
	if rep.IsMatch() {
		return s.matchText(rep.OtherMatch())
	}
	return s.resultText(rep.Other)
}

// errMatch is a match the console could not read.
var errMatch = errors.New("no match")

// matchFrom reads the match of a post to the console: typed ("entry":
// "3 1.5-0.5", "3 1-0 1/2"), a score clicked (board, result), or both
// games (board, game1, game2).
func matchFrom(r *http.Request, typed string) (board int, m arbiter.Match, err error) {
	var text string
	if typed != "" {
		f := strings.Fields(typed)
		if board, err = strconv.Atoi(f[0]); err != nil || board < 1 {
			return 0, m, errBoard
		}
		text = strings.Join(f[1:], " ")
	} else {
		if board, err = strconv.Atoi(r.PostFormValue("board")); err != nil || board < 1 {
			return 0, m, errBoard
		}
		if text = r.PostFormValue("result"); text == "" {
			text = strings.TrimSpace(r.PostFormValue("game1") + " " + r.PostFormValue("game2"))
		}
	}
	if text == "" {
		return board, m, errMatch
	}
	m, err = desk.ParseMatchResult(text)
	return board, m, err
}

// matchPost enters the match of a board of a Double-Swiss tournament, as
// round result does. A board that has another match shows it with the
// button that saves the correction (correct=1).
func (s *Server) matchPost(w http.ResponseWriter, r *http.Request, st *state, wd words, round int, typed string) {
	board, m, err := matchFrom(r, typed)
	switch {
	case errors.Is(err, errBoard):
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: wd.t("c-bad-board", strconv.Quote(strings.Fields(typed + " ?")[0]))}, typed)
		return
	case errors.Is(err, errMatch), errors.Is(err, desk.ErrMatchText):
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: wd.t("c-no-match-result")}, typed)
		return
	case errors.Is(err, desk.ErrMatchLevel):
		s.renderRound(w, r, http.StatusBadRequest, refusal{Msg: wd.t("c-match-level")}, typed)
		return
	case err != nil:
		s.renderRound(w, r, status(err), refusal{Msg: errText(err)}, typed)
		return
	}
	correct := r.PostFormValue("correct") == "1"
	out, err := s.desk.EnterMatch(actor(r), desk.MatchRequest{Tournament: st.ref(), Round: round, Board: board, Match: m, Correct: correct})
	switch {
	case errors.Is(err, desk.ErrResultEntered):
		s.renderMatchBoard(w, r, http.StatusConflict, round, board, m, refusal{Msg: errText(err)})
		return
	case errors.Is(err, desk.ErrNotPaired):
		s.renderRound(w, r, status(err), refusal{Msg: errText(err), Fixes: []fix{{Label: wd.t("c-to-round"), Href: "/admin#pair"}}}, typed)
		return
	case err != nil:
		s.renderRound(w, r, status(err), refusal{Msg: errText(err)}, typed)
		return
	}
	s.changed(r.Context())
	key := "c-entered"
	if out.Old != (arbiter.Match{}) && out.Old != out.New {
		key = "c-corrected"
	}
	s.done(w, r, "/admin", key, out.Board, s.matchText(out.New), "")
}

// renderMatchBoard is renderBoard for a match: m, when it is one, is the
// correction offered, saved with its button.
func (s *Server) renderMatchBoard(w http.ResponseWriter, r *http.Request, code int, n, b int, m arbiter.Match, ref refusal) {
	s.renderBoardAs(w, r, code, n, b, arbiter.NoResult, m, ref)
}
