package arbiter

import "testing"

// TestMatchScores plays every match result the C.04.5 Preface lists, the
// usual ones (2-0, 1½-½, 1-1, ½-1½, 0-2) and those a game ending ½-0, 0-½
// or 0-0 makes possible, as the two games that give it.
func TestMatchScores(t *testing.T) {
	tests := []struct {
		games string // game 1 then game 2, each in its own colours
		score string // from game 1's White
	}{
		{"1-0 0-1", "2-0"},
		{"1-0 1/2-1/2", "1½-½"},
		{"1/2-1/2 0-1", "1½-½"},
		{"1/2-1/2 1/2-1/2", "1-1"},
		{"1-0 1-0", "1-1"},
		{"0-1 0-1", "1-1"},
		{"0-1 1/2-1/2", "½-1½"},
		{"0-1 1-0", "0-2"},
		// The rare results of the Preface.
		{"1-0 0-1/2", "1½-0"},
		{"1-0 0-0p", "1-0"},
		{"1/2-0 0-1/2", "1-0"},
		{"1-0 1/2-0", "1-½"},
		{"1/2-0 1/2-1/2", "1-½"},
		{"1/2-1/2 1/2-0", "½-1"},
		{"0-1/2 0-1", "1-½"},
		{"0-1 1/2-0", "0-1½"},
		{"1/2-0 0-0p", "½-0"},
		{"0-0p 0-1/2", "½-0"},
		{"1/2-0 1/2-0", "½-½"},
		{"0-1/2 0-1/2", "½-½"},
		{"0-0p 1-0", "0-1"},
		{"0-1/2 0-0p", "0-½"},
		{"0-0p 0-0p", "0-0"},
	}
	for _, tt := range tests {
		m, err := ParseMatch(tt.games)
		if err != nil {
			t.Errorf("ParseMatch(%q): %v", tt.games, err)
			continue
		}
		if got := m.Score(); got != tt.score {
			t.Errorf("ParseMatch(%q).Score() = %q, want %q", tt.games, got, tt.score)
		}
		if got := m.Points(White) + m.Points(Black); got > 2*One {
			t.Errorf("ParseMatch(%q) gives %v points in all, more than two games hold", tt.games, got)
		}
		if !m.Played() || m.Forfeit() || !m.GamePlayed() || !m.Complete() {
			t.Errorf("ParseMatch(%q): played %v, forfeit %v, a game played %v, complete %v; want a complete match played over the board", tt.games, m.Played(), m.Forfeit(), m.GamePlayed(), m.Complete())
		}
		back, err := ParseMatch(m.String())
		if err != nil || back != m {
			t.Errorf("ParseMatch(%q) = %v, %v; want %v", m.String(), back, err, m)
		}
	}
}

// TestMatchForfeits follows the Preface: a match ends by forfeit only if
// at least one player forfeits both games; any other match counts as
// played, a single forfeited game included, and gives the players a colour
// only if a game was played over the board (1.6).
func TestMatchForfeits(t *testing.T) {
	tests := []struct {
		name       string
		games      string
		white      Score // game 1's White
		black      Score
		forfeit    bool
		wonByWhite bool // White won the match by forfeit (C2)
		wonByBlack bool
		gamePlayed bool
	}{
		{"Black absent for the match", "+- -+", 2 * One, Zero, true, true, false, false},
		{"White absent for the match", "-+ +-", Zero, 2 * One, true, false, true, false},
		{"nobody came", "-- --", Zero, Zero, true, false, false, false},
		{"Black forfeits game 1 and plays game 2", "+- 1-0", One, One, false, false, false, true},
		{"White forfeits game 2 only, having won game 1", "1-0 1-0", One, One, false, false, false, true},
		{"a single forfeit counts as played", "1/2-1/2 -+", One + Half, Half, false, false, false, true},
		{"each forfeits one game: played, no colour", "+- +-", One, One, false, false, false, false},
		{"Black forfeits both, White one: a forfeit", "+- --", One, Zero, true, true, false, false},
		{"both forfeit game 1, White forfeits game 2 too: a forfeit", "-- +-", Zero, One, true, false, true, false},
	}
	for _, tt := range tests {
		m, err := ParseMatch(tt.games)
		if err != nil {
			t.Fatalf("%s: ParseMatch(%q): %v", tt.name, tt.games, err)
		}
		if got := m.Points(White); got != tt.white {
			t.Errorf("%s: White scores %v, want %v", tt.name, got, tt.white)
		}
		if got := m.Points(Black); got != tt.black {
			t.Errorf("%s: Black scores %v, want %v", tt.name, got, tt.black)
		}
		if got := m.Forfeit(); got != tt.forfeit {
			t.Errorf("%s: Forfeit() = %v, want %v", tt.name, got, tt.forfeit)
		}
		if got := m.Played(); got == tt.forfeit {
			t.Errorf("%s: Played() = %v, want %v", tt.name, got, !tt.forfeit)
		}
		if got := m.WonByForfeit(White); got != tt.wonByWhite {
			t.Errorf("%s: WonByForfeit(White) = %v, want %v", tt.name, got, tt.wonByWhite)
		}
		if got := m.WonByForfeit(Black); got != tt.wonByBlack {
			t.Errorf("%s: WonByForfeit(Black) = %v, want %v", tt.name, got, tt.wonByBlack)
		}
		if got := m.GamePlayed(); got != tt.gamePlayed {
			t.Errorf("%s: GamePlayed() = %v, want %v", tt.name, got, tt.gamePlayed)
		}
	}
}

func TestParseGame(t *testing.T) {
	tests := []struct {
		in   string
		want Result
		err  bool
	}{
		{"1-0", WhiteWins, false}, {"½-½", Draw, false}, {"-+", BlackForfeit, false},
		{"1/2-0", HalfZero, false}, {"½-0", HalfZero, false}, {"0-½", ZeroHalf, false},
		{"0-0p", ZeroZero, false}, {"0-0", DoubleForfeit, false},
		{"2-0", NoResult, true}, {"1½-½", NoResult, true},
	}
	for _, tt := range tests {
		got, err := ParseGame(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseGame(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	for r := NoResult; r <= ZeroZero; r++ {
		if back, err := ParseGame(r.String()); err != nil || back != r {
			t.Errorf("ParseGame(%q) = %v, %v; want %v", r.String(), back, err, r)
		}
		if r.Reverse().Reverse() != r || r.Points(White) != r.Reverse().Points(Black) {
			t.Errorf("%v reversed is %v, which does not swap the points", r, r.Reverse())
		}
	}
	// A Swiss game has no use for the Double-Swiss results.
	for _, s := range []string{"1/2-0", "0-1/2", "0-0p"} {
		if r, err := ParseResult(s); err == nil {
			t.Errorf("ParseResult(%q) = %v, want an error", s, r)
		}
	}
}

func TestParseMatchRefuses(t *testing.T) {
	for _, s := range []string{"", "1-0", "1½-½", "2-0", "1-0 1-0 1-0", "1-0 y"} {
		if m, err := ParseMatch(s); err == nil {
			t.Errorf("ParseMatch(%q) = %v, want an error", s, m)
		}
	}
}

// FuzzParseMatch: whatever ParseMatch accepts writes back to the same
// match.
func FuzzParseMatch(f *testing.F) {
	for _, s := range []string{"1-0 ½-½", "+- -+", "1/2-0 0-0p", "0-1,1-0", "1-0/0-1", "-- --", "x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMatch(s)
		if err != nil {
			return
		}
		back, err := ParseMatch(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMatch(%q) = %v; its String %q reads as %v, %v", s, m, m.String(), back, err)
		}
		if p := m.Points(White) + m.Points(Black); p > 2*One || p < 0 {
			t.Fatalf("ParseMatch(%q) scores %v in all", s, p)
		}
	})
}
