package desk

import (
	"errors"
	"time"

	"github.com/labyrinth-chess/arbiter"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// Kinds of error. Every refusal of the desk wraps one of them; a front end
// branches on them (an HTTP server maps them to status codes).
var (
	// ErrNotFound: the tournament, player, round, board or game does not
	// exist.
	ErrNotFound = store.ErrNotFound
	// ErrConflict: the request clashes with what is stored, e.g. a result
	// already entered, a round still open, a pairing made from a state
	// that changed since (ErrStale).
	ErrConflict = store.ErrConflict
	// ErrInvalid: the request itself is wrong, e.g. an unknown reason.
	ErrInvalid = store.ErrInvalid
	// ErrRefused: the Laws or the rules of the Swiss system forbid it,
	// e.g. a result the final position contradicts, a pairing that breaks
	// a basic rule (C.04.1); Article says which.
	ErrRefused = errors.New("refused")
	// ErrBusy: another writer held the database for longer than the busy
	// timeout.
	ErrBusy = store.ErrBusy
	// ErrNotDatabase: the file is not an arbiter database.
	ErrNotDatabase = store.ErrNotDatabase
	// ErrNewerSchema: the file was written by a newer arbiter.
	ErrNewerSchema = store.ErrNewerSchema
	// ErrNoDatabase: there is no database at the path and the mode does
	// not create one.
	ErrNoDatabase = store.ErrNoDatabase
	// ErrForeign: the file is an SQLite database of another program (it
	// also wraps ErrNotDatabase).
	ErrForeign = store.ErrForeign
)

// Narrower kinds, each wrapping one of the kinds above.
var (
	// ErrNoCurrent: no tournament was named and none is current.
	ErrNoCurrent = errors.New("no current tournament")
	// ErrResultEntered: the board has another result and no correction
	// was asked for (ErrConflict).
	ErrResultEntered = store.ErrResultEntered
	// ErrNotPaired: the round is not paired yet (ErrNotFound).
	ErrNotPaired = store.ErrNotPaired
	// ErrNoBoard: the round has no such board (ErrNotFound).
	ErrNoBoard = store.ErrNoBoard
	// ErrStale: a pairing was made from a state of the tournament that
	// changed before it could be saved (ErrConflict).
	ErrStale = store.ErrStale
	// ErrLeftOut: a pairing leaves out players who must play
	// (ErrConflict).
	ErrLeftOut = store.ErrLeftOut
	// ErrRoundOpen: the previous round still lacks results (ErrConflict).
	ErrRoundOpen = store.ErrRoundOpen
	// ErrNotPlaying: a pairing places a player who does not play the
	// round (ErrConflict).
	ErrNotPlaying = store.ErrNotPlaying
	// ErrHasResults: a round with results cannot be unpaired
	// (ErrConflict).
	ErrHasResults = store.ErrHasResults
	// ErrLikelyDuplicate: a player looks like one already registered.
	ErrLikelyDuplicate = store.ErrLikelyDuplicate
)

// Error is the one error type of a refusal that front ends render: what
// is wrong, which input, what to do instead and the FIDE article, as
// values. Msg is the whole sentence fragment a user reads in English
// ("round 3 has no board 12"); Text, when set, is the same refusal as a
// message id of the catalogs (locale/*.json, "refuse." ids) with its
// arguments, for a front end to word in the tournament's language
// (locale.Localizer.Word). A refusal names no command, flag or button:
// Fix says in plain words what to do, and each front end says how (a
// flag, a button). Refusals of the store reach the front ends converted
// to an *Error at the desk's boundary, with Msg only.
type Error struct {
	Kind    error  // ErrNotFound, ErrConflict, ErrInvalid or ErrRefused
	Input   string // the input at fault: "tournament", "round", "board", "result", "reason", "position", "game", "player", "pairing", "report", "claim", "pin", "request"
	Msg     string // what is wrong, in English
	Text    phrase.Text
	Fix     string // what to do instead, "" when it goes without saying
	Article string // the article of the FIDE handbook or Laws, "" if none
	Err     error  // what caused it, if anything: a narrower kind or an error of a lower layer
	// Stored and Given are the results at odds, when the refusal is about
	// a result: the one on the board and the one the input gives.
	Stored, Given arbiter.Result
	// Retry is how long to wait before trying again, when waiting is
	// the answer (too many wrong PINs: ErrLocked); 0 otherwise.
	Retry time.Duration
	// Players holds the roster IDs the refusal is about, where that helps
	// a front end suggest what to type (a likely duplicate, an ambiguous
	// name).
	Players []int64
}

func (e *Error) Error() string { return e.Msg }

// Phrase returns the refusal as a phrase of the catalogs, zero when it
// has none: a front end words Msg from it in its reader's language.
func (e *Error) Phrase() phrase.Text { return e.Text }

// Unwrap returns the kind and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// Words returns the refusal in the language of l: Text worded, or Msg
// when the refusal has no Text.
func (e *Error) Words(l *locale.Localizer) string {
	if e.Text.IsZero() {
		return e.Msg
	}
	return l.Word(e.Text)
}

// english words the refusals' texts for Msg. It is asked for when a
// refusal is made, not when the program starts: a command that refuses
// nothing never reads the catalog.
func english() *locale.Localizer { return locale.New(locale.English) }

// refuse returns a refusal of kind (one of the kinds above, or a narrower
// one wrapping it) about input, said by catalog message id with args
// given as pairs of name and value, as phrase.New takes them.
func refuse(kind error, input, id string, args ...any) *Error {
	t := phrase.New(id, args...)
	e := &Error{Kind: kindOfErr(kind), Input: input, Text: t, Msg: english().Word(t)}
	if e.Kind != kind {
		e.Err = kind
	}
	return e
}

// kindOfErr returns the kind among ErrNotFound, ErrConflict, ErrInvalid
// and ErrRefused that err is or wraps; ErrInvalid for none.
func kindOfErr(err error) error {
	for _, k := range []error{ErrNotFound, ErrConflict, ErrInvalid, ErrRefused} {
		if errors.Is(err, k) {
			return k
		}
	}
	return ErrInvalid
}

// colourText is a colour as a phrase, "White" or "Black".
func colourText(c arbiter.Colour) phrase.Text {
	if c == arbiter.Black {
		return phrase.New("colour.black")
	}
	return phrase.New("colour.white")
}

// inputErr converts a refusal of the store to an *Error about input,
// keeping its message and kind, at the desk's boundary; a lock-out for
// wrong PINs says how long to wait. Other errors pass unchanged.
func inputErr(input string, err error) error {
	var le *store.LockedError
	if errors.As(err, &le) {
		e := refuse(ErrLocked, "pin", "refuse.pin.locked", "Minutes", le.Minutes())
		e.Retry = time.Duration(le.Minutes()) * time.Minute
		return e
	}
	ie, ok := asInput(err)
	if !ok {
		return err
	}
	return &Error{Kind: kindOf(ie), Input: input, Msg: ie.Msg, Text: ie.Text, Err: err, Players: ie.Players}
}

// deskErr is inputErr passing a value through: return deskErr(v, "board",
// err) at the boundary of a use case.
func deskErr[T any](v T, input string, err error) (T, error) {
	return v, inputErr(input, err)
}

func kindOf(ie *store.InputError) error {
	for _, k := range []error{ErrNotFound, ErrConflict, ErrInvalid} {
		if errors.Is(ie, k) {
			return k
		}
	}
	return ErrInvalid
}

// UserMessage returns the message of err for people: a fault of the disk
// or the database in words (store.UserMessage), any other error as it is.
func UserMessage(err error) string { return store.UserMessage(err) }
