package web

import "strings"

// htmlText escapes s as html/template escapes a value printed in the
// text of an element ({{.}} between tags): the characters of its
// replacement table, all ASCII, and every other byte as it is. Go code
// that writes a part of a page with many small values (a player's
// tie-break lines) writes it with htmlText as template.HTML, one value
// for the template instead of one per line; FuzzHTMLText holds it to
// html/template's own escaping.
func htmlText(s string) string {
	i := strings.IndexAny(s, "\x00\"&'+<>")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case 0:
			b.WriteString("\uFFFD")
		case '"':
			b.WriteString("&#34;")
		case '&':
			b.WriteString("&amp;")
		case '\'':
			b.WriteString("&#39;")
		case '+':
			b.WriteString("&#43;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
