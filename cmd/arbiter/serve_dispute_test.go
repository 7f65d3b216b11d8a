package main

import (
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// dispute makes board b of round 1 disputed from two phones: White
// reports 1-0, Black answers ½-½.
func (f *serveFixture) dispute(b int) (white, black *http.Client, path string) {
	f.t.Helper()
	white, black = f.client(), f.client()
	path = "/b/" + f.codes[b].Token
	f.post(white, path+"/report", f.form(white, path, "pin", f.codes[b].WhitePIN, "result", "1-0"))
	code, loc := f.post(black, path+"/confirm", f.form(black, path, "pin", f.codes[b].BlackPIN, "result", "1/2"))
	if code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=disputed") {
		f.t.Fatalf("confirm with another result = %d %s, want done=disputed", code, loc)
	}
	return white, black, path
}

// getIn fetches path with the browser's language set to lang.
func (f *serveFixture) getIn(c *http.Client, path, lang string) string {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.ts.URL+path, nil)
	req.Header.Set("Accept-Language", lang)
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return html.UnescapeString(string(b))
}

// organizer logs a phone in to the organizer's page.
func (f *serveFixture) organizer() *http.Client {
	f.t.Helper()
	org := f.client()
	if code, _ := f.post(org, "/admin/login", f.form(org, "/admin", "password", "club")); code != http.StatusSeeOther {
		f.t.Fatalf("login = %d, want a redirect", code)
	}
	return org
}

var suggested = regexp.MustCompile(`<button type="submit" name="result" value="([^"]+)" class="primary suggested"`)

// TestServeDisputeNotMate: White claims a mate that is not one, Black an
// agreed draw; the organizer sees both claims side by side with who, when,
// from where and the verdicts with their articles, the false mate flagged
// and the draw preselected; the ruling reaches both players' pages.
func TestServeDisputeNotMate(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	white, black, b2 := f.dispute(2) // Nicolò (6) - Bauer (2)
	code, loc := f.post(white, b2+"/claim", f.form(white, b2, "pin", f.codes[2].WhitePIN,
		"kind", "checkmate", "moves", "1. e4 e5 2. Dh5 Cc6 3. Dxf7+"))
	if code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=claim") {
		t.Fatalf("White's claim = %d %s, want done=claim", code, loc)
	}
	if page := f.getIn(white, b2+"?done=claim", "en"); !strings.Contains(page, "Your claim is with the organizer.") ||
		!regexp.MustCompile(`Claims sent: White: checkmate, \d\d:\d\d</p>`).MatchString(page) {
		t.Errorf("after the claim the board page does not say so:\n%s", page)
	}
	code, loc = f.post(black, b2+"/claim", f.form(black, b2, "pin", f.codes[2].BlackPIN,
		"kind", "agreement", "moves", "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7"))
	if code != http.StatusSeeOther {
		t.Fatalf("Black's claim = %d %s, want a redirect", code, loc)
	}
	// The queue at the laptop shows the same.
	q := f.cli.ok("result", "queue")
	for _, want := range []string{
		": White claims checkmate: NOT BORNE OUT: the position after 3.Qxf7+ is not checkmate: Black can still play 3...Kxf7, art. 5.1.1",
		": Black claims draw by agreement: the moves are legal",
		": the verdicts give 1/2-1/2 (arbiter result accept ",
	} {
		if !strings.Contains(q, want) {
			t.Errorf("arbiter result queue does not say %q:\n%s", want, q)
		}
	}
	if js := f.cli.ok("result", "queue", "--json"); !strings.Contains(js, `"kind": "checkmate"`) || !strings.Contains(js, `"flagged": true`) ||
		!strings.Contains(js, `"article": "art. 5.1.1"`) {
		t.Errorf("arbiter result queue --json has no judged claims:\n%s", js)
	}
	org := f.organizer()
	page := f.getIn(org, "/admin", "en")
	for _, want := range []string{
		"White: checkmate", "White: Nicolò, Bianchi, at", "from 127.0.0.1 (Go-http-client",
		"Not borne out:</strong> the position after 3.Qxf7+ is not checkmate: Black can still play 3...Kxf7, art. 5.1.1",
		"Black: draw by agreement", "Black: Bauer, Jonas, at",
		"the moves are legal and the game was still going on (the position after 3...Kxf7): a draw by agreement stands, draw, art. 5.2.3",
		"1. e4 e5 2. Dh5 Cc6 3. Dxf7+",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the queue does not show %q:\n%s", want, page)
		}
	}
	m := suggested.FindStringSubmatch(page)
	if m == nil || m[1] != "1/2" {
		t.Fatalf("preselected ruling = %v, want 1/2", m)
	}
	id := regexp.MustCompile(`action="/admin/accept/(\d+)"`).FindStringSubmatch(page)
	if code, _ := f.post(org, "/admin/accept/"+id[1], f.form(org, "/admin", "result", m[1])); code != http.StatusSeeOther {
		t.Fatalf("ruling = %d, want a redirect", code)
	}
	if got := f.results(1)[1]; got != arbiter.Draw {
		t.Errorf("board 2 = %v after the ruling, want 1/2", got)
	}
	const ruled = "The arbiter ruled ½-½: draw by agreement, art. 5.2.3"
	for _, path := range []string{b2, "/player/6", "/player/2"} {
		for _, c := range []*http.Client{white, black} {
			if page := f.getIn(c, path, "en"); !strings.Contains(page, ruled) {
				t.Errorf("%s does not show the ruling %q:\n%s", path, ruled, page)
			}
		}
	}
	if page := f.getIn(white, "/player/1", "en"); strings.Contains(page, "The arbiter ruled") {
		t.Errorf("player 1's page shows another board's ruling")
	}
	out := f.cli.ok("log")
	for _, want := range []string{"result.claim", "checkmate by White", "result.ruling", ruled} {
		if !strings.Contains(out, want) {
			t.Errorf("the log does not say %q:\n%s", want, out)
		}
	}
}

// TestServeDisputeFlagItalian: in an Italian tournament Black claims
// White's flag fell with the final position, where Black has a lone
// king: the verdict is the draw of art. 6.9 in Italian, and the ruling
// reaches both players in the tournament's language, whatever their
// browsers ask for.
func TestServeDisputeFlagItalian(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	f.cli.ok("tournament", "set", "--lang", "it")
	white, black, b1 := f.dispute(1) // Ortega (1) - Dupont (5)
	if page := f.getIn(black, b1, ""); !strings.Contains(page, "caduta della bandierina") || !strings.Contains(page, "Che cosa è successo?") {
		t.Errorf("the Italian board page has no claim form:\n%s", page)
	}
	code, loc := f.post(black, b1+"/claim", f.form(black, b1, "pin", f.codes[1].BlackPIN,
		"kind", "flag", "flag", "white", "fen", "8/8/8/4k3/8/8/3Q4/4K3 w - - 0 61"))
	if code != http.StatusSeeOther {
		t.Fatalf("Black's claim = %d %s, want a redirect", code, loc)
	}
	org := f.organizer()
	page := f.getIn(org, "/admin", "")
	for _, want := range []string{"Nero: caduta della bandierina (del Bianco)", "8/8/8/4k3/8/8/3Q4/4K3 w - - 0 61",
		"caduta della bandierina del Bianco, il Nero ha solo il re: patta, art. 6.9", "Nessun reclamo per ora."} {
		if !strings.Contains(page, want) {
			t.Errorf("the Italian queue does not show %q:\n%s", want, page)
		}
	}
	if en := f.getIn(org, "/admin", "en-US"); !strings.Contains(en, "caduta della bandierina del Bianco, il Nero ha solo il re: patta, art. 6.9") {
		t.Errorf("the queue on an English browser does not show the Italian verdict:\n%s", en)
	}
	m := suggested.FindStringSubmatch(page)
	if m == nil || m[1] != "1/2" {
		t.Fatalf("preselected ruling = %v, want 1/2", m)
	}
	id := regexp.MustCompile(`action="/admin/accept/(\d+)"`).FindStringSubmatch(page)
	f.post(org, "/admin/accept/"+id[1], f.form(org, "/admin", "result", "1/2"))
	if got := f.results(1)[0]; got != arbiter.Draw {
		t.Errorf("board 1 = %v after the ruling, want 1/2", got)
	}
	for _, path := range []string{b1, "/player/1", "/player/5"} {
		if page := f.getIn(white, path, ""); !strings.Contains(page, "L'arbitro ha deciso ½-½: caduta della bandierina, art. 6.9") {
			t.Errorf("%s does not show the ruling in Italian:\n%s", path, page)
		}
		if page := f.getIn(black, path, "en-US"); !strings.Contains(page, "L'arbitro ha deciso ½-½: caduta della bandierina, art. 6.9") {
			t.Errorf("%s on an English browser does not show the ruling in Italian:\n%s", path, page)
		}
	}
}

// TestServeClaimRefusals: a claim needs the claimant's PIN, moves that
// read and a disputed board; refused, it changes nothing.
func TestServeClaimRefusals(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	white, _, b2 := f.dispute(2)
	b3 := "/b/" + f.codes[3].Token
	ph := f.client()
	before := f.events()
	tests := []struct {
		name string
		path string
		kv   []string
		code int
		want string
	}{
		{"a PIN no player of the board has", b2, []string{"pin", f.codes[1].WhitePIN, "kind", "checkmate"}, http.StatusForbidden, "wrong PIN"},
		{"no PIN", b2, []string{"kind", "checkmate"}, http.StatusForbidden, "Type your PIN"},
		{"a move that is none", b2, []string{"pin", f.codes[2].WhitePIN, "kind", "checkmate", "moves", "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. Zz"},
			http.StatusBadRequest, `move 5: "Zz" is not a move`},
		{"a FEN that is none", b2, []string{"pin", f.codes[2].WhitePIN, "kind", "stalemate", "fen", "8/8 w"}, http.StatusBadRequest, `the position "8/8 w" cannot be read`},
		{"a board not disputed", b3, []string{"pin", f.codes[3].WhitePIN, "kind", "checkmate"}, http.StatusConflict, "no disputed result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := white
			if tt.path == b3 {
				c = ph
			}
			code, body := f.post(c, tt.path+"/claim", f.form(c, tt.path, tt.kv...))
			if code != tt.code || !strings.Contains(html.UnescapeString(body), tt.want) {
				t.Errorf("claim = %d, want %d saying %q:\n%s", code, tt.code, tt.want, body)
			}
		})
	}
	if got := f.events(); got != before {
		t.Errorf("refused claims logged %d events", got-before)
	}
}
