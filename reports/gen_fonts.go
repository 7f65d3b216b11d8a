//go:build ignore

// gen_fonts writes the Go fonts, regular and bold, cut into single-byte
// fonts as fpdf font definitions (fonts/*.json) and compressed font files
// (fonts/*.z). Run it with "go generate" in reports/. The first,
// go-regular and go-bold, holds the characters of Windows code page
// 1252, in that encoding; the next ones (go-regular-1, -2, ...) hold the
// rest of the characters the Go fonts have, 224 to a font, codes 32 to
// 255 in the order of the characters, each named uniXXXX. A sheet embeds
// those it uses as they are, instead of cutting and compressing the whole
// Go fonts for every document.
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/encoding/charmap"
)

func main() {
	tmp, err := os.MkdirTemp("", "arbiter-fonts")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	// The code page as fpdf reads it: "!code U+rune name", printable
	// codes only. Named cp1252.map, it is also the reference fpdf
	// compares the others with, so the code page carries no
	// /Differences, and each other font's are its whole encoding.
	var pages [][]rune
	var first []rune
	codes := make([]string, 256)
	for c := 0; c < 256; c++ {
		r := charmap.Windows1252.DecodeByte(byte(c))
		if c < 0x20 || c == 0x7F || r == '\uFFFD' {
			codes[c] = fmt.Sprintf("!%02X U+0000 .notdef\n", c)
			continue
		}
		first = append(first, r)
		codes[c] = fmt.Sprintf("!%02X U+%04X uni%04X\n", c, r, r)
	}
	pages = append(pages, first)
	// The rest of the Basic Multilingual Plane the regular Go font has
	// (the bold one has the same), 224 to a font.
	font, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	var buf sfnt.Buffer
	var rest []rune
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if _, ok := charmap.Windows1252.EncodeRune(r); ok {
			continue
		}
		if g, err := font.GlyphIndex(&buf, r); err == nil && g != 0 {
			rest = append(rest, r)
		}
	}
	for len(rest) > 0 {
		n := min(len(rest), 224)
		pages = append(pages, rest[:n])
		rest = rest[n:]
	}
	for i, page := range pages {
		mapFile := filepath.Join(tmp, "cp1252.map")
		var m []byte
		if i == 0 {
			for _, line := range codes {
				m = append(m, line...)
			}
		} else {
			mapFile = filepath.Join(tmp, fmt.Sprintf("page%d.map", i))
			for c := 0; c < 256; c++ {
				if k := c - 0x20; k >= 0 && k < len(page) {
					m = fmt.Appendf(m, "!%02X U+%04X uni%04X\n", c, page[k], page[k])
				} else {
					m = fmt.Appendf(m, "!%02X U+0000 .notdef\n", c)
				}
			}
		}
		if err := os.WriteFile(mapFile, m, 0o644); err != nil {
			log.Fatal(err)
		}
		for _, f := range []struct {
			name string
			ttf  []byte
		}{{"go-regular", goregular.TTF}, {"go-bold", gobold.TTF}} {
			name := f.name
			if i > 0 {
				name = fmt.Sprintf("%s-%d", f.name, i)
			}
			file := filepath.Join(tmp, name+".ttf")
			if err := os.WriteFile(file, fpdf.UTF8CutFont(f.ttf, string(page)), 0o644); err != nil {
				log.Fatal(err)
			}
			if err := fpdf.MakeFont(file, mapFile, "fonts", os.Stderr, true); err != nil {
				log.Fatal(err)
			}
			if i > 0 {
				// Each font its own PostScript name, as a subset's.
				if err := rename(filepath.Join("fonts", name+".json"), i); err != nil {
					log.Fatal(err)
				}
			}
		}
	}
}

// rename gives the font of the definition file the name of its page:
// GoRegular-1, Go-Bold-2.
func rename(file string, page int) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var def map[string]any
	if err := json.Unmarshal(data, &def); err != nil {
		return err
	}
	def["Name"] = fmt.Sprintf("%s-%d", def["Name"], page)
	if data, err = json.Marshal(def); err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}
