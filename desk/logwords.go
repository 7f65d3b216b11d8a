package desk

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// The log keeps each change as the store wrote it, in English: an action
// id ("result.enter"), a subject ("round 2 board 3 (1 Rossi, Mario - 4
// Conti, Sara)") and the old and new values ("1-0 (mate)"). log and undo
// word them again from the catalog (log.* ids) where they have a shape
// the store writes; a text of another shape, such as a name, is shown as
// kept. In English the catalog gives back the same words. A value stored
// as a phrase (phrase.Text.Stored), such as the warning a pairing was
// kept despite, is worded in the reader's language like any phrase. The
// command line (log, undo) and the console's log page word it alike.

// logShape is a shape of a logged text: a pattern over the English the
// store writes and the catalog id that words it, with the names of its
// submatches as the message's placeholders.
type logShape struct {
	re    func() *regexp.Regexp
	id    string
	names []string
}

// lazyRegexp returns a function that compiles pattern the first time it
// is called: the log's wording needs its expressions in a few commands,
// and every command would compile them at start.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

func shape(pattern, id string, names ...string) logShape {
	return logShape{re: lazyRegexp("^" + pattern + "$"), id: id, names: names}
}

// logSubjects are the shapes of a subject; Rest is what follows, the
// players of a board or the pairing method, kept as it is.
var logSubjects = []logShape{
	shape(`round (\d+) board (\d+)(.*)`, "log.subject.board", "Round", "Board", "Rest"),
	shape(`game (\d+), round (\d+) board (\d+)(.*)`, "log.subject.gameboard", "Game", "Round", "Board", "Rest"),
	shape(`round (\d+) paired with results not known`, "log.subject.unknown", "Round"),
	shape(`round (\d+)( \([^)]*\))?: kept despite a warning`, "log.subject.kept", "Round", "Rest"),
	shape(`round (\d+)( \([^)]*\))?`, "log.subject.round", "Round", "Rest"),
	shape(`(.+), round (\d+)`, "log.subject.playerround", "Player", "Round"),
	shape(`events (\d+)-(\d+)`, "log.subject.events", "First", "Last"),
	shape(`event (\d+)`, "log.subject.event", "First"),
}

// logValues are the shapes of an old or new value.
var logValues = []logShape{
	shape(`from round (\d+)`, "log.value.from", "Round"),
	shape(`withdrawn from round (\d+)`, "log.value.withdrawn", "Round"),
	shape(`present from round (\d+)`, "log.value.present", "Round"),
	shape(`game (\d+)`, "log.value.game", "Game"),
	shape(`entered`, "log.value.entered"),
	shape(`active`, "log.value.active"),
	shape(`removed`, "log.value.removed"),
	shape(`removed: never played`, "log.value.neverplayed"),
	shape(`removed before round 1`, "log.value.beforefirst"),
	shape(`undone`, "log.value.undone"),
	shape(`present`, "log.value.here"),
	shape(`absent`, "log.value.absent"),
	shape(`in the roster`, "log.value.roster"),
}

var (
	// resultWithReason is a result with how the game ended, "1-0 (mate)".
	resultWithReason = lazyRegexp(`^(\S+) \(([a-z-]+)\)$`)
	// halfResult is a result with a half point, or a match's two games,
	// as the store keeps them: "1/2-1/2", "1-0 1/2-1/2".
	halfResult = lazyRegexp(`^(1/2|[01])-(1/2|[01])( (1/2|[01])-(1/2|[01]))?$`)
	// pairingList is what round.pair keeps, "1-3, 4-2, 5 bye".
	pairingList = lazyRegexp(`^\d+(-\d+| [A-Za-z-]+)(, \d+(-\d+| [A-Za-z-]+))*$`)
	// moreChanges ends the description of a command undone.
	moreChanges = lazyRegexp(`^(.*) and (\d+) more changes?$`)
	// tournamentDesc is a tournament's description, "7 rounds,
	// 90'+30, standard, tie-breaks BH DE SB".
	tournamentDesc = lazyRegexp(`^(\d+) rounds, (.*)$`)
	// tieBreaks names the chain in a tournament's description.
	tieBreaks = lazyRegexp(`\btie-breaks\b`)
)

// wordShape words s by the first of shapes it fits; ok is false when it
// fits none.
func wordShape(l *locale.Localizer, shapes []logShape, s string) (string, bool) {
	for _, sh := range shapes {
		m := sh.re().FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := make([]any, 0, 2*len(sh.names))
		for i, name := range sh.names {
			v := m[i+1]
			if name == "Rest" {
				v = methodRest(l, v)
			}
			args = append(args, name, v)
		}
		return l.T(sh.id, args...), true
	}
	return s, false
}

// logAction words an action id, "result.enter"; an action the catalog
// does not know is shown as its id.
func logAction(l *locale.Localizer, action string) string {
	id := "log.action." + action
	if w := l.T(id); w != id {
		return w
	}
	return action
}

// logSubject words the subject of a logged change.
func logSubject(l *locale.Localizer, subject string) string {
	s, _ := wordShape(l, logSubjects, subject)
	return s
}

// LogValue words an old or new value of a logged change.
func LogValue(l *locale.Localizer, v string) string {
	if t, ok := phrase.Parse(v); ok {
		return l.Word(t)
	}
	if m := tournamentDesc().FindStringSubmatch(v); m != nil {
		rest := tieBreaks().ReplaceAllString(m[2], l.T("log.value.tiebreaks"))
		return l.T("log.value.tournament", "Rounds", m[1], "Rest", rest)
	}
	if s, ok := wordShape(l, logValues, v); ok {
		return s
	}
	if m := resultWithReason().FindStringSubmatch(v); m != nil {
		return ResultWords(l, m[1]) + " (" + ReasonWords(l, m[2]) + ")"
	}
	if halfResult().MatchString(v) {
		return ResultWords(l, v)
	}
	if pairingList().MatchString(v) {
		parts := strings.Split(v, ", ")
		for i, p := range parts {
			if pn, kind, ok := strings.Cut(p, " "); ok {
				parts[i] = pn + " " + byeCode(l, kind)
			}
		}
		return strings.Join(parts, ", ")
	}
	if m := moreChanges().FindStringSubmatch(v); m != nil {
		return l.N("log.value.more", digits(m[2]), "Command", undoneCommand(l, m[1]))
	}
	return undoneCommand(l, v)
}

// undoneCommand words the description of a command an undo took back,
// "game.add round 1 board 2 (...) (game 2)": its action, its subject and
// the value in parentheses at its end. Another text is shown as kept.
func undoneCommand(l *locale.Localizer, s string) string {
	action, rest, ok := strings.Cut(s, " ")
	if !ok || l.T("log.action."+action) == "log.action."+action {
		return s
	}
	if trimmed, ok := strings.CutSuffix(rest, ")"); ok {
		if i := strings.LastIndex(trimmed, " ("); i >= 0 {
			if v, ok := wordShape(l, logValues, trimmed[i+2:]); ok {
				rest = trimmed[:i] + " (" + v + ")"
			}
		}
	}
	return logAction(l, action) + " " + logSubject(l, rest)
}

// ResultWords writes a result, or a match of two, as l's language writes
// it: a half point is "1/2" in English and "½" in Italian
// (cli.result.half), "1/2-1/2" and "½-½". Either is read back as typed.
func ResultWords(l *locale.Localizer, s string) string {
	return strings.ReplaceAll(s, "1/2", l.T("cli.result.half"))
}

// ReasonWords words how a game ended, "mate", as the catalog says it; a
// reason it does not know is shown as typed.
func ReasonWords(l *locale.Localizer, reason string) string {
	id := "reason." + reason
	if w := l.T(id); w != id {
		return w
	}
	return reason
}

// byeCode words the kind of a bye in a pairing kept by the log, "bye".
func byeCode(l *locale.Localizer, kind string) string {
	id := "log.bye." + kind
	if w := l.T(id); w != id {
		return w
	}
	return kind
}

// changeText writes an event's old and new values as arbiter log does:
// "1-0 → 0-1", "was 1-0".
func changeText(l *locale.Localizer, old, new string) string {
	switch {
	case old == "":
		return LogValue(l, new)
	case new == "":
		return l.T("log.was", "Old", LogValue(l, old))
	}
	return LogValue(l, old) + " → " + LogValue(l, new)
}

// EventWords returns the action, subject and change of a logged change
// in l's words, as arbiter log, undo and the console's log show them.
func EventWords(l *locale.Localizer, e Event) (action, subject, change string) {
	return logAction(l, e.Action), logSubject(l, e.Subject), changeText(l, e.Old, e.New)
}

// digits is the number of digits a pattern matched.
func digits(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// pairingMethod is the method of a round's pairing in a subject of the
// log, " (manual)", " (dutch-2025)".
var pairingMethod = lazyRegexp(`^ \(([a-z]+)(-(\d+))?\)$`)

// methodRest words the method of a pairing that ends a subject, " (a
// mano)", " (olandese 2025)"; any other text is kept as it is.
func methodRest(l *locale.Localizer, rest string) string {
	m := pairingMethod().FindStringSubmatch(rest)
	if m == nil {
		return rest
	}
	if (m[1] == "dutch") != (m[3] != "") {
		return rest // the Dutch system alone has editions
	}
	id := "log.method." + m[1]
	w := l.T(id, "Edition", m[3])
	if w == id {
		return rest
	}
	return " (" + w + ")"
}
