package reports

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// TestPINCards: each player still in gets a card of their own with their
// name, number and PIN, and nobody else's PIN; the cards go in
// alphabetical order, ten to a page, in the event's language.
func TestPINCards(t *testing.T) {
	ev := sampleEvent(t)
	ev.Cards = map[int]PINCard{}
	for _, e := range ev.Entries {
		ev.Cards[e.PN] = PINCard{PIN: fmt.Sprintf("%04d", 3100+e.PN*11), URL: fmt.Sprintf("http://192.168.43.10:8080/player/%d/me", e.PN)}
	}
	var b bytes.Buffer
	if err := WritePINCards(&b, ev); err != nil {
		t.Fatal(err)
	}
	text := pdfRaw(t, b.Bytes())
	// The text in the order drawn: card after card, each from the
	// tournament's name.
	cards := map[string]string{} // name: the card's text
	var order []string
	for _, c := range strings.Split(text, ev.Tournament.Name)[1:] {
		for _, e := range ev.Entries {
			if strings.Contains(c, e.Player.Name) {
				cards[e.Player.Name] = c
				order = append(order, e.Player.Name)
			}
		}
	}
	for _, e := range ev.Entries {
		c, ok := cards[e.Player.Name]
		if e.Status == arbiter.Withdrawn {
			if ok || strings.Contains(text, e.Player.Name) {
				t.Errorf("withdrawn %s has a card", e.Player.Name)
			}
			continue
		}
		if !ok {
			t.Errorf("no card for %s in:\n%s", e.Player.Name, text)
			continue
		}
		for _, o := range ev.Entries {
			if has := strings.Contains(c, ev.Cards[o.PN].PIN); has != (o.PN == e.PN) {
				t.Errorf("%s's card has player %d's PIN: %v, want %v\n%s", e.Player.Name, o.PN, has, o.PN == e.PN, c)
			}
		}
		if !strings.Contains(c, fmt.Sprintf("Player number %d", e.PN)) || !strings.Contains(c, "Yours alone") {
			t.Errorf("%s's card:\n%s", e.Player.Name, c)
		}
	}
	// Alphabetical, accents folded.
	if got, want := strings.Join(order, "|"), "Dvořák, Jiří|Ferrà, Nicolò|Müller, Jürgen|Ólafsdóttir, Sóley|Rossi, Mario|Wróbel, Łukasz"; got != want {
		t.Errorf("cards in order %s, want %s", got, want)
	}
	// Ten to a page.
	for _, e := range ev.Entries[:6] {
		for k := 0; k < 3; k++ {
			ev.Entries = append(ev.Entries, arbiter.Entry{PN: len(ev.Entries) + 1, JoinedRound: 4, Player: arbiter.Player{Name: fmt.Sprintf("%s %d", e.Player.Name, k)}})
		}
	}
	ev.Table, ev.Standings = nil, nil
	for _, e := range ev.Entries {
		ev.Cards[e.PN] = PINCard{PIN: fmt.Sprintf("%04d", 3100+e.PN*11)}
	}
	b.Reset()
	if err := WritePINCards(&b, ev); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(pdfRaw(t, b.Bytes()), "\f"); got != 3 {
		t.Errorf("24 cards on %d pages, want 3", got)
	}

	// In Italian.
	ev.Locale = locale.New(locale.Italian)
	b.Reset()
	if err := WritePINCards(&b, ev); err != nil {
		t.Fatal(err)
	}
	if it := pdfRaw(t, b.Bytes()); !strings.Contains(it, "Il tuo PIN") || !strings.Contains(it, "Numero di abbinamento 6") {
		t.Errorf("the Italian cards:\n%s", it)
	}
}

// pdfRaw returns the text of pdf in the order it was drawn.
func pdfRaw(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not found: install poppler-utils to check the text of the PDFs")
	}
	in := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-raw", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
