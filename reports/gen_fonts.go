//go:build ignore

// gen_fonts writes the Go fonts, regular and bold, cut to the characters
// of Windows code page 1252, as fpdf font definitions (fonts/*.json) and
// compressed font files (fonts/*.z). Run it with "go generate" in
// reports/. A sheet whose text all lies in the code page embeds these as
// they are, instead of cutting and compressing the whole Go fonts for
// every document.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
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
	// compares it with, so the definitions carry no /Differences.
	var cut []rune
	var m []byte
	for c := 0; c < 256; c++ {
		r := charmap.Windows1252.DecodeByte(byte(c))
		if c < 0x20 || c == 0x7F || r == '\uFFFD' {
			m = fmt.Appendf(m, "!%02X U+0000 .notdef\n", c)
			continue
		}
		cut = append(cut, r)
		m = fmt.Appendf(m, "!%02X U+%04X uni%04X\n", c, r, r)
	}
	mapFile := filepath.Join(tmp, "cp1252.map")
	if err := os.WriteFile(mapFile, m, 0o644); err != nil {
		log.Fatal(err)
	}
	for name, ttf := range map[string][]byte{"go-regular": goregular.TTF, "go-bold": gobold.TTF} {
		file := filepath.Join(tmp, name+".ttf")
		if err := os.WriteFile(file, fpdf.UTF8CutFont(ttf, string(cut)), 0o644); err != nil {
			log.Fatal(err)
		}
		if err := fpdf.MakeFont(file, mapFile, "fonts", os.Stderr, true); err != nil {
			log.Fatal(err)
		}
	}
}
