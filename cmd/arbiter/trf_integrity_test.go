package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/store"
)

// TestTRFIntegrityLines checks that a TRF-26 export carries the evening's
// pairing-integrity events as ### lines: the result of round 2 corrected
// once later rounds were paired. A TRF-16 export has no such lines.
func TestTRFIntegrityLines(t *testing.T) {
	t.Parallel()
	c := playEvening(t)
	out := string(c.exportTRF("--format", "trf26"))
	if !strings.Contains(out, "### result corrected after round ") || !strings.Contains(out, "round 2 board 1 (2 Bianchi, Anna - 4 Verdi, Ugo): 0-1 -> 1-0") {
		t.Errorf("trf26 export lacks the correction:\n%s", out)
	}
	if old := string(c.exportTRF("--format", "trf16")); strings.Contains(old, "###") {
		t.Errorf("trf16 export has ### lines:\n%s", old)
	}
}

// TestIntegrityComments checks which events become ### lines: a round
// paired by hand, a pairing withdrawn, and a correction only once a later
// round is paired; nothing beyond the rounds in the file.
func TestIntegrityComments(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 12, 20, 0, 0, 0, time.UTC)
	ev := func(action, subject, old, new string) store.Event {
		return store.Event{At: at, Who: "ca", Action: action, Subject: subject, Old: old, New: new}
	}
	events := []store.Event{
		ev(store.ActRoundPair, "round 1 (dutch-2025)", "", "1-2"),
		ev(store.ActCorrect, "round 1 board 1", "0-1", "1-0"), // round 2 not paired yet: no line
		ev(store.ActRoundPair, "round 2 (manual)", "", "2-1"),
		ev(store.ActRoundUnpair, "round 2", "2-1", ""),
		ev(store.ActRoundPair, "round 2 (dutch-2025)", "", "1-2"),
		ev(store.ActCorrect, "round 1 board 1", "1-0", "½-½"),
		ev(store.ActRoundPair, "round 3 (manual)", "", "1-2"), // beyond the file
	}
	got := integrityComments(events, 2)
	want := []string{
		" round 2 paired by hand (2026-05-12 20:00 by ca)",
		" round 2 pairing withdrawn after publication: 2-1 (2026-05-12 20:00 by ca)",
		" result corrected after round 2 was paired: round 1 board 1: 1-0 -> ½-½ (2026-05-12 20:00 by ca)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
