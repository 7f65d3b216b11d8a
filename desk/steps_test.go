package desk

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// The rules the store runs inside its transactions, tried on the facts
// alone: every transition and every refusal, with its kind and words.

func TestReportStep(t *testing.T) {
	reported := &arbiter.WebReport{ID: 7, Seat: arbiter.White, Result: arbiter.WhiteWins, Status: arbiter.Reported}
	disputed := &arbiter.WebReport{ID: 7, Seat: arbiter.White, Result: arbiter.WhiteWins, Status: arbiter.Disputed, Other: arbiter.Draw}
	open := arbiter.BoardCode{Board: 3}
	withReport := arbiter.BoardCode{Board: 3, Report: reported}
	tests := []struct {
		name    string
		c       arbiter.BoardCode
		seat    arbiter.Colour
		r       arbiter.Result
		confirm bool
		want    string
		kind    error
		msg     string
	}{
		{"forfeit", open, arbiter.NoColour, arbiter.WhiteForfeit, false, "", ErrInvalid, `result "+-" cannot be reported from the board: give 1-0, 1/2 or 0-1; forfeits are for the organizer`},
		{"entered", arbiter.BoardCode{Board: 3, Result: arbiter.Draw}, arbiter.NoColour, arbiter.Draw, false, "", ErrConflict, "board 3 already has 1/2-1/2: ask the organizer for a correction"},
		{"entered, confirming", arbiter.BoardCode{Board: 3, Result: arbiter.Draw}, arbiter.NoColour, arbiter.Draw, true, "", ErrConflict, "board 3 already has 1/2-1/2"},
		{"nothing to confirm", open, arbiter.NoColour, arbiter.Draw, true, "", ErrConflict, "nobody has reported a result on board 3 yet: report it"},
		{"disputed", arbiter.BoardCode{Board: 3, Report: disputed}, arbiter.NoColour, arbiter.Draw, false, "", ErrConflict, "the players of board 3 gave different results: the organizer decides"},
		{"open board", open, arbiter.NoColour, arbiter.Draw, false, "", nil, ""},
		{"first report", open, arbiter.Black, arbiter.Draw, false, arbiter.Reported, nil, ""},
		{"own report replaced", withReport, arbiter.White, arbiter.Draw, false, arbiter.Reported, nil, ""},
		{"opponent's other result", withReport, arbiter.Black, arbiter.Draw, false, arbiter.Disputed, nil, ""},
		{"opponent's same result", withReport, arbiter.Black, arbiter.WhiteWins, false, arbiter.Confirmed, nil, ""},
		{"opponent confirms", withReport, arbiter.Black, arbiter.WhiteWins, true, arbiter.Confirmed, nil, ""},
		{"reporter confirms", withReport, arbiter.White, arbiter.WhiteWins, true, "", ErrWrongSeat, "White reported 1-0: Black confirms it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := reportStep(tc.c, tc.seat, arbiter.Match{First: tc.r}, tc.confirm)
			if got != tc.want || !errors.Is(err, tc.kind) || tc.kind == nil && err != nil || err != nil && err.Error() != tc.msg {
				t.Errorf("reportStep = %q, %v; want %q, %v %q", got, err, tc.want, tc.kind, tc.msg)
			}
		})
	}
}

func TestOpenStep(t *testing.T) {
	tests := []struct {
		status string
		rule   bool
		msg    string
	}{
		{arbiter.Reported, false, ""},
		{arbiter.Disputed, false, ""},
		{arbiter.Disputed, true, ""},
		{arbiter.Reported, true, "report 4 is not disputed: accept it instead"},
		{arbiter.Accepted, false, "report 4 is already accepted"},
		{arbiter.Superseded, true, "report 4 is already superseded"},
	}
	for _, tc := range tests {
		err := openStep(tc.rule)(arbiter.WebReport{ID: 4, Status: tc.status})
		if tc.msg == "" && err != nil || tc.msg != "" && (err == nil || err.Error() != tc.msg || !errors.Is(err, ErrConflict)) {
			t.Errorf("openStep(%v)(%s) = %v, want %q", tc.rule, tc.status, err, tc.msg)
		}
	}
}

func TestLateRule(t *testing.T) {
	rossi := arbiter.Player{ID: 12, Name: "Rossi, Mario"}
	roster := []arbiter.Player{{ID: 11, Name: "Bianchi, Anna"}, rossi}
	tests := []struct {
		name string
		r    arbiter.LateRequest
		f    store.LateFacts
		kind error
		msg  string
	}{
		{"room", arbiter.LateRequest{Name: "Nuovo, Uno"}, store.LateFacts{FromAddress: MaxLatePerAddress - 1, Waiting: MaxLatePending - 1}, nil, ""},
		{"address full", arbiter.LateRequest{Name: "Nuovo, Uno"}, store.LateFacts{FromAddress: MaxLatePerAddress, Waiting: 5}, ErrConflict,
			"3 requests from this address are already waiting for the organizer: wait for the answer"},
		{"queue full", arbiter.LateRequest{Name: "Nuovo, Uno"}, store.LateFacts{Waiting: MaxLatePending}, ErrConflict,
			"100 requests are already waiting for the organizer: ask at the desk"},
		{"new with a club player's name", arbiter.LateRequest{Name: "mario rossi", New: true}, store.LateFacts{Roster: roster}, ErrLikelyDuplicate,
			"Rossi, Mario is the name of a club player: if it is you, choose it; if not, ask the organizer"},
		{"new with a name of their own", arbiter.LateRequest{Name: "Rossi, Maria", New: true}, store.LateFacts{Roster: roster}, nil, ""},
		{"club player entered", arbiter.LateRequest{Name: "Mario Rossi", PlayerID: 12}, store.LateFacts{Tournament: "Club", Player: &rossi, Entered: 4}, ErrAlreadyEntered,
			"Rossi, Mario is already entered in Club as player 4"},
		{"club player not entered", arbiter.LateRequest{Name: "Mario Rossi", PlayerID: 12}, store.LateFacts{Tournament: "Club", Player: &rossi}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := lateRule(tc.r, tc.f)
			if tc.kind == nil && err != nil || tc.kind != nil && (!errors.Is(err, tc.kind) || err.Error() != tc.msg) {
				t.Errorf("lateRule = %v, want %v %q", err, tc.kind, tc.msg)
			}
			var de *Error
			if tc.kind != nil && tc.r.Name != "Nuovo, Uno" && (!errors.As(err, &de) || len(de.Players) != 1 || de.Players[0] != 12) {
				t.Errorf("lateRule = %#v, want it to name club player 12", err)
			}
		})
	}
	if err := lateAnswer(arbiter.LateRequest{Name: "Nuovo, Uno", Status: arbiter.LatePending}); err != nil {
		t.Errorf("answering a pending request: %v", err)
	}
	if err := lateAnswer(arbiter.LateRequest{Name: "Nuovo, Uno", Status: arbiter.LateRefused}); !errors.Is(err, ErrConflict) || err.Error() != "the request of Nuovo, Uno was refused already" {
		t.Errorf("answering a refused request: %v", err)
	}
}

func TestPresenceRule(t *testing.T) {
	tour := arbiter.Tournament{Name: "Presence", Rounds: 3}
	ann := arbiter.Entry{PN: 1, Player: arbiter.Player{Name: "Ann"}, Status: arbiter.Active}
	gone := arbiter.Entry{PN: 3, Player: arbiter.Player{Name: "Cid"}, Status: arbiter.Withdrawn, WithdrawnFrom: 2}
	next := func(paired int) store.PresenceFacts {
		return store.PresenceFacts{Tournament: tour, Entry: ann, Paired: paired, Round: paired + 1}
	}
	tests := []struct {
		name string
		mark string
		f    store.PresenceFacts
		want store.PresencePlan
		kind error
		msg  string
	}{
		{"here", arbiter.Here, next(1), store.PresencePlan{}, nil, ""},
		{"here again", arbiter.Here, func() store.PresenceFacts { f := next(1); f.HereFrom = 2; return f }(), store.PresencePlan{Nothing: true}, nil, ""},
		{"skip", arbiter.Skip, next(1), store.PresencePlan{Bye: arbiter.HalfBye, HereNext: true}, nil, ""},
		{"leave", arbiter.Leave, next(1), store.PresencePlan{}, nil, ""},
		{"skip the last round", arbiter.Skip, next(2), store.PresencePlan{}, ErrConflict,
			"round 3 is the last round: no bye on request in the last round (the tournament's regulation); ask the arbiter"},
		{"skip twice", arbiter.Skip, func() store.PresenceFacts { f := next(1); f.Requested = arbiter.ZeroBye; return f }(), store.PresencePlan{}, ErrConflict,
			"Ann does not play round 2 already (Z)"},
		{"here after leaving", arbiter.Here, func() store.PresenceFacts { f := next(1); f.Entry = gone; return f }(), store.PresencePlan{}, ErrConflict,
			"Cid left the tournament from round 2: only the organizer can bring them back"},
		{"every round paired", arbiter.Here, next(3), store.PresencePlan{}, ErrConflict,
			"every round of Presence is paired: there is no next round to be present for"},
		{"leave before round 1", arbiter.Leave, next(0), store.PresencePlan{}, ErrConflict,
			"round 1 is not paired yet: tell the organizer, who takes the entry of Ann back"},
		{"unknown kind", "maybe", next(1), store.PresencePlan{}, ErrInvalid, `a presence mark is here, skip or leave, not "maybe"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := presenceRule(tc.mark, tc.f)
			if got != tc.want || tc.kind == nil && err != nil || tc.kind != nil && (!errors.Is(err, tc.kind) || err.Error() != tc.msg) {
				t.Errorf("presenceRule = %+v, %v; want %+v, %v %q", got, err, tc.want, tc.kind, tc.msg)
			}
		})
	}
}

func TestRollOf(t *testing.T) {
	s := &store.Snapshot{
		Tournament: arbiter.Tournament{Rounds: 3},
		Entries: []arbiter.Entry{
			{PN: 1, Status: arbiter.Active},
			{PN: 2, Status: arbiter.Active},
			{PN: 3, Status: arbiter.Withdrawn, WithdrawnFrom: 2},
			{PN: 4, Status: arbiter.Active, JoinedRound: 3},
			{PN: 5, Status: arbiter.Active},
			{PN: 6, Status: arbiter.Active},
		},
		Rounds:   []arbiter.Round{{Number: 1}},
		Requests: []store.Request{{PN: 2, Round: 2, Kind: arbiter.HalfBye}},
	}
	marks := []arbiter.PresenceMark{{PN: 6, Kind: arbiter.Here, Round: 3}, {PN: 1, Kind: arbiter.Here, Round: 2}}
	r := rollOf(store.Presence{Snapshot: s, Required: true, Marks: marks})
	want := arbiter.Roll{Round: 2, Required: true, Paired: 1, Present: []int{1}, Missing: []int{5, 6}, Skipping: []int{2}, Left: []int{3}, Marks: marks}
	if fmt.Sprint(r) != fmt.Sprint(want) {
		t.Errorf("rollOf = %+v, want %+v", r, want)
	}
	s.Rounds = append(s.Rounds, arbiter.Round{Number: 2}, arbiter.Round{Number: 3})
	if r := rollOf(store.Presence{Snapshot: s}); r.Round != 0 || r.Paired != 3 || r.Present != nil || r.Missing != nil {
		t.Errorf("rollOf with every round paired = %+v, want no round to call", r)
	}
}

func TestValidClaim(t *testing.T) {
	tests := []struct {
		c   arbiter.Claim
		msg string
	}{
		{arbiter.Claim{Kind: arbiter.ClaimCheckmate}, ""},
		{arbiter.Claim{Kind: arbiter.ClaimFlag, Flag: arbiter.BothFlags}, ""},
		{arbiter.Claim{Kind: "resigned"}, `unknown claim "resigned": pick one of checkmate, stalemate, flag, illegal, threefold, fifty, agreement`},
		{arbiter.Claim{Kind: arbiter.ClaimFlag}, "say whose flag fell: White's, Black's or both"},
		{arbiter.Claim{Kind: arbiter.ClaimFifty, Flag: arbiter.White}, "whose flag fell goes only with a flag-fall claim"},
		{arbiter.Claim{Kind: arbiter.ClaimIllegal, Moves: strings.Repeat("e4 ", 7000)}, "the moves are too long: 21000 characters, at most 20000"},
		{arbiter.Claim{Kind: arbiter.ClaimStalemate, FEN: strings.Repeat("8/", 60)}, "the position is too long: 120 characters, at most 100 for a FEN"},
	}
	for _, tc := range tests {
		err := validClaim(tc.c)
		if tc.msg == "" && err != nil || tc.msg != "" && (err == nil || err.Error() != tc.msg || !errors.Is(err, ErrInvalid)) {
			t.Errorf("validClaim(%s) = %v, want %q", tc.c.Kind, err, tc.msg)
		}
	}
	disputed := &arbiter.WebReport{Status: arbiter.Disputed}
	if err := claimBoard(arbiter.BoardCode{Board: 2, Report: disputed}); err != nil {
		t.Errorf("a claim on a disputed board: %v", err)
	}
	for _, rep := range []*arbiter.WebReport{nil, {Status: arbiter.Reported}} {
		if err := claimBoard(arbiter.BoardCode{Board: 2, Report: rep}); !errors.Is(err, ErrConflict) || err.Error() != "board 2 has no disputed result: a claim goes with a dispute" {
			t.Errorf("a claim on board %+v: %v", rep, err)
		}
	}
}

func TestReturnRule(t *testing.T) {
	seven := arbiter.Tournament{Rounds: 7}
	half := arbiter.Tournament{Rounds: 7, AbsentValue: arbiter.Half}
	gone := arbiter.Entry{Player: arbiter.Player{Name: "Rossi"}, Status: arbiter.Withdrawn, WithdrawnFrom: 2}
	in := arbiter.Entry{Player: arbiter.Player{Name: "Rossi"}}
	tests := []struct {
		name     string
		t        arbiter.Tournament
		e        arbiter.Entry
		paired   int
		from     int
		wantFrom int
		wantKind arbiter.ByeKind
		kind     error
		msg      string
	}{
		{"next round", seven, gone, 3, 0, 4, arbiter.ZeroBye, nil, ""},
		{"a later round", seven, gone, 3, 6, 6, arbiter.ZeroBye, nil, ""},
		{"the last round", seven, gone, 3, 7, 7, arbiter.ZeroBye, nil, ""},
		{"half a point for an absence", half, gone, 3, 0, 4, arbiter.HalfBye, nil, ""},
		{"before round 1", seven, gone, 0, 0, 1, arbiter.ZeroBye, nil, ""},
		{"still in", seven, in, 3, 0, 0, 0, ErrConflict, "Rossi has not withdrawn: there is nothing to return from"},
		{"a round paired", seven, gone, 3, 3, 0, 0, ErrConflict, "round 3 is already paired: Rossi can return from round 4"},
		{"past the end", seven, gone, 3, 8, 0, 0, ErrInvalid, "the tournament has 7 rounds: Rossi cannot return from round 8"},
		{"every round paired", seven, gone, 7, 0, 0, 0, ErrInvalid, "the tournament has 7 rounds: Rossi cannot return from round 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			from, kind, err := returnRule(tc.t, tc.e, tc.paired, tc.from)
			if tc.kind == nil {
				if err != nil || from != tc.wantFrom || kind != tc.wantKind {
					t.Errorf("returnRule = %d, %s, %v; want %d, %s", from, kind, err, tc.wantFrom, tc.wantKind)
				}
				return
			}
			if !errors.Is(err, tc.kind) || err.Error() != tc.msg {
				t.Errorf("returnRule = %d, %s, %v; want %v %q", from, kind, err, tc.kind, tc.msg)
			}
		})
	}
}

func TestRemoveRule(t *testing.T) {
	e := arbiter.Entry{Player: arbiter.Player{Name: "Rossi"}}
	tests := []struct {
		boards, byes int
		msg          string
	}{
		{0, 0, ""},
		{1, 0, "Rossi is in the rounds paired of this tournament (1 board, 0 byes), which stay as they are"},
		{0, 1, "Rossi is in the rounds paired of this tournament (0 boards, 1 bye), which stay as they are"},
		{3, 2, "Rossi is in the rounds paired of this tournament (3 boards, 2 byes), which stay as they are"},
	}
	for _, tc := range tests {
		err := removeRule(e, tc.boards, tc.byes)
		if tc.msg == "" && err != nil || tc.msg != "" && (err == nil || err.Error() != tc.msg || !errors.Is(err, ErrPlayed) || !errors.Is(err, ErrConflict)) {
			t.Errorf("removeRule(%d boards, %d byes) = %v, want %q", tc.boards, tc.byes, err, tc.msg)
		}
	}
}

func TestOnlyOpenRound(t *testing.T) {
	round1 := arbiter.Round{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 3}, {Number: 2, White: 4, Black: 2}},
		Byes: []arbiter.Bye{{PN: 5, Kind: arbiter.PAB}, {PN: 6, Kind: arbiter.ZeroBye}, {PN: 7, Kind: arbiter.HalfBye}}}
	played := round1
	played.Boards = []arbiter.Board{{Number: 1, White: 1, Black: 3, Result: arbiter.Draw}, {Number: 2, White: 4, Black: 2}}
	round2 := arbiter.Round{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 8, Black: 1}}}
	tests := []struct {
		name   string
		rounds []arbiter.Round
		pn     int
		want   int
	}{
		{"no round paired", nil, 1, 0},
		{"a board of the open round", []arbiter.Round{round1}, 1, 1},
		{"the pairing-allocated bye", []arbiter.Round{round1}, 5, 1},
		{"a half-point bye asked for", []arbiter.Round{round1}, 7, 1},
		{"an absence is no part", []arbiter.Round{round1}, 6, 0},
		{"not in any round", []arbiter.Round{round1}, 8, 0},
		{"a round with a result", []arbiter.Round{played}, 2, 0},
		{"an earlier round played", []arbiter.Round{round1, round2}, 1, 0},
		{"only the last round", []arbiter.Round{round1, round2}, 8, 2},
	}
	for _, tc := range tests {
		if got := OnlyOpenRound(&Snapshot{Rounds: tc.rounds}, tc.pn); got != tc.want {
			t.Errorf("%s: OnlyOpenRound(%d) = %d, want %d", tc.name, tc.pn, got, tc.want)
		}
	}
}

func TestRosterRule(t *testing.T) {
	p := arbiter.Player{Name: "Rossi"}
	if err := rosterRule(p, store.Entered{}); err != nil {
		t.Errorf("rosterRule of a player entered nowhere = %v", err)
	}
	err := rosterRule(p, store.Entered{Tournament: "Autumn Open", PN: 4})
	if !errors.Is(err, ErrConflict) || err.Error() != "Rossi is entered in Autumn Open as player 4: a player entered in a tournament stays in the roster" {
		t.Errorf("rosterRule of a player entered = %v", err)
	}
}

func TestSignInRule(t *testing.T) {
	tests := []struct {
		pin, own string
		ok       bool
	}{
		{"4821", "4821", true},
		{"4822", "4821", false},
		{"482", "4821", false},
		{"", "4821", false},
		{"", "", false},
		{"4821", "", false},
	}
	for _, tc := range tests {
		err := signInRule(3, tc.pin, tc.own)
		if tc.ok && err != nil || !tc.ok && (!errors.Is(err, ErrWrongPIN) ||
			err.Error() != "wrong PIN for player 3: type the PIN on your own card, or the one you were given when you entered") {
			t.Errorf("signInRule(%q, own %q) = %v, want ok %v", tc.pin, tc.own, err, tc.ok)
		}
	}
}

// TestReportStepMatch: the board of a Double-Swiss tournament (C.04.5)
// is reported and confirmed as a match, both games at once; the opponent
// confirms only the same two games, and the proofs are those of a game.
func TestReportStepMatch(t *testing.T) {
	won := arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}     // 1½-½ for the board's White
	swapped := arbiter.Match{First: arbiter.Draw, Second: arbiter.BlackWins} // 1½-½ too, the other game won
	reported := &arbiter.WebReport{ID: 7, Seat: arbiter.White, Result: won.First, Second: won.Second, Status: arbiter.Reported}
	disputed := &arbiter.WebReport{ID: 7, Seat: arbiter.White, Result: won.First, Second: won.Second, Status: arbiter.Disputed,
		Other: arbiter.Draw, OtherSecond: arbiter.Draw}
	open := arbiter.BoardCode{Board: 3, Double: true}
	withReport := arbiter.BoardCode{Board: 3, Double: true, Report: reported}
	tests := []struct {
		name    string
		c       arbiter.BoardCode
		seat    arbiter.Colour
		m       arbiter.Match
		confirm bool
		want    string
		kind    error
		msg     string
	}{
		{"one game on a match", open, arbiter.NoColour, arbiter.Match{First: arbiter.WhiteWins}, false, "", ErrInvalid,
			"board 3 is a Double-Swiss match: give the result of both games, or the match score"},
		{"a match on one game", arbiter.BoardCode{Board: 3}, arbiter.NoColour, won, false, "", ErrInvalid, "board 3 is one game, not a match: give its result"},
		{"a game forfeited", open, arbiter.NoColour, arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.BlackForfeit}, false, "", ErrInvalid,
			`result "-+" cannot be reported from the board: give 1-0, 1/2 or 0-1; forfeits are for the organizer`},
		{"a rare result", open, arbiter.NoColour, arbiter.Match{First: arbiter.HalfZero, Second: arbiter.Draw}, false, "", ErrInvalid,
			`result "1/2-0" cannot be reported from the board: give 1-0, 1/2 or 0-1; forfeits are for the organizer`},
		{"entered", arbiter.BoardCode{Board: 3, Double: true, Result: arbiter.WhiteWins, Second: arbiter.Draw}, arbiter.NoColour, won, false, "", ErrConflict,
			"board 3 already has 1-0 1/2-1/2: ask the organizer for a correction"},
		{"nothing to confirm", open, arbiter.NoColour, won, true, "", ErrConflict, "nobody has reported a result on board 3 yet: report it"},
		{"disputed", arbiter.BoardCode{Board: 3, Double: true, Report: disputed}, arbiter.NoColour, won, true, "", ErrConflict,
			"the players of board 3 gave different results: the organizer decides"},
		{"open board", open, arbiter.NoColour, won, false, "", nil, ""},
		{"first report", open, arbiter.Black, won, false, arbiter.Reported, nil, ""},
		{"own report replaced", withReport, arbiter.White, swapped, false, arbiter.Reported, nil, ""},
		{"opponent's same match", withReport, arbiter.Black, won, false, arbiter.Confirmed, nil, ""},
		{"opponent confirms", withReport, arbiter.Black, won, true, arbiter.Confirmed, nil, ""},
		{"opponent's other game won", withReport, arbiter.Black, swapped, true, arbiter.Disputed, nil, ""},
		{"opponent's two draws", withReport, arbiter.Black, arbiter.Match{First: arbiter.Draw, Second: arbiter.Draw}, true, arbiter.Disputed, nil, ""},
		{"reporter confirms", withReport, arbiter.White, won, true, "", ErrWrongSeat, "White reported 1-0 1/2-1/2: Black confirms it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := reportStep(tc.c, tc.seat, tc.m, tc.confirm)
			if got != tc.want || !errors.Is(err, tc.kind) || tc.kind == nil && err != nil || err != nil && err.Error() != tc.msg {
				t.Errorf("reportStep = %q, %v; want %q, %v %q", got, err, tc.want, tc.kind, tc.msg)
			}
		})
	}
}
