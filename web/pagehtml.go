package web

import (
	"html/template"
	"strconv"
	"strings"
)

// The pages a published site has one of per player or per round, and the
// pages of a whole field (the standings, the crosstable), are written in
// Go rather than through html/template: a template reaches each value of
// a page through reflection, a few microseconds a value, and these pages
// have a value per player and column. Their templates (assets/pages) hand
// the content to the Draw method of the page's data; the layout around it
// stays a template. What each writes is what its template wrote, value
// for value escaped alike (htmlText): TestPlayerPageHTML and
// TestPublicPagesHTML hold the pages to golden files that the templates
// wrote first.

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
	w := htmlWriter{&b, p}
	b.WriteString("\n<h1>")
	w.text(v.Player.Name)
	b.WriteString("</h1>\n")
	if !p.static {
		b.WriteString(`<p class="me"><a href="/player/`)
		w.num(v.Player.PN)
		b.WriteString(`/me" id="this-is-me">`)
		w.t("presence-this-is-me")
		b.WriteString("</a></p>")
	}
	b.WriteString("\n<p>")
	if v.Rating != 0 {
		w.t("rating")
		b.WriteByte(' ')
		w.num(v.Rating)
		b.WriteString(" · ")
	}
	if v.Club != "" {
		w.text(v.Club)
		b.WriteString(" · ")
	}
	w.t("points-of", v.Points)
	b.WriteString("</p>\n")

	if a := v.Prize.Award; a != nil {
		b.WriteString(`<section class="prize" id="prize"><h2>`)
		if v.Prize.Final {
			w.t("prize-won")
		} else {
			w.t("prize-so-far")
		}
		b.WriteString("</h2>\n<p>")
		w.text(a.List)
		b.WriteString(", ")
		w.text(a.Place)
		b.WriteString(": <strong>")
		w.text(a.Won)
		b.WriteString("</strong>")
		if a.Shared != "" {
			b.WriteString(" (")
			w.text(a.Shared)
			b.WriteString(")")
		}
		b.WriteString("</p></section>\n")
	}
	if v.Prize.StakeRound != 0 {
		b.WriteString(`<section class="stake" id="stake"><h2>`)
		w.t("at-stake", v.Prize.StakeRound)
		b.WriteString("</h2>\n")
		if len(v.Prize.Stake) > 0 {
			b.WriteString("<ul>")
			for _, s := range v.Prize.Stake {
				b.WriteString("<li>")
				w.text(s.List)
				b.WriteString(", ")
				w.text(s.Places)
				b.WriteString(": ")
				w.text(s.Prizes)
				b.WriteString("</li>")
			}
			b.WriteString("</ul>")
		} else {
			b.WriteString("<p>")
			w.t("nothing-in-reach")
			b.WriteString("</p>")
		}
		b.WriteString("</section>\n")
	}

	b.WriteString("<table class=\"rounds\">\n<thead><tr>")
	w.th("round")
	w.th("colour")
	w.th("opponent")
	w.th("result")
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range v.Rounds {
		b.WriteString(`<tr><td class="num">`)
		w.num(r.Round)
		b.WriteString("</td><td>")
		w.text(r.Colour)
		b.WriteString("</td><td>")
		if r.Opponent.PN != 0 {
			w.player(r.Opponent)
		} else {
			w.text(r.Opponent.Name)
		}
		b.WriteString(`</td><td class="num">`)
		w.text(r.Result)
		b.WriteString("</td></tr>\n")
		if r.Ruling != "" {
			b.WriteString(`<tr class="ruling"><td></td><td colspan="3">`)
			w.text(r.Ruling)
			b.WriteString("</td></tr>")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n</tbody>\n</table>\n")

	if c := v.Change; c != nil {
		b.WriteString(`<section class="rating" id="rating-change"><h2>`)
		w.t("rating-change")
		if c.Total != "" {
			b.WriteString(": ")
			w.text(c.Total)
		}
		b.WriteString("</h2>\n")
		for _, s := range [...]string{c.Unrated, c.Summary} {
			if s != "" {
				b.WriteString("<p>")
				w.text(s)
				b.WriteString("</p>")
			}
		}
		b.WriteString("\n")
		if len(c.Lines) > 0 {
			b.WriteString("<table class=\"rounds\">\n<thead><tr>")
			w.th("round")
			w.th("opponent")
			w.th("rating")
			w.th("result")
			w.th("rating-expected")
			w.th("rating-game-change")
			b.WriteString("</tr></thead>\n<tbody>\n")
			for _, l := range c.Lines {
				b.WriteString(`<tr><td class="num">`)
				w.num(l.Round)
				b.WriteString("</td><td>")
				if l.Opponent.PN != 0 {
					w.player(l.Opponent)
				}
				b.WriteString(`</td><td class="num">`)
				w.num(l.Rating)
				for _, s := range [...]string{l.Result, l.Expected, l.Change} {
					b.WriteString(`</td><td class="num">`)
					w.text(s)
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
		w.t("tiebreaks")
		b.WriteString("</h2>\n\n")
		for _, x := range v.Explain {
			b.WriteString("<section class=\"explain\">\n<h3>")
			w.text(x.Spec.String())
			b.WriteString(" = ")
			w.text(x.Value)
			b.WriteString("</h3>\n")
			if x.Summary != "" {
				b.WriteString("<p>")
				w.text(x.Summary)
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

// Draw writes the content of the boards of a round, the page p (home), as
// HTML: a row of a dozen values a board (see playerView.Draw). A nil v
// is no round published.
func (v *roundView) Draw(p page) template.HTML {
	var b strings.Builder
	if v != nil {
		b.Grow(512 + 400*len(v.Boards))
	}
	w := htmlWriter{&b, p}
	b.WriteString("\n")
	if p.LateLink != "" {
		b.WriteString(`<p class="late-link"><a href="/join">`)
		w.text(p.LateLink)
		b.WriteString("</a></p>")
	}
	b.WriteString("\n")
	if v == nil {
		b.WriteString("\n<p>")
		w.t("no-round")
		b.WriteString("</p>\n\n")
		return template.HTML(b.String())
	}
	b.WriteString("\n<h1>")
	w.t("round-n", v.Number)
	b.WriteString("</h1>\n<table class=\"boards\">\n<thead><tr>")
	w.th("board")
	w.th("white")
	w.th("result")
	w.th("black")
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, bd := range v.Boards {
		b.WriteString(`<tr id="board-`)
		w.num(bd.Number)
		b.WriteString(`"><td class="num">`)
		w.num(bd.Number)
		b.WriteString("</td>\n<td>")
		w.seat(bd.White)
		b.WriteString("</td>\n<td class=\"res\">")
		w.text(bd.Result)
		b.WriteString("</td>\n<td>")
		w.seat(bd.Black)
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("\n</tbody>\n</table>\n")
	if len(v.Byes) > 0 {
		b.WriteString("<h2>")
		w.t("byes")
		b.WriteString("</h2>\n<ul class=\"byes\">")
		for _, y := range v.Byes {
			b.WriteString("<li>")
			w.player(y.Player)
			b.WriteString(": ")
			w.text(y.Kind)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	}
	b.WriteString("\n\n")
	return template.HTML(b.String())
}

// Draw writes the content of the standings page p as HTML: a row of a
// dozen values a player (see playerView.Draw).
func (v standingsView) Draw(p page) template.HTML {
	var b strings.Builder
	b.Grow(1024 + (200+20*len(v.Codes))*len(v.Lines))
	w := htmlWriter{&b, p}
	b.WriteString("\n<h1>")
	w.t("standings")
	if v.After != 0 {
		b.WriteString(" <small>")
		w.t("after-round", v.After)
		b.WriteString("</small>")
	}
	b.WriteString("</h1>\n<div class=\"scroll\">\n<table class=\"standings\">\n<thead><tr>")
	w.th("rank")
	w.th("name")
	w.th("rating")
	w.th("points")
	for _, c := range v.Codes {
		b.WriteString("<th>")
		w.text(c)
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, l := range v.Lines {
		b.WriteString(`<tr><td class="num">`)
		w.text(l.Rank)
		b.WriteString("</td><td>")
		w.player(l.Player)
		b.WriteString(`</td><td class="num">`)
		if l.Rating != 0 {
			w.num(l.Rating)
		}
		b.WriteString(`</td><td class="num pts">`)
		w.text(l.Points)
		b.WriteString("</td>")
		for _, x := range l.Values {
			b.WriteString(`<td class="num">`)
			w.text(x)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("\n</tbody>\n</table>\n</div>\n")
	return template.HTML(b.String())
}

// crossView is the crosstable: the rounds published, a line a player in
// the order of the standings, and the legend of its signs.
type crossView struct {
	Rounds []int
	Lines  []crossLine
	Legend string
}

// Draw writes the content of the crosstable page p as HTML: a row of a
// value a round a player (see playerView.Draw).
func (v *crossView) Draw(p page) template.HTML {
	var b strings.Builder
	b.Grow(1024 + (150+30*len(v.Rounds))*len(v.Lines))
	w := htmlWriter{&b, p}
	b.WriteString("\n<h1>")
	w.t("crosstable")
	b.WriteString("</h1>\n<div class=\"scroll\">\n<table class=\"cross\">\n<thead><tr><th>#</th>")
	w.th("name")
	for _, r := range v.Rounds {
		b.WriteString("<th>")
		w.num(r)
		b.WriteString("</th>")
	}
	w.th("total")
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, l := range v.Lines {
		b.WriteString(`<tr><td class="num">`)
		w.num(l.Line)
		b.WriteString("</td><td>")
		w.player(l.Player)
		b.WriteString("</td>")
		for _, c := range l.Cells {
			b.WriteString(`<td class="num">`)
			w.text(c)
			b.WriteString("</td>")
		}
		b.WriteString(`<td class="num pts">`)
		w.text(l.Points)
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("\n</tbody>\n</table>\n</div>\n<p><small>")
	w.text(v.Legend)
	b.WriteString("</small></p>\n")
	return template.HTML(b.String())
}

// htmlWriter writes the parts of a page drawn in Go into b, each value
// escaped as html/template escapes a value in the text of an element,
// in the words of the page p.
type htmlWriter struct {
	b *strings.Builder
	p page
}

// text writes s as text.
func (w htmlWriter) text(s string) { w.b.WriteString(htmlText(s)) }

// t writes the page's words for key.
func (w htmlWriter) t(key string, args ...any) { w.text(w.p.T(key, args...)) }

// th writes the page's words for key as a column's head.
func (w htmlWriter) th(key string) {
	w.b.WriteString("<th>")
	w.t(key)
	w.b.WriteString("</th>")
}

// num writes n.
func (w htmlWriter) num(n int) { w.b.WriteString(strconv.Itoa(n)) }

// player writes a link to the page of the player s, with their name.
func (w htmlWriter) player(s seatView) {
	w.b.WriteString(`<a href="`)
	w.b.WriteString(w.p.PlayerHref(s.PN))
	w.b.WriteString(`">`)
	w.text(s.Name)
	w.b.WriteString("</a>")
}

// seat writes a link to the page of the player s, with their name, and
// their points before the round.
func (w htmlWriter) seat(s seatView) {
	w.player(s)
	w.b.WriteString(" <small>(")
	w.text(s.Points)
	w.b.WriteString(")</small>")
}
