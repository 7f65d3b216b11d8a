package desk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

func TestParseLateUntil(t *testing.T) {
	rome := time.FixedZone("CET", 3600)
	now := time.Date(2026, 11, 25, 19, 30, 0, 0, rome)
	tests := []struct {
		in   string
		want time.Time // zero: none
		err  string
	}{
		{"21:15", time.Date(2026, 11, 25, 21, 15, 0, 0, rome), ""},
		{"19:00", time.Date(2026, 11, 25, 19, 0, 0, 0, rome), ""}, // already past: closed at once
		{"02:00", time.Date(2026, 11, 26, 2, 0, 0, 0, rome), ""},  // the coming night
		{" 9:05 ", time.Date(2026, 11, 26, 9, 5, 0, 0, rome), ""}, // ten hours ago: tomorrow morning
		{"2026-11-26 00:30", time.Date(2026, 11, 26, 0, 30, 0, 0, rome), ""},
		{"2026-11-26T00:30", time.Date(2026, 11, 26, 0, 30, 0, 0, rome), ""},
		{"2026-11-25T21:15:00Z", time.Date(2026, 11, 25, 21, 15, 0, 0, time.UTC), ""},
		{"off", time.Time{}, ""},
		{"", time.Time{}, ""},
		{"25:00", time.Time{}, `cut-off "25:00" is not a time`},
		{"tonight", time.Time{}, `cut-off "tonight" is not a time`},
	}
	// A time of day given again after midnight (a server restarted with
	// the same command line) is last evening's, and stays closed.
	for _, at := range []time.Time{
		time.Date(2026, 11, 26, 0, 30, 0, 0, rome),
		time.Date(2026, 11, 26, 3, 0, 0, 0, rome),
	} {
		if got, err := ParseLateUntil("21:15", at); err != nil || !got.Equal(time.Date(2026, 11, 25, 21, 15, 0, 0, rome)) {
			t.Errorf("ParseLateUntil(21:15) at %s = %v, %v; want last evening's", at.Format("15:04"), got, err)
		}
	}
	// In the morning, this evening's.
	if got, _ := ParseLateUntil("21:15", time.Date(2026, 11, 25, 9, 0, 0, 0, rome)); !got.Equal(time.Date(2026, 11, 25, 21, 15, 0, 0, rome)) {
		t.Errorf("ParseLateUntil(21:15) at 09:00 = %v, want this evening's", got)
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseLateUntil(tc.in, now)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
					t.Fatalf("ParseLateUntil(%q) = %v, %v; want error %q", tc.in, got, err, tc.err)
				}
				return
			}
			if err != nil || !got.Equal(tc.want) {
				t.Fatalf("ParseLateUntil(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

// lateDesk is a tournament of four with round 1 paired and the club
// player "Rossi, Niccolò" in the roster, not entered.
func lateDesk(t *testing.T) (context.Context, *Desk, arbiter.Tournament, *Evening) {
	t.Helper()
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tr := mustTournament(t, ctx, d, 4)
	if _, err := d.ImportRoster(ctx, "club.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Rossi, Niccolò", Rating: 1700, Club: "Labyrinth"}}}, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	mustPair(t, ctx, d)
	return ctx, d, tr, d.Evening(tr.ID, 10*time.Minute)
}

func TestLateWindow(t *testing.T) {
	ctx, d, tr, ev := lateDesk(t)
	cut := time.Date(2026, 5, 12, 21, 15, 0, 0, time.UTC)
	check := func(now time.Time, open bool, why string) {
		t.Helper()
		w, err := ev.LateWindow(ctx, now)
		if err != nil {
			t.Fatal(err)
		}
		if w.Open != open || w.Why != why {
			t.Errorf("at %s: window %+v, want open %v why %q", now.Format("15:04"), w, open, why)
		}
	}
	// Without a cut-off the phone takes no entries: the organizer opts in.
	check(cut.Add(-time.Hour), false, arbiter.LateOff)
	if err := d.SetLateUntil(ctx, tr.ID, cut); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		now  time.Time
		open bool
		why  string
	}{
		{cut.Add(-time.Minute), true, ""},
		{cut, false, arbiter.LatePast},
		{cut.Add(time.Hour), false, arbiter.LatePast},
	}
	for _, tc := range tests {
		check(tc.now, tc.open, tc.why)
	}
	// Registration closed by the organizer closes the phone too.
	tt, err := d.db.Tournament(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	tt.Closed = true
	if err := d.UpdateTournament(ctx, tt); err != nil {
		t.Fatal(err)
	}
	check(cut.Add(-time.Minute), false, arbiter.LateClosed)
	// Every round paired: no one can enter (the round 1 of one round).
	tt.Closed, tt.Rounds = false, 1
	if err := d.UpdateTournament(ctx, tt); err != nil {
		t.Fatal(err)
	}
	check(cut.Add(-time.Minute), false, arbiter.LateFull)
}

func TestLateRequestAccept(t *testing.T) {
	ctx, d, tr, ev := lateDesk(t)
	cut := time.Date(2026, 5, 12, 21, 15, 0, 0, time.UTC)
	before := cut.Add(-10 * time.Minute)
	if err := d.SetLateUntil(ctx, tr.ID, cut); err != nil {
		t.Fatal(err)
	}
	roster := func() int {
		t.Helper()
		r, err := d.Roster(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return len(r)
	}
	token := func(i int) string { return fmt.Sprintf("%024d", i) }

	// The roster matching of player add: accents, case and order ignored.
	for _, typed := range []string{"niccolo rossi", "NICCOLÒ ROSSI", "Rossi, Niccolo", "Nicolò Rossi"} {
		m, err := ev.LateMatches(ctx, typed)
		if err != nil || len(m) != 1 || m[0].Name != "Rossi, Niccolò" {
			t.Errorf("LateMatches(%q) = %v, %v; want Rossi, Niccolò", typed, m, err)
		}
	}
	if m, err := ev.LateMatches(ctx, "Petrova, Olga"); err != nil || len(m) != 0 {
		t.Errorf("LateMatches(Petrova) = %v, %v; want none", m, err)
	}
	club, err := ev.LateMatches(ctx, "niccolo rossi")
	if err != nil {
		t.Fatal(err)
	}

	n := roster()
	req, err := ev.RequestLate(ctx, arbiter.LateRequest{Token: token(1), Name: "niccolo rossi", PlayerID: club[0].ID, IP: "10.0.0.5", Device: "Phone"}, before)
	if err != nil {
		t.Fatal(err)
	}
	if req.Status != arbiter.LatePending || req.Roster != "Rossi, Niccolò" {
		t.Fatalf("request = %+v", req)
	}
	q, err := ev.LateQueue(ctx)
	if err != nil || len(q) != 1 {
		t.Fatalf("queue = %v, %v", q, err)
	}
	got, err := ev.AcceptLate(WithActor(ctx, "organizer"), req.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != arbiter.LateAccepted || got.PN != 5 || len(got.PIN) != 4 || got.PlayerID != club[0].ID || got.Joined != 2 {
		t.Fatalf("accepted = %+v, want player 5 with a PIN", got)
	}
	if roster() != n {
		t.Errorf("roster went from %d to %d players: the club player was copied", n, roster())
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if e := s.Entry(5); e == nil || e.JoinedRound != 2 || e.Player.ID != club[0].ID {
		t.Fatalf("entry 5 = %+v, want the club player joining in round 2", e)
	}
	if _, err := ev.SignIn(ctx, 5, got.PIN); err != nil {
		t.Errorf("the PIN shown does not sign in as player 5: %v", err)
	}
	if _, err := ev.AcceptLate(WithActor(ctx, "organizer"), req.ID); err == nil || !errors.Is(err, ErrConflict) {
		t.Errorf("accepting twice: %v, want a conflict", err)
	}
	// Undo takes the entry and the acceptance back: the request waits again.
	if _, err := d.Undo(ctx, "", 0, true); err != nil {
		t.Fatal(err)
	}
	if got, err = ev.LateRequest(ctx, req.Token); err != nil || got.Status != arbiter.LatePending || got.PN != 0 {
		t.Fatalf("after undo: %+v, %v; want pending", got, err)
	}
	if s, _ = d.Snapshot(ctx, ""); len(s.Entries) != 4 {
		t.Errorf("after undo %d entries, want 4", len(s.Entries))
	}

	// Someone new: entered as a new club player, refused on request.
	olga, err := ev.RequestLate(ctx, arbiter.LateRequest{Token: token(2), Name: "Petrova, Olga", Rating: 1500, IP: "10.0.0.6", Device: "Phone"}, before)
	if err != nil {
		t.Fatal(err)
	}
	if got, err = ev.RefuseLate(WithActor(ctx, "organizer"), olga.ID); err != nil || got.Status != arbiter.LateRefused {
		t.Fatalf("refuse = %+v, %v", got, err)
	}
	if _, err := ev.AcceptLate(WithActor(ctx, "organizer"), olga.ID); !errors.Is(err, ErrConflict) {
		t.Errorf("accepting a refused request: %v, want a conflict", err)
	}
}

func TestLateRequestRefusals(t *testing.T) {
	ctx, d, tr, ev := lateDesk(t)
	cut := time.Date(2026, 5, 12, 21, 15, 0, 0, time.UTC)
	if err := d.SetLateUntil(ctx, tr.ID, cut); err != nil {
		t.Fatal(err)
	}
	before, after := cut.Add(-time.Minute), cut.Add(time.Minute)
	rossi, err := ev.LateMatches(ctx, "Rossi, Mario")
	if err != nil || len(rossi) != 1 {
		t.Fatal(rossi, err)
	}
	tests := []struct {
		name string
		req  arbiter.LateRequest
		at   time.Time
		kind error
		want string
	}{
		{"after the cut-off", arbiter.LateRequest{Name: "Petrova, Olga"}, after, ErrLateClosed, "registration is closed"},
		{"markup", arbiter.LateRequest{Name: "<b>Olga</b>"}, before, ErrInvalid, `name: character 1 is '<' (U+003C)`},
		{"control", arbiter.LateRequest{Name: "Olga\x1b[2J"}, before, ErrInvalid, "ESC (U+001B), a control character"},
		{"bidi", arbiter.LateRequest{Name: "Olga\u202e"}, before, ErrInvalid, "a bidirectional formatting character"},
		{"markup in the club", arbiter.LateRequest{Name: "Petrova, Olga", Club: "a&b"}, before, ErrInvalid, `club: character 2 is '&'`},
		{"empty", arbiter.LateRequest{Name: "  "}, before, ErrInvalid, "type your name"},
		{"number", arbiter.LateRequest{Name: "12"}, before, ErrInvalid, "is a number"},
		{"rating", arbiter.LateRequest{Name: "Petrova, Olga", Rating: 4000}, before, ErrInvalid, "rating 4000 is out of range"},
		{"entered already", arbiter.LateRequest{Name: "Mario Rossi", PlayerID: rossi[0].ID}, before, ErrConflict, "already entered in Club as player 1"},
		{"new with a club player's name", arbiter.LateRequest{Name: "mario rossi", New: true}, before, ErrLikelyDuplicate, "Rossi, Mario is the name of a club player"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Token = fmt.Sprintf("%024d", i)
			_, err := ev.RequestLate(ctx, tc.req, tc.at)
			if err == nil || !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("RequestLate(%q) = %v; want %v %q", tc.req.Name, err, tc.kind, tc.want)
			}
		})
	}
	if q, _ := ev.LateQueue(ctx); len(q) != 0 {
		t.Errorf("refused requests queued: %v", q)
	}
	// An address may have MaxLatePerAddress requests waiting, whatever
	// browser it names; another address is not held back by it.
	for i := range MaxLatePerAddress + 1 {
		_, err := ev.RequestLate(ctx, arbiter.LateRequest{Token: fmt.Sprintf("dev%021d", i), Name: fmt.Sprintf("Nuovo, Giocatore %c", 'A'+i),
			IP: "10.0.0.9", Device: fmt.Sprintf("Phone %d", i)}, before)
		if i < MaxLatePerAddress && err != nil {
			t.Fatal(err)
		}
		if i == MaxLatePerAddress && (err == nil || !strings.Contains(err.Error(), "already waiting")) {
			t.Fatalf("request %d from one address: %v, want refused", i+1, err)
		}
	}
	if _, err := ev.RequestLate(ctx, arbiter.LateRequest{Token: fmt.Sprintf("oth%021d", 0), Name: "Altro, Giocatore", IP: "10.0.0.8", Device: "Phone 0"}, before); err != nil {
		t.Errorf("another address: %v", err)
	}
	// A club that writes "Surname, Name" gets a new name in that order.
	if err := d.SetOption(ctx, 0, OptNames, NamesSurnameFirst); err != nil {
		t.Fatal(err)
	}
	if _, err := ev.RequestLate(ctx, arbiter.LateRequest{Token: fmt.Sprintf("ord%021d", 0), Name: "Olga Petrova", IP: "10.0.0.7"}, before); err == nil || !strings.Contains(err.Error(), `type "Petrova, Olga"`) {
		t.Errorf("name order: %v", err)
	}
}
