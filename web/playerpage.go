package web

import (
	"html/template"
	"strconv"
	"strings"
)

// playerView is what a player's page shows: the player, their rounds,
// their prize, their rating change and their tie-breaks explained.
type playerView struct {
	Player  seatView
	Rating  int
	Club    string
	Points  string
	Rounds  []playerRound
	Explain []explainView
	Prize   playerPrizeView // prizes.go
	Change  *ratingView     // ratings.go
}

// Draw writes the content of the player's page p as HTML. A published
// site has a page per player, and html/template reaches each of a page's
// hundred values through reflection, which made these pages two thirds
// of drawing a site's pages: the page is written here, each value
// escaped as html/template escapes a value in the text of an element
// (htmlText). The addresses written are the page's own (PlayerHref), of
// digits, letters, "-", "." and "/" only, which html/template writes in an
// attribute as they are. TestPlayerPageHTML holds the page to its golden
// files, first written by the template it replaces.
func (v *playerView) Draw(p page) template.HTML {
	var b strings.Builder
	b.Grow(4096)
	text := func(s string) { b.WriteString(htmlText(s)) }
	t := func(key string, args ...any) { text(p.T(key, args...)) }
	th := func(key string) {
		b.WriteString("<th>")
		t(key)
		b.WriteString("</th>")
	}
	num := func(n int) { b.WriteString(strconv.Itoa(n)) }
	opponent := func(o seatView) {
		b.WriteString(`<a href="`)
		b.WriteString(p.PlayerHref(o.PN))
		b.WriteString(`">`)
		text(o.Name)
		b.WriteString("</a>")
	}

	b.WriteString("\n<h1>")
	text(v.Player.Name)
	b.WriteString("</h1>\n")
	if !p.static {
		b.WriteString(`<p class="me"><a href="/player/`)
		num(v.Player.PN)
		b.WriteString(`/me" id="this-is-me">`)
		t("presence-this-is-me")
		b.WriteString("</a></p>")
	}
	b.WriteString("\n<p>")
	if v.Rating != 0 {
		t("rating")
		b.WriteByte(' ')
		num(v.Rating)
		b.WriteString(" · ")
	}
	if v.Club != "" {
		text(v.Club)
		b.WriteString(" · ")
	}
	t("points-of", v.Points)
	b.WriteString("</p>\n")

	if a := v.Prize.Award; a != nil {
		b.WriteString(`<section class="prize" id="prize"><h2>`)
		if v.Prize.Final {
			t("prize-won")
		} else {
			t("prize-so-far")
		}
		b.WriteString("</h2>\n<p>")
		text(a.List)
		b.WriteString(", ")
		text(a.Place)
		b.WriteString(": <strong>")
		text(a.Won)
		b.WriteString("</strong>")
		if a.Shared != "" {
			b.WriteString(" (")
			text(a.Shared)
			b.WriteString(")")
		}
		b.WriteString("</p></section>\n")
	}
	if v.Prize.StakeRound != 0 {
		b.WriteString(`<section class="stake" id="stake"><h2>`)
		t("at-stake", v.Prize.StakeRound)
		b.WriteString("</h2>\n")
		if len(v.Prize.Stake) > 0 {
			b.WriteString("<ul>")
			for _, s := range v.Prize.Stake {
				b.WriteString("<li>")
				text(s.List)
				b.WriteString(", ")
				text(s.Places)
				b.WriteString(": ")
				text(s.Prizes)
				b.WriteString("</li>")
			}
			b.WriteString("</ul>")
		} else {
			b.WriteString("<p>")
			t("nothing-in-reach")
			b.WriteString("</p>")
		}
		b.WriteString("</section>\n")
	}

	b.WriteString("<table class=\"rounds\">\n<thead><tr>")
	th("round")
	th("colour")
	th("opponent")
	th("result")
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range v.Rounds {
		b.WriteString(`<tr><td class="num">`)
		num(r.Round)
		b.WriteString("</td><td>")
		text(r.Colour)
		b.WriteString("</td><td>")
		if r.Opponent.PN != 0 {
			opponent(r.Opponent)
		} else {
			text(r.Opponent.Name)
		}
		b.WriteString(`</td><td class="num">`)
		text(r.Result)
		b.WriteString("</td></tr>\n")
		if r.Ruling != "" {
			b.WriteString(`<tr class="ruling"><td></td><td colspan="3">`)
			text(r.Ruling)
			b.WriteString("</td></tr>")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n</tbody>\n</table>\n")

	if c := v.Change; c != nil {
		b.WriteString(`<section class="rating" id="rating-change"><h2>`)
		t("rating-change")
		if c.Total != "" {
			b.WriteString(": ")
			text(c.Total)
		}
		b.WriteString("</h2>\n")
		for _, s := range [...]string{c.Unrated, c.Summary} {
			if s != "" {
				b.WriteString("<p>")
				text(s)
				b.WriteString("</p>")
			}
		}
		b.WriteString("\n")
		if len(c.Lines) > 0 {
			b.WriteString("<table class=\"rounds\">\n<thead><tr>")
			th("round")
			th("opponent")
			th("rating")
			th("result")
			th("rating-expected")
			th("rating-game-change")
			b.WriteString("</tr></thead>\n<tbody>\n")
			for _, l := range c.Lines {
				b.WriteString(`<tr><td class="num">`)
				num(l.Round)
				b.WriteString("</td><td>")
				if l.Opponent.PN != 0 {
					opponent(l.Opponent)
				}
				b.WriteString(`</td><td class="num">`)
				num(l.Rating)
				for _, s := range [...]string{l.Result, l.Expected, l.Change} {
					b.WriteString(`</td><td class="num">`)
					text(s)
				}
				b.WriteString("</td></tr>\n")
			}
			b.WriteString("</tbody>\n</table>")
		}
		b.WriteString("\n</section>")
	}
	b.WriteString("\n")

	if len(v.Explain) > 0 {
		b.WriteString("<h2>")
		t("tiebreaks")
		b.WriteString("</h2>\n\n")
		for _, x := range v.Explain {
			b.WriteString("<section class=\"explain\">\n<h3>")
			text(x.Spec.String())
			b.WriteString(" = ")
			text(x.Value)
			b.WriteString("</h3>\n")
			if x.Summary != "" {
				b.WriteString("<p>")
				text(x.Summary)
				b.WriteString("</p>")
			}
			b.WriteString("\n")
			if x.Lines != "" {
				b.WriteString("<ul>")
				b.WriteString(string(x.Lines))
				b.WriteString("</ul>")
			}
			b.WriteString("\n</section>")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	return template.HTML(b.String())
}
