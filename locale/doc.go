// Package locale holds the words arbiter prints, in English and Italian,
// and the way each language writes dates and ordinals.
//
// The messages live in two catalogs embedded in the binary, en.json and
// it.json, in the format of github.com/nicksnyder/go-i18n: one entry per
// message id, a text/template string whose placeholders are named
// ({{.Round}}), and CLDR plural forms ("one", "other") where a count
// decides the wording. Every message exists in both catalogs with the same
// placeholders (the package tests check it).
//
// New returns a Localizer for one language, and callers pass it down to
// whatever prints. The only package state is the read-only copy of the
// catalogs each language's Localizer shares: a message is found through
// the index go generate made of its catalog (index.go), and parsed when
// it is first worded, so a command pays for the few messages it prints,
// not for the two thousand of the catalogs. The database, --json output,
// TRF and PGN files stay language-neutral and never go through here.
package locale
