package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// TestSeatProven: a report is the proven seat's, and what one player
// holds (their PIN, their phone signed in) never confirms their own
// report, whatever prove lets through; a refused proof changes nothing
// but the count of wrong PINs.
func TestSeatProven(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	c := codes[1] // 1 (White) - 3 (Black)
	o := arbiter.Origin{Who: "web", IP: "10.0.0.7"}
	whiteSession, err := db.SignIn(WithOrigin(ctx, o), tid, c.White, c.WhitePIN, time.Hour, limits, ownPIN)
	if err != nil {
		t.Fatal(err)
	}
	// Player 4 plays board 2.
	otherSession, err := db.SignIn(WithOrigin(ctx, o), tid, 4, codes[2].WhitePIN, time.Hour, limits, ownPIN)
	if err != nil {
		t.Fatal(err)
	}
	own := []struct {
		name string
		p    arbiter.Proof
	}{{"White's PIN", arbiter.Proof{PIN: c.WhitePIN}}, {"White's phone", arbiter.Proof{Session: whiteSession}}}
	for _, w := range own {
		t.Run(w.name, func(t *testing.T) {
			rep, err := db.Report(WithOrigin(ctx, o), c.Token, w.p, byPIN, steps, arbiter.BlackWins, nil, limits)
			if err != nil {
				t.Fatal(err)
			}
			// The report is White's, whatever White meant to say.
			if rep.Seat != arbiter.White {
				t.Errorf("report with %s: seat %v, want White", w.name, rep.Seat)
			}
			for _, again := range own {
				before := dumpExcept(t, db, "pin_failures")
				if _, err := db.Confirm(WithOrigin(ctx, o), c.Token, again.p, byPIN, steps, arbiter.BlackWins, nil, limits); !errors.Is(err, ErrWrongSeat) {
					t.Errorf("confirm with %s = %v, want ErrWrongSeat", again.name, err)
				}
				if dumpExcept(t, db, "pin_failures") != before {
					t.Errorf("the refused confirmation with %s changed the database", again.name)
				}
			}
			if _, err := db.Reject(WithActor(ctx, "organizer"), tid, rep.ID, stillOpen); err != nil {
				t.Fatal(err)
			}
		})
	}
	// Neither another board's player nor a guess proves anyone here.
	for _, tt := range []struct {
		name string
		p    arbiter.Proof
		want error
	}{
		{"another board's phone", arbiter.Proof{Session: otherSession}, ErrWrongSeat},
		{"another board's PIN", arbiter.Proof{PIN: codes[2].WhitePIN}, ErrWrongPIN},
		{"a session made up", arbiter.Proof{Session: "00112233445566778899aabbccddeeff0011223344556677"}, ErrNoProof},
		{"nothing", arbiter.Proof{}, ErrNoProof},
	} {
		if _, err := db.Report(WithOrigin(ctx, o), c.Token, tt.p, byPIN, steps, arbiter.BlackWins, nil, limits); !errors.Is(err, tt.want) {
			t.Errorf("report with %s = %v, want %v", tt.name, err, tt.want)
		}
	}
	s, _ := db.Snapshot(ctx, tid)
	if got := s.Rounds[0].Boards[0].Result; got != arbiter.NoResult {
		t.Errorf("board 1 = %v, want no result", got)
	}
}

// TestClaimSeatProven: a claim is the proven player's, whatever seat the
// request names.
func TestClaimSeatProven(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	c := codes[1]
	o := arbiter.Origin{Who: "web"}
	if _, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, steps, arbiter.WhiteWins, nil, limits); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Confirm(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.BlackPIN}, byPIN, steps, arbiter.Draw, nil, limits); err != nil {
		t.Fatal(err)
	}
	cl, err := db.AddClaim(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimAgreement}, limits, disputedOnly)
	if err != nil || cl.Seat != arbiter.White {
		t.Fatalf("White's PIN claiming as Black = %+v, %v; want White's claim", cl, err)
	}
	if _, err := db.AddClaim(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: "9999x"}, byPIN, arbiter.Claim{Kind: arbiter.ClaimAgreement}, limits, disputedOnly); !errors.Is(err, ErrWrongPIN) {
		t.Errorf("a claim with a wrong PIN = %v, want ErrWrongPIN", err)
	}
	cs, err := db.Claims(ctx, tid, cl.ReportID)
	if err != nil || len(cs) != 1 || cs[0].Seat != arbiter.White {
		t.Errorf("claims = %+v, %v; want White's one", cs, err)
	}
}

// TestPINBurst: 300 wrong PINs sent at once from one address to one
// board are counted one by one: only the limit's worth is compared, and
// the right PIN, sent once the limit bit, enters nothing.
func TestPINBurst(t *testing.T) {
	ctx := context.Background()
	db := mustOpenPath(t, filepath.Join(t.TempDir(), "club.db"))
	tid, codes := publishedRound(t, db)
	c := codes[1]
	o := arbiter.Origin{Who: "web", IP: "10.0.0.66"}
	wrong := func(i int) string {
		for k := i; ; k++ {
			if pin := fmt.Sprintf("%04d", k%10000); pin != c.WhitePIN && pin != c.BlackPIN {
				return pin
			}
		}
	}
	var mu sync.Mutex
	count := map[error]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 300 {
		wg.Go(func() {
			<-start
			_, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: wrong(i * 7)}, byPIN, steps, arbiter.WhiteWins, nil, limits)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, ErrWrongPIN):
				count[ErrWrongPIN]++
			case errors.Is(err, ErrLocked):
				count[ErrLocked]++
			default:
				t.Errorf("wrong PIN %d: %v", i, err)
			}
		})
	}
	close(start)
	wg.Wait()
	if count[ErrWrongPIN] != limits.Board || count[ErrLocked] != 300-limits.Board {
		t.Errorf("300 wrong PINs at once: %d compared, %d refused unread; want %d and %d",
			count[ErrWrongPIN], count[ErrLocked], limits.Board, 300-limits.Board)
	}
	if _, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, steps, arbiter.WhiteWins, nil, limits); !errors.Is(err, ErrLocked) {
		t.Errorf("the right PIN after the burst = %v, want ErrLocked", err)
	}
	if rs, _ := db.Reports(ctx, tid, 1); len(rs) != 0 {
		t.Errorf("the burst left reports %+v", rs)
	}
}

// TestPINLockSurvivesRestart: the wrong PINs are in the file: a server
// opened again keeps the lock, and lifts it when the window has passed,
// saying how long to wait meanwhile.
func TestPINLockSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	_, codes := publishedRound(t, db)
	db.Now = func() time.Time { return time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC) }
	c := codes[2]
	o := arbiter.Origin{Who: "web", IP: "10.0.0.66"}
	for range limits.Board {
		if _, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: "99999"}, byPIN, steps, arbiter.Draw, nil, limits); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("wrong PIN: %v", err)
		}
	}
	db.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 5, 12, 21, 3, 0, 0, time.UTC) // 3 minutes after the wrong PINs
	db.Now = func() time.Time { return now }
	_, err = db.Report(WithOrigin(ctx, arbiter.Origin{Who: "web", IP: "10.0.0.8"}), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, steps, arbiter.Draw, nil, limits)
	var le *LockedError
	if !errors.As(err, &le) || le.Minutes() != 7 {
		t.Fatalf("the right PIN after a restart = %v, want locked for 7 more minutes", err)
	}
	now = now.Add(8 * time.Minute)
	if rep, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, steps, arbiter.Draw, nil, limits); err != nil || rep.Seat != arbiter.White {
		t.Errorf("the right PIN once the window passed = %+v, %v", rep, err)
	}
}

// TestPINScopes: wrong PINs count per board, per address and per player
// (board 1 is played by players 1 and 3, board 2 by 4 and 2).
func TestPINScopes(t *testing.T) {
	ctx := context.Background()
	type try struct {
		board int // 0: signing in as player 2
		ip    string
	}
	many := func(n int, t try) []try {
		out := make([]try, n)
		for i := range out {
			out[i] = t
		}
		return out
	}
	byAddress := arbiter.PINLimits{Window: 10 * time.Minute, Board: 5, Address: 6, Player: 5}
	for _, tt := range []struct {
		name   string
		limits arbiter.PINLimits
		wrong  []try
		right  try
		locked bool
	}{
		{"a board, from other addresses", limits, many(5, try{1, "10.0.0.1"}), try{1, "10.0.0.2"}, true},
		{"four on a board", limits, many(4, try{1, "10.0.0.1"}), try{1, "10.0.0.1"}, false},
		{"a board, the other board open", limits, many(5, try{1, "10.0.0.1"}), try{2, "10.0.0.2"}, false},
		{"an address, on another board", byAddress, append(many(5, try{1, "10.0.0.1"}), try{2, "10.0.0.1"}), try{2, "10.0.0.1"}, true},
		{"an address, the others open", byAddress, append(many(5, try{1, "10.0.0.1"}), try{2, "10.0.0.1"}), try{2, "10.0.0.2"}, false},
		// Player 2 plays board 2: wrong PINs there and at sign-in add up.
		{"a player, board and sign-in", limits, append(many(3, try{2, "10.0.0.1"}), many(2, try{0, "10.0.0.3"})...), try{0, "10.0.0.4"}, true},
		{"another player", limits, many(5, try{0, "10.0.0.1"}), try{1, "10.0.0.2"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db := mustOpenDB(t)
			tid, codes := publishedRound(t, db)
			attempt := func(a try, right bool) error {
				o := arbiter.Origin{Who: "web", IP: a.ip}
				pin := "99999"
				if a.board == 0 {
					if right {
						pin = codes[2].BlackPIN
					}
					_, err := db.SignIn(WithOrigin(ctx, o), tid, 2, pin, time.Hour, tt.limits, ownPIN)
					return err
				}
				c := codes[a.board]
				if right {
					pin = c.WhitePIN
				}
				_, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: pin}, byPIN, steps, arbiter.Draw, nil, tt.limits)
				return err
			}
			for _, w := range tt.wrong {
				if err := attempt(w, false); !errors.Is(err, ErrWrongPIN) {
					t.Fatalf("wrong PIN on %v = %v", w, err)
				}
			}
			err := attempt(tt.right, true)
			if tt.locked != errors.Is(err, ErrLocked) || (!tt.locked && err != nil) {
				t.Errorf("the right PIN on %v = %v, want locked %v", tt.right, err, tt.locked)
			}
		})
	}
}

// TestSessions: a phone signed in acts for its player until it signs
// out or the session lapses, across a restart.
func TestSessions(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	tid, codes := publishedRound(t, db)
	o := arbiter.Origin{Who: "web", IP: "10.0.0.5", Device: "phone"}
	if _, err := db.SignIn(WithOrigin(ctx, o), tid, 1, codes[1].BlackPIN, time.Hour, limits, ownPIN); !errors.Is(err, ErrWrongPIN) {
		t.Errorf("signing in as 1 with 3's PIN = %v, want ErrWrongPIN", err)
	}
	secret, err := db.SignIn(WithOrigin(ctx, o), tid, 1, " "+codes[1].WhitePIN+" ", time.Hour, limits, ownPIN)
	if err != nil || len(secret) != 48 {
		t.Fatalf("SignIn = %q, %v", secret, err)
	}
	if pn, err := db.SessionPlayer(ctx, tid, secret); err != nil || pn != 1 {
		t.Errorf("SessionPlayer = %d, %v; want 1", pn, err)
	}
	if pn, _ := db.SessionPlayer(ctx, tid+1, secret); pn != 0 {
		t.Errorf("the session acts in another tournament as %d", pn)
	}
	// The file keeps a hash, not the secret.
	var kept int
	db.db.QueryRow(`SELECT count(*) FROM player_sessions WHERE secret = ?`, secret).Scan(&kept)
	if kept != 0 {
		t.Errorf("the session's secret is in the file as it is")
	}
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 5, 12, 21, 30, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	if pn, err := db.SessionPlayer(ctx, tid, secret); err != nil || pn != 1 {
		t.Errorf("SessionPlayer after a restart = %d, %v; want 1", pn, err)
	}
	now = now.Add(time.Hour)
	if pn, _ := db.SessionPlayer(ctx, tid, secret); pn != 0 {
		t.Errorf("a lapsed session acts as %d", pn)
	}
	now = time.Date(2026, 5, 12, 21, 30, 0, 0, time.UTC)
	if err := db.SignOut(ctx, secret); err != nil {
		t.Fatal(err)
	}
	if pn, _ := db.SessionPlayer(ctx, tid, secret); pn != 0 {
		t.Errorf("a session signed out acts as %d", pn)
	}
	// A player signed in on more phones than MaxSessions loses the
	// oldest.
	var phones []string
	for range MaxSessions + 1 {
		s, err := db.SignIn(WithOrigin(ctx, o), tid, 1, codes[1].WhitePIN, time.Hour, limits, ownPIN)
		if err != nil {
			t.Fatal(err)
		}
		phones = append(phones, s)
	}
	for i, s := range phones {
		if pn, _ := db.SessionPlayer(ctx, tid, s); (pn == 1) != (i > 0) {
			t.Errorf("session %d of %d acts as %d", i+1, len(phones), pn)
		}
	}
}

// byPIN is the Prove of the store's tests: the seat whose own PIN was
// typed, or the seat of the phone's player. The rules themselves are the
// desk's (desk.proveSeat); the store keeps the count of wrong PINs, the
// seat proven, and a report unconfirmed by its own seat.
func byPIN(c arbiter.BoardCode, pin string, session int) (arbiter.Colour, error) {
	switch {
	case pin != "" && pin == c.WhitePIN:
		return arbiter.White, nil
	case pin != "" && pin == c.BlackPIN:
		return arbiter.Black, nil
	case pin != "":
		return 0, &InputError{Kind: ErrWrongPIN, Msg: "wrong PIN"}
	case session == 0:
		return 0, &InputError{Kind: ErrNoProof, Msg: "no PIN"}
	case session == c.White:
		return arbiter.White, nil
	case session == c.Black:
		return arbiter.Black, nil
	}
	return 0, &InputError{Kind: ErrWrongSeat, Msg: "another board's player"}
}

// ownPIN is the SignInRule of the store's tests: the player's own PIN
// (desk.signInRule is the desk's).
func ownPIN(pn int, pin, own string) error {
	if own == "" || pin != own {
		return &InputError{Kind: ErrWrongPIN, Msg: "wrong PIN"}
	}
	return nil
}

// steps stands in for the desk's state machine of reports (desk's
// reportStep), so that the store's tests can write every transition: no
// forfeit from the board, no answer on a board with a result, a confirmation needs a report, a
// disputed board waits, a report is confirmed by the other seat.
func steps(c arbiter.BoardCode, seat arbiter.Colour, m arbiter.Match, confirm bool) (string, error) {
	rep, r := c.Report, m.First
	switch {
	case seat == arbiter.NoColour && r != arbiter.WhiteWins && r != arbiter.BlackWins && r != arbiter.Draw:
		return "", &InputError{Kind: ErrInvalid, Msg: "not from the board"}
	case seat == arbiter.NoColour && (c.Result != arbiter.NoResult || rep == nil && confirm || rep != nil && rep.Status == arbiter.Disputed):
		return "", &InputError{Kind: ErrConflict, Msg: "not now"}
	case seat == arbiter.NoColour:
		return "", nil
	case confirm && seat == rep.Seat:
		return "", &InputError{Kind: ErrWrongSeat, Msg: "the reporter"}
	case rep == nil, rep.Seat == seat:
		return arbiter.Reported, nil
	case m != rep.Match():
		return arbiter.Disputed, nil
	}
	return arbiter.Confirmed, nil
}

// stillOpen stands in for the desk's rule of the reports the organizer
// may decide: open ones.
func stillOpen(rep arbiter.WebReport) error {
	if !rep.Open() {
		return &InputError{Kind: ErrConflict, Msg: "closed"}
	}
	return nil
}

// disputedOnly stands in for the desk's rule of claims: a claim goes with
// a dispute.
func disputedOnly(c arbiter.BoardCode) error {
	if c.Report == nil || c.Report.Status != arbiter.Disputed {
		return &InputError{Kind: ErrConflict, Msg: "no dispute"}
	}
	return nil
}

// TestSignInRule: the rule is asked with the PIN typed, trimmed, and the
// player's own; its refusal of a wrong PIN is counted toward the lock-out,
// any other refusal is not, and a rule that lets a wrong PIN through
// signs no one in.
func TestSignInRule(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	o := arbiter.Origin{Who: "web", IP: "10.0.0.7"}
	tight := arbiter.PINLimits{Window: 10 * time.Minute, Board: 5, Address: 10, Player: 2}
	var asked [2]string
	other := errors.New("closed")
	for range 3 {
		_, err := db.SignIn(WithOrigin(ctx, o), tid, 1, " 12 ", time.Hour, tight, func(pn int, pin, own string) error {
			asked = [2]string{pin, own}
			return other
		})
		if !errors.Is(err, other) {
			t.Fatalf("SignIn refused by the rule = %v, want its refusal", err)
		}
	}
	if asked != [2]string{"12", codes[1].WhitePIN} {
		t.Errorf("the rule was asked with %q, want the PIN trimmed and player 1's own", asked)
	}
	let := func(int, string, string) error { return nil }
	if _, err := db.SignIn(WithOrigin(ctx, o), tid, 1, "0000x", time.Hour, tight, let); err == nil || errors.Is(err, ErrWrongPIN) {
		t.Errorf("a wrong PIN let through by the rule = %v, want the store's own refusal", err)
	}
	for range 2 {
		if _, err := db.SignIn(WithOrigin(ctx, o), tid, 1, "0000x", time.Hour, tight, ownPIN); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("a wrong PIN = %v, want ErrWrongPIN", err)
		}
	}
	if _, err := db.SignIn(WithOrigin(ctx, o), tid, 1, codes[1].WhitePIN, time.Hour, tight, ownPIN); !errors.Is(err, ErrLocked) {
		t.Errorf("the right PIN after two wrong ones counted = %v, want ErrLocked", err)
	}
}
