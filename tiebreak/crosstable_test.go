package tiebreak

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// crosstable builds a tournament's score table from a cross table written
// one player a line, "PN token token ...", a token per round:
//
//	+W9 =B13 -W2   won, drew, lost with White/Black against 9, 13, 2
//	?W7            game against 7 with no result yet
//	+F11 -F9       forfeit win, forfeit loss against 11, 9
//	+BYE           pairing-allocated bye
//	=BYE FBYE ZBYE half-point, full-point, zero-point requested bye
//	--             not paired (absent)
//
// The rounds go through scoring.Build, as the store does. Both sides of a
// game must agree.
func crosstable(tb testing.TB, text string) (arbiter.Tournament, *scoring.Table) {
	tb.Helper()
	rows := map[int][]string{}
	n, rounds := 0, -1
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		pn, err := strconv.Atoi(f[0])
		if err != nil {
			tb.Fatalf("crosstable line %q: %v", line, err)
		}
		rows[pn] = f[1:]
		n = max(n, pn)
		if rounds >= 0 && rounds != len(f)-1 {
			tb.Fatalf("crosstable: player %d has %d rounds, want %d", pn, len(f)-1, rounds)
		}
		rounds = len(f) - 1
	}
	if len(rows) != n {
		tb.Fatalf("crosstable: %d rows for players 1 to %d", len(rows), n)
	}
	tour := arbiter.NewTournament("test")
	// The hand figures of these tests follow the 2023 text unless a test
	// sets another edition; new tournaments default to 2026.
	tour.TiebreakEdition = Edition2023
	tour.Rounds = rounds
	entries := make([]arbiter.Entry, n)
	for i := range entries {
		entries[i] = arbiter.Entry{PN: i + 1, JoinedRound: 1}
	}
	var rds []arbiter.Round
	for r := range rounds {
		rd := arbiter.Round{Number: r + 1}
		for pn := 1; pn <= n; pn++ {
			tok := rows[pn][r]
			switch tok {
			case "--":
				continue
			case "+BYE":
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: pn, Kind: arbiter.PAB})
				continue
			case "=BYE":
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: pn, Kind: arbiter.HalfBye})
				continue
			case "FBYE":
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: pn, Kind: arbiter.FullBye})
				continue
			case "ZBYE":
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: pn, Kind: arbiter.ZeroBye})
				continue
			}
			res, side, opp, err := gameToken(tok)
			if err != nil {
				tb.Fatalf("crosstable: player %d round %d: %v", pn, r+1, err)
			}
			if opp < 1 || opp > n {
				tb.Fatalf("crosstable: player %d round %d: no player %d", pn, r+1, opp)
			}
			ores, oside, back, err := gameToken(rows[opp][r])
			if err != nil || back != pn || oside == side && side != 'F' || (side == 'F') != (oside == 'F') || !mirrors(res, ores, side) {
				tb.Fatalf("crosstable: round %d: %d has %s but %d has %s", r+1, pn, tok, opp, rows[opp][r])
			}
			if pn > opp {
				continue // the board was made from the other side
			}
			b := arbiter.Board{Number: len(rd.Boards) + 1, White: pn, Black: opp}
			if side == 'B' {
				b.White, b.Black = opp, pn
			}
			b.Result = boardResult(res, side == 'F', b.White == pn)
			if side == 'F' && res == '-' && ores == '-' {
				b.Result = arbiter.DoubleForfeit
			}
			rd.Boards = append(rd.Boards, b)
		}
		rds = append(rds, rd)
	}
	tab, err := scoring.Build(tour, entries, rds)
	if err != nil {
		tb.Fatal(err)
	}
	return tour, tab
}

// gameToken splits "+W9" into '+', 'W', 9.
func gameToken(tok string) (res, side byte, opp int, err error) {
	if len(tok) < 3 || !strings.ContainsRune("+=-?", rune(tok[0])) || !strings.ContainsRune("WBF", rune(tok[1])) {
		return 0, 0, 0, fmt.Errorf("bad token %q", tok)
	}
	opp, err = strconv.Atoi(tok[2:])
	return tok[0], tok[1], opp, err
}

// mirrors reports whether the two sides' result signs agree.
func mirrors(a, b, side byte) bool {
	switch a {
	case '+':
		return b == '-'
	case '-':
		return b == '+' || side == 'F' && b == '-' // double forfeit
	}
	return a == b // '=' or '?'
}

// boardResult returns the board result from the sign seen by the player
// listed first (White, or the lower number for forfeits).
func boardResult(res byte, forfeit, firstIsWhite bool) arbiter.Result {
	var r arbiter.Result
	switch {
	case res == '?':
		return arbiter.NoResult
	case res == '=':
		return arbiter.Draw
	case forfeit && res == '+':
		r = arbiter.WhiteForfeit
	case forfeit && res == '-':
		r = arbiter.BlackForfeit
	case res == '+':
		r = arbiter.WhiteWins
	default:
		r = arbiter.BlackWins
	}
	if !firstIsWhite {
		r = r.Reverse()
	}
	return r
}
