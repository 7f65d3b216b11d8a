package desk

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/rules"
)

// BoardGame is the game of a board as stored, read back and replayed.
type BoardGame struct {
	Stored  Game
	Count   int // submissions for the board
	Game    *rules.Game
	Verdict *rules.Verdict
	Record  Record // as stored
}

// Replay reads a stored game and replays it in the letters it was
// written in; count is how many games the board has.
func Replay(sg Game, count int) (*BoardGame, error) {
	bg := &BoardGame{Stored: sg, Count: count}
	g, err := rules.NewReader(strings.NewReader(sg.PGN)).Read()
	if err != nil {
		return nil, fmt.Errorf("game %d of round %d board %d cannot be read back: %w", sg.ID, sg.Round, sg.Board, err)
	}
	lang, _ := rules.ParseLang(sg.Letters)
	bg.Game, bg.Verdict = g, rules.Check(g, rules.Options{Lang: lang})
	if sg.Verdict != "" {
		_ = json.Unmarshal([]byte(sg.Verdict), &bg.Record)
	}
	return bg, nil
}

// Record is the verdict stored with a game, as JSON. Field names are
// stable: add, never rename.
type Record struct {
	Legal            bool     `json:"legal"`
	Plies            int      `json:"plies"`
	Letters          string   `json:"letters"`
	Status           string   `json:"status"`
	EndPly           int      `json:"end_ply,omitempty"`
	EndMove          string   `json:"end_move,omitempty"`
	IllegalPly       int      `json:"illegal_ply,omitempty"`
	IllegalMove      string   `json:"illegal_move,omitempty"`
	IllegalReason    string   `json:"illegal_reason,omitempty"`
	Article          string   `json:"article,omitempty"`
	Result           string   `json:"result"`
	ResultConsistent bool     `json:"result_consistent"`
	ResultNote       string   `json:"result_note"`
	Notes            []string `json:"notes,omitempty"`
}

// RecordOf sums up a verdict for storage.
func RecordOf(v *rules.Verdict, notes []string) Record {
	r := Record{Legal: v.Legal(), Plies: len(v.Moves), Letters: v.Lang.String(), Status: v.Status.String(),
		Result: v.Result, ResultConsistent: v.ResultConsistent, ResultNote: v.ResultNote, Notes: notes}
	if v.Status != rules.Ongoing && v.Legal() {
		r.EndPly, r.EndMove, r.Article = v.EndPly, v.MoveName(v.EndPly, rules.English), v.Status.Article()
	}
	switch {
	case v.Err != nil:
		r.IllegalReason = v.Err.Error()
	case v.Illegal != nil:
		im := v.Illegal
		r.IllegalPly, r.IllegalMove, r.IllegalReason, r.Article = im.Ply, im.Move(), im.Reason, im.Article
	}
	return r
}
