package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter"
)

// TestBrowserDispute: on phone-size screens, the players of a disputed
// board add their claims, White typing the moves in Italian letters and
// Black setting up the final position by tapping; the organizer sees the
// verdicts, rules with the one click preselected, and the ruling reaches
// both players' pages.
func TestBrowserDispute(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	browser := newBrowser(t)
	url := f.ts.URL
	b2 := url + "/b/" + f.codes[2].Token // Nicolò (6) - Bauer (2)

	white := newDevice(t, browser, "white", 390, 844)
	black := newDevice(t, browser, "black", 390, 844)
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[2].WhitePIN),
		chromedp.Click(sel(`form.report button[value="1-0"]`)), chromedp.WaitVisible(sel(".flash")))
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[2].BlackPIN),
		chromedp.Click(sel(`form.confirm button[value="1/2"]`)), chromedp.WaitVisible(sel("form.claim")))

	// White claims the mate, with the moves in Italian letters.
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("form.claim")),
		chromedp.SendKeys(sel("#claim-pin"), f.codes[2].WhitePIN),
		chromedp.SendKeys(sel("#claim-moves"), "1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7#"))
	if eval[bool](white, `document.querySelector("#claim-flag").offsetParent !== null || document.querySelector("label[for=claim-flag]").offsetParent !== null`) {
		t.Errorf("whose flag fell is asked before the claim is a flag fall")
	}
	eval[bool](white, `(() => { const k = document.querySelector("#claim-kind"); k.value = "flag"; k.dispatchEvent(new Event("change")); return true; })()`)
	if !eval[bool](white, `document.querySelector("#claim-flag").offsetParent !== null`) {
		t.Errorf("a flag-fall claim does not ask whose flag fell")
	}
	eval[bool](white, `(() => { const k = document.querySelector("#claim-kind"); k.value = "checkmate"; k.dispatchEvent(new Event("change")); return true; })()`)
	white.shot("dispute-claim")
	white.do(chromedp.Click(sel("form.claim button.primary")), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](white, `document.querySelector(".flash").innerText`); got != "Your claim is with the organizer." {
		t.Errorf("after the claim White's page says %q", got)
	}

	// Black says it was stalemate and sets the position up by tapping:
	// it is not one (the king has g8).
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel(".diagram")),
		chromedp.SendKeys(sel("#claim-pin"), f.codes[2].BlackPIN))
	eval[bool](black, `(document.querySelector("#claim-kind").value = "stalemate") === "stalemate"`)
	for _, tap := range [][2]string{{"k", "h8"}, {"Q", "e7"}, {"K", "g6"}} {
		black.do(chromedp.Click(sel(`.palette button[data-piece="`+tap[0]+`"]`)), chromedp.Click(sel(`.diagram button[data-square="`+tap[1]+`"]`)))
	}
	eval[bool](black, `(() => { const s = document.querySelector(".setup select"); s.value = "b"; s.dispatchEvent(new Event("change")); return true; })()`)
	if got := eval[string](black, `document.querySelector("#claim-fen").value`); got != "7k/4Q3/6K1/8/8/8/8/8 b - - 0 1" {
		t.Errorf("the position tapped fills the FEN %q", got)
	}
	black.shot("dispute-diagram")
	black.do(chromedp.Click(sel("form.claim button.primary")), chromedp.WaitVisible(sel(".flash")))

	// The organizer sees both claims with their verdicts, the false
	// stalemate flagged, and 1-0 preselected.
	org := newDevice(t, browser, "organizer", 390, 844)
	org.do(chromedp.Navigate(url+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("section.queue .claims")))
	claims := eval[string](org, `document.querySelector(".claims").innerText`)
	for _, want := range []string{
		"White: checkmate", "the position after 4.Qxf7# is checkmate: 1-0, White wins, art. 5.1.1",
		"Black: stalemate", "Not borne out: the position given is not stalemate: Black can still play 1...Kg8, art. 5.2.1",
	} {
		if !strings.Contains(claims, want) {
			t.Errorf("the queue does not show %q:\n%s", want, claims)
		}
	}
	if got := eval[bool](org, `document.querySelector(".claims .claim.flagged h4").innerText.startsWith("Black")`); !got {
		t.Errorf("Black's false stalemate is not flagged")
	}
	if got := eval[string](org, `document.querySelector("button.suggested").value`); got != "1-0" {
		t.Errorf("preselected ruling = %q, want 1-0", got)
	}
	org.shot("dispute-queue")
	org.do(chromedp.Click(sel("button.suggested")), chromedp.WaitVisible(sel(".flash")))
	if got := f.results(1)[1]; got != arbiter.WhiteWins {
		t.Errorf("board 2 = %v after the ruling, want 1-0", got)
	}

	// Both players see the ruling on the board page and on their pages.
	const ruled = "The arbiter ruled 1-0: checkmate, art. 5.1.1"
	for _, d := range []*device{white, black} {
		d.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel(".ruling")))
		if got := eval[string](d, `document.querySelector(".ruling").innerText`); got != ruled {
			t.Errorf("%s's board page says %q, want %q", d.name, got, ruled)
		}
	}
	for d, pn := range map[*device]string{white: "6", black: "2"} {
		d.do(chromedp.Navigate(url+"/player/"+pn), chromedp.WaitVisible(sel("tr.ruling")))
		if got := eval[string](d, `document.querySelector("tr.ruling").innerText.trim()`); got != ruled {
			t.Errorf("%s's player page says %q, want %q", d.name, got, ruled)
		}
	}
	black.shot("dispute-ruled")
}
