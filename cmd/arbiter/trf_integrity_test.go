package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
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

// TestIntegrityComments words each kind of pairing-integrity event
// (desk.Audits decides which events are) as a ### line.
func TestIntegrityComments(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 12, 20, 0, 0, 0, time.UTC)
	// A warning stored as a phrase is written in English, as the
	// file's other lines; one stored in English before is kept.
	rematch := pairing.Warning{Article: "C.04.1 art. 2",
		Text: phrase.New("pair.warn.rematch", "Board", 1, "White", "1 A", "Black", "2 B", "Round", 1)}
	events := []store.Event{
		{At: at, Who: "ca", Action: store.ActRoundPair, Subject: "round 1 (dutch-2025)", New: "1-2", Round: 1, Method: "dutch-2025"},
		{At: at, Who: "ca", Action: store.ActRoundPair, Subject: "round 2 (manual)", New: "2-1", Round: 2, Method: "manual"},
		{At: at, Who: "ca", Action: store.ActRoundPair, Subject: "round 2 (manual): kept despite a warning", New: "rematch 1-2", Round: 2, Method: "manual", Kept: true},
		{At: at, Who: "ca", Action: store.ActRoundPair, Subject: "round 2 (manual): kept despite a warning", New: rematch.Phrase().Stored(), Round: 2, Method: "manual", Kept: true},
		{At: at, Who: "ca", Action: store.ActRoundUnpair, Subject: "round 2", Old: "2-1", Round: 2},
		{At: at, Action: store.ActRoundUnknown, Subject: "round 2 paired with results not known", New: "round 1, board 1", Round: 2},
		{At: at, Who: "ca", Action: store.ActRoundPair, Subject: "round 2 (dutch-2025)", New: "1-2", Round: 2, Method: "dutch-2025"},
		{At: at, Who: "ca", Action: store.ActCorrect, Subject: "round 1 board 1", Old: "1-0", New: "½-½", Round: 1, Board: 1},
	}
	got := integrityComments(events, 2)
	want := []string{
		" round 2 paired by hand (2026-05-12 20:00 by ca)",
		" round 2 paired despite a warning: rematch 1-2 (2026-05-12 20:00 by ca)",
		" round 2 paired despite a warning: rematch on board 1: 1 A and 2 B already played each other in round 1 (C.04.1 art. 2) (2026-05-12 20:00 by ca)",
		" round 2 pairing withdrawn after publication: 2-1 (2026-05-12 20:00 by ca)",
		" round 2 paired with results not known: round 1, board 1 (2026-05-12 20:00)",
		" result corrected after round 2 was paired: round 1 board 1: 1-0 -> ½-½ (2026-05-12 20:00 by ca)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
