package web

import "fmt"

// english holds every word the pages show, by key: one place to read
// them all and, later, to translate them. Keys are stable.
func english() map[string]string {
	return map[string]string{
		"boards":          "Boards",
		"find":            "Find my board",
		"standings":       "Standings",
		"crosstable":      "Crosstable",
		"show":            "Projector",
		"round":           "Round",
		"round-n":         "Round %d",
		"round-n-of":      "Round %d of %d",
		"board":           "Board",
		"board-n":         "Board %d",
		"white":           "White",
		"black":           "Black",
		"result":          "Result",
		"no-round":        "No round is published yet.",
		"byes":            "Without a board",
		"search":          "Your name",
		"search-go":       "Search",
		"search-none":     "Nobody matches.",
		"name":            "Name",
		"rank":            "Rank",
		"rating":          "Rating",
		"points":          "Pts",
		"opponent":        "Opponent",
		"colour":          "Colour",
		"total":           "Total",
		"tiebreaks":       "Tie-breaks",
		"after-round":     "after round %d",
		"pending":         "not finished",
		"report-title":    "Report the result",
		"i-am":            "I played",
		"report-help":     "Pick the result of your game. Your opponent then confirms it on their phone with the PIN next to their name on the slip.",
		"reported":        "%s reported %s.",
		"confirm-title":   "Confirm the result",
		"confirm-help":    "%s: type the PIN printed next to your name on the slip, then confirm, or give the result you think is right.",
		"pin":             "PIN",
		"confirm":         "Confirm %s",
		"other-result":    "No, the result was",
		"disputed":        "The players gave different results (%s and %s): the organizer decides.",
		"entered":         "The result %s is entered.",
		"done-reported":   "Reported. Now your opponent confirms with their PIN.",
		"done-confirmed":  "Confirmed: the result is in the standings.",
		"done-disputed":   "The two results differ: the organizer will decide.",
		"white-wins":      "1-0",
		"draw":            "½-½",
		"black-wins":      "0-1",
		"error":           "Error",
		"too-many":        "Too many wrong attempts from this address: wait a few minutes and try again.",
		"bad-form":        "This form has expired: load the page again and repeat.",
		"not-found":       "Not found.",
		"admin-title":     "Organizer",
		"password":        "Password",
		"login":           "Log in",
		"logout":          "Log out",
		"wrong-password":  "Wrong password.",
		"lan-only":        "The organizer's pages answer only on the local network.",
		"queue":           "Waiting for the organizer",
		"queue-empty":     "Nothing is waiting.",
		"accept":          "Enter %s",
		"reject":          "Throw away",
		"publish":         "Publish round %d",
		"published":       "Round %d is published.",
		"pair-next":       "Pair round %d",
		"paired":          "Round %d is paired.",
		"draft":           "Round %d is paired but not published: players do not see it yet.",
		"reported-by":     "%s by %s at %s from %s",
		"accepted":        "Entered %s on board %d.",
		"rejected":        "Report thrown away: board %d is open again.",
		"no-login":        "Start the server with --admin-password, or open the one-time link it printed.",
		"pab":             "bye",
		"half-bye":        "half-point bye",
		"full-bye":        "full-point bye",
		"zero-bye":        "zero-point bye",
		"absent":          "absent",
		"forfeit-win":     "won by forfeit",
		"forfeit-loss":    "lost by forfeit",
		"tournament-over": "Every round is paired.",
	}
}

// catalog looks up the pages' words.
type catalog map[string]string

// t returns the text of key, formatted with args; a missing key shows
// itself, so it is seen and fixed.
func (c catalog) t(key string, args ...any) string {
	s, ok := c[key]
	if !ok {
		s = "[" + key + "]"
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}
