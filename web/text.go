package web

import (
	"net/http"
	"strings"

	"github.com/labyrinth-chess/arbiter/locale"
)

// The pages' words are the catalog's "web." messages (locale/en.json
// and it.json): every text a page shows is there, in English and in
// Italian.

// words is the catalog in the language of one request.
type words struct{ l *locale.Localizer }

// t returns message "web."+key, its placeholders filled from args in the
// order placeholders gives.
func (w words) t(key string, args ...any) string {
	names := placeholders(key)
	var named []any
	for i, a := range args {
		if i < len(names) {
			named = append(named, names[i], a)
		}
	}
	return w.l.T("web."+key, named...)
}

// placeholders names the placeholders of message key, in the order the
// pages pass them.
func placeholders(key string) []string {
	switch key {
	case "round-n", "after-round", "publish", "published", "pair-next", "paired", "draft", "dl-pairings-pdf", "pair-force":
		return []string{"Round"}
	case "round-n-of":
		return []string{"Round", "Rounds"}
	case "board-n", "rejected":
		return []string{"Board"}
	case "reported":
		return []string{"Colour", "Result"}
	case "confirm-help", "confirm-help-signed":
		return []string{"Colour"}
	case "signed-in-as":
		return []string{"Name", "Colour"}
	case "confirm-own":
		return []string{"Colour", "Other"}
	case "pin-wrong-player":
		return []string{"PN"}
	case "pin-locked":
		return []string{"Minutes"}
	case "confirm", "entered", "accept":
		return []string{"Result"}
	case "disputed":
		return []string{"Result", "Other"}
	case "match-game":
		return []string{"Game", "Name"}
	case "reported-by":
		return []string{"Result", "Colour", "Time", "IP"}
	case "devices":
		return []string{"Count"}
	case "busy":
		return []string{"Seconds"}
	case "wifi":
		return []string{"SSID"}
	case "accepted":
		return []string{"Result", "Board"}
	// Presence from the phone (presence.go).
	case "presence-here-help", "presence-skip", "presence-leave-help", "presence-state-here", "presence-state-missing",
		"presence-state-skip", "presence-state-left", "presence-roll", "presence-left-out":
		return []string{"Round"}
	case "presence-skip-help", "points-of":
		return []string{"Points"}
	case "presence-too-many":
		return []string{"Minutes"}
	case "presence-not-you":
		return []string{"Name"}
	case "presence-present", "presence-missing", "presence-skipping", "presence-left":
		return []string{"Count"}
	case "presence-mark-here", "presence-mark-skip", "presence-mark-leave", "presence-marked":
		return []string{"Name", "Round"}
	case "presence-mark-from":
		return []string{"Time", "IP", "Device"}
	case "presence-undone":
		return []string{"What"}
	case "at-stake":
		return []string{"Round"}
	case "rating-change-summary":
		return []string{"Kind", "Ro", "K", "W", "N", "We"}
	case "in-play":
		return []string{"Round", "Boards"}
	case "fit-question":
		return []string{"Planned", "Players", "Swiss"}
	case "fit-swiss", "fit-round-robin", "fit-double", "fit-keep":
		return []string{"Rounds"}
	case "site-written":
		return []string{"Files", "Path"}
	// disputes (dispute.go)
	case "dispute-claim-by":
		return []string{"Side", "Name", "Time", "IP", "Device"}
	case "dispute-replaced":
		return []string{"List"}
	// Late entries from the phone (late.go).
	case "late-until", "late-closed-at", "late-admin-open", "late-link":
		return []string{"Time"}
	case "late-help", "late-next":
		return []string{"Round"}
	case "late-bad-char":
		return []string{"Field", "Pos", "Char"}
	case "late-too-long":
		return []string{"Field", "Max"}
	case "late-did-you-mean", "late-yes", "late-no-new", "late-refused-flash":
		return []string{"Name"}
	case "late-entered":
		return []string{"PN", "Name"}
	case "late-accepted-flash":
		return []string{"Name", "PN"}
	case "late-club-player":
		return []string{"Name", "ID"}
	case "late-asked":
		return []string{"Time", "IP", "Device"}
	}
	return consolePlaceholders(key)
}

// language picks the pages' language for r: the tournament's
// (tournament), whatever the browser says, so that an Italian evening is
// Italian on a projector set to English; the first language of the
// browser's Accept-Language that the catalog has only for a tournament
// without one; else English.
func language(r *http.Request, tournament string) locale.Lang {
	if l, err := locale.ParseLang(tournament); err == nil && tournament != "" {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, _, _ = strings.Cut(tag, "-")
		if l, err := locale.ParseLang(strings.ToLower(tag)); err == nil && tag != "" {
			return l
		}
	}
	return locale.English
}
