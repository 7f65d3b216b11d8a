package main

import (
	"io"
	"strings"
	"unicode/utf8"
)

// table writes aligned columns: text left-aligned, columns marked right
// (numbers) right-aligned, two spaces between columns, no trailing
// spaces. Widths count characters, so accented names line up.
type table struct {
	right []bool // right[i]: column i is right-aligned
	rows  [][]string
	lines map[int]bool // rows written as they are, outside the columns
}

func newTable(right ...bool) *table { return &table{right: right} }

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// line adds a line of free text between the rows; it does not widen the
// columns.
func (t *table) line(text string) {
	if t.lines == nil {
		t.lines = map[int]bool{}
	}
	t.lines[len(t.rows)] = true
	t.rows = append(t.rows, []string{text})
}

// maxCell is the widest a cell is padded to: a longer one is cut with an
// ellipsis, but for the last of its row when left-aligned, so that one very long name
// does not pad every row of the table to its length. 50 characters hold
// any real name (FIDE's report file gives a name 33) and most club names.
const maxCell = 50

// cut returns c cut to maxCell characters with an ellipsis.
func cut(c string) string {
	if utf8.RuneCountInString(c) <= maxCell {
		return c
	}
	r := []rune(c)
	return strings.TrimRight(string(r[:maxCell-1]), " ,") + "…"
}

func (t *table) write(w io.Writer) error {
	var width []int
	for k, r := range t.rows {
		if t.lines[k] {
			continue
		}
		for i, c := range r {
			c = cut(c)
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for k, r := range t.rows {
		if t.lines[k] {
			b.WriteString(strings.TrimRight(r[0], " "))
			b.WriteByte('\n')
			continue
		}
		var line strings.Builder
		for i, c := range r {
			// The last cell of a row is written whole when nothing
			// follows it on the line.
			if i < len(r)-1 || i < len(t.right) && t.right[i] {
				c = cut(c)
			}
			pad := strings.Repeat(" ", max(0, width[i]-utf8.RuneCountInString(c)))
			if i > 0 {
				line.WriteString("  ")
			}
			if i < len(t.right) && t.right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
