package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Disputes settled with evidence: on a disputed board each player adds
// what happened (a claim, with the moves or the final position), the
// organizer's queue shows both claims with the Laws' verdicts, and the
// ruling is shown on both players' board and player pages.

// claimChoice is a claim kind as a form offers it.
type claimChoice struct{ Value, Label string }

func claimChoices(wd words) []claimChoice {
	var out []claimChoice
	for _, k := range arbiter.ClaimKinds() {
		out = append(out, claimChoice{k, wd.l.Word(phrase.New("dispute.kind-" + k))})
	}
	return out
}

// rulingFor words the ruling on player pn's board of round n, "" if
// none.
func rulingFor(wd words, st *state, n, pn int) string {
	if len(st.rulings) == 0 {
		return "" // most evenings: no board of a round is looked through
	}
	rd := st.snap.Round(n)
	if rd == nil {
		return ""
	}
	for _, b := range rd.Boards {
		if b.White != pn && b.Black != pn {
			continue
		}
		return boardRuling(wd, st, n, b.Number)
	}
	return ""
}

// boardRuling words the ruling on board b of round n, "" if none.
func boardRuling(wd words, st *state, n, b int) string {
	out := ""
	for _, r := range st.rulings {
		if r.Round == n && r.Board == b {
			out = wd.l.Stored(r.Text)
		}
	}
	return out
}

// claimView is a claim as the organizer's queue shows it.
type claimView struct {
	Seat      string
	By        string // who, when, from where
	Kind      string
	Moves     string
	FEN       string
	Verdict   string
	Article   string
	Flagged   bool
	Unchecked bool
	Error     string
}

// disputeView is a disputed report's claims for the queue.
type disputeView struct {
	Claims       []*claimView // White's and Black's, nil for none
	White, Black *claimView
	Replaced     string
	Suggested    string // the result to preselect ("1-0", "1/2", "0-1"), "" for none
}

func formValue(r arbiter.Result) string {
	switch r {
	case arbiter.WhiteWins:
		return "1-0"
	case arbiter.BlackWins:
		return "0-1"
	case arbiter.Draw:
		return "1/2"
	}
	return ""
}

func (s *Server) claimView(wd words, st *state, rep arbiter.WebReport, cv *desk.ClaimVerdict) *claimView {
	if cv == nil {
		return nil
	}
	c := cv.Claim
	pn := rep.White
	if c.Seat == arbiter.Black {
		pn = rep.Black
	}
	kind := wd.l.Word(phrase.New("dispute.kind-" + c.Kind))
	switch c.Flag {
	case arbiter.White:
		kind += " (" + wd.t("dispute-flag-white") + ")"
	case arbiter.Black:
		kind += " (" + wd.t("dispute-flag-black") + ")"
	case arbiter.BothFlags:
		kind += " (" + wd.t("dispute-flag-both") + ")"
	}
	v := &claimView{Seat: s.colour(wd, c.Seat), Kind: kind, Moves: c.Moves, FEN: c.FEN,
		By: wd.t("dispute-claim-by", s.colour(wd, c.Seat), s.seat(st, pn, rep.Round).Name, c.At.Local().Format("15:04"), c.IP, c.Dev)}
	if cv.Err != nil {
		v.Error = cv.Err.Error()
		return v
	}
	v.Verdict, v.Article = wd.l.Word(cv.Verdict.Text), cv.Verdict.Article
	v.Flagged, v.Unchecked = cv.Verdict.Flagged, cv.Verdict.Unchecked
	return v
}

// disputeView judges the claims of a disputed report for the queue.
func (s *Server) disputeView(r *http.Request, wd words, st *state, rep arbiter.WebReport) (*disputeView, error) {
	d, err := s.evening().Dispute(r.Context(), rep.ID)
	if err != nil {
		return nil, err
	}
	dv := &disputeView{White: s.claimView(wd, st, rep, d.White), Black: s.claimView(wd, st, rep, d.Black), Suggested: formValue(d.Suggested)}
	dv.Claims = []*claimView{dv.White, dv.Black}
	var old []string
	for _, c := range d.Replaced {
		old = append(old, s.colour(wd, c.Seat)+": "+wd.l.Word(phrase.New("dispute.kind-"+c.Kind))+" "+c.At.Local().Format("15:04"))
	}
	if len(old) > 0 {
		dv.Replaced = wd.t("dispute-replaced", strings.Join(old, "; "))
	}
	return dv, nil
}

// claim records a player's claim on a disputed board: the claim is the
// player's its proof proves.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	c, ok := s.boardPost(w, r)
	if !ok {
		return
	}
	in := arbiter.ClaimInput{Proof: proof(r), Kind: r.PostFormValue("kind"), Moves: r.PostFormValue("moves"), FEN: r.PostFormValue("fen")}
	switch r.PostFormValue("flag") {
	case "white":
		in.Flag = arbiter.White
	case "black":
		in.Flag = arbiter.Black
	case "both":
		in.Flag = arbiter.BothFlags
	}
	_, err := s.evening().AddClaim(desk.WithOrigin(r.Context(), origin(r)), c.Token, in)
	if s.refused(w, r, err, c) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.changed(r.Context())
	http.Redirect(w, r, "/b/"+url.PathEscape(c.Token)+"?done=claim", http.StatusSeeOther)
}

// claimForm is what the board page needs to take a claim, with the
// claims made so far: "White: checkmate, 21:32".
type claimForm struct {
	Kinds []claimChoice
	Made  []string
}

// disputeBoard fills the board page's dispute parts: the claim form on a
// disputed board, the ruling on a ruled one.
func (s *Server) disputeBoard(r *http.Request, wd words, st *state, c arbiter.BoardCode, bp *boardPage) error {
	bp.Ruling = boardRuling(wd, st, c.Round, c.Board)
	if c.Report == nil || c.Report.Status != arbiter.Disputed {
		return nil
	}
	bp.Claim = &claimForm{Kinds: claimChoices(wd)}
	d, err := s.evening().Dispute(r.Context(), c.Report.ID)
	if err != nil {
		return err
	}
	for _, cv := range []*desk.ClaimVerdict{d.White, d.Black} {
		if cv != nil {
			bp.Claim.Made = append(bp.Claim.Made, s.colour(wd, cv.Claim.Seat)+": "+
				wd.l.Word(phrase.New("dispute.kind-"+cv.Claim.Kind))+", "+cv.Claim.At.Local().Format("15:04"))
		}
	}
	return nil
}
