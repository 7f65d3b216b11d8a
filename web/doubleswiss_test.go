package web

import (
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// TestDoubleSwissBoards: the boards page of a Double-Swiss tournament
// (FIDE C.04.5) shows each match's score and both games, not game 1
// alone.
func TestDoubleSwissBoards(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ctx = desk.WithActor(ctx, "web-test")
	d, err := desk.Open(ctx, filepath.Join(t.TempDir(), "arbiter.db"), desk.Create, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn := arbiter.NewTournament("Double blitz")
	tn.DoubleBlitz()
	tn.FirstColour = arbiter.White
	if tn, err = d.CreateTournament(ctx, tn); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		p := arbiter.Player{Name: fmt.Sprintf("Player %02d, Test", i+1), Rating: 2400 - 10*i}
		if _, err := d.AddEntry(ctx, tn.ID, p, desk.AddOptions{New: true}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pair(ctx, desk.PairRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Publish(desk.WithActor(ctx, "web-test"), tn.ID, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.EnterMatch(ctx, desk.MatchRequest{Board: 1, Match: arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}}); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Evening: d.Evening(tn.ID, 10*time.Minute), Poll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); srv.Run(ctx) }()
	go func() { defer wg.Done(); srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		d.Close()
	})
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if page := html.UnescapeString(string(body)); !strings.Contains(page, "1½-½ (1-0 ½-½)") {
		t.Errorf("the boards page lacks board 1's match, 1½-½ (1-0 ½-½):\n%s", page)
	}
}
