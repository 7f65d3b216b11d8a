package desk

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// The use cases below are one transaction each in the store; the desk
// marks the store's refusals with the input they are about.

// Describe sums up a tournament's settings in one line.
func Describe(t arbiter.Tournament) string { return store.Describe(t) }

// CreateTournament creates tournament t and makes it the current one.
func (d *Desk) CreateTournament(ctx context.Context, t arbiter.Tournament) (arbiter.Tournament, error) {
	err := d.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		t, err = tx.CreateTournament(ctx, t, setupRule)
		return err
	})
	return t, inputErr("tournament", err)
}

// ErrRoundRobinPaired: a Swiss with rounds paired cannot become an
// all-play-all from round 1 of the Berger table, which would pair again
// players who met; it continues as one from the next round instead
// (ContinueAllPlayAll) (ErrConflict).
var ErrRoundRobinPaired = errors.New("rounds are paired: the all-play-all would pair again players who met")

// UpdateTournament stores the settings of t, logging each change, and
// seeds the entries again when the rating type or the pace changes
// (UpdateTournamentSeeds). A Swiss with rounds paired does not become
// a round robin (ErrRoundRobinPaired).
func (d *Desk) UpdateTournament(ctx context.Context, t arbiter.Tournament) error {
	_, err := d.UpdateTournamentSeeds(ctx, t)
	return err
}

// Reseed is what a new rating type, a new pace or a rating list did to a
// tournament's entries; Reseeded is one entry seeded again (see
// UpdateTournamentSeeds).
type (
	Reseed   = store.Reseed
	Reseeded = store.Reseeded
)

// UpdateTournamentSeeds stores the settings of t, logging each change.
// When the rating type (TRF 172) or the pace changes before round 1 is
// paired, every entry is seeded again by the rating the tournament now
// chooses (the club rating for OTHER), with the FIDE rating of the new
// pace, and the pairing numbers follow the initial order (C.04.2 art.
// 2.2). Once round 1 is paired the pairing numbers are fixed and the
// entries keep the ratings they were seeded with, for the pairings, the
// rating tie-breaks and the FIDE rating change alike: the result says
// the tournament is started, and an arbiter who must correct a rating
// does it player by player (EditPlayer). A Swiss with rounds paired does
// not become a round robin (ErrRoundRobinPaired). One transaction.
func (d *Desk) UpdateTournamentSeeds(ctx context.Context, t arbiter.Tournament) (Reseed, error) {
	var club map[int64]int
	if t.RatingType == "OTHER" {
		rs, err := d.ClubRatings(ctx)
		if err != nil {
			return Reseed{}, err
		}
		club = make(map[int64]int, len(rs))
		for _, r := range rs {
			club[r.Player.ID] = r.Rating
		}
	}
	var rs Reseed
	err := d.db.Write(ctx, func(tx *store.Tx) error {
		s, err := tx.Snapshot(ctx, t.ID)
		if err != nil {
			return inputErr("tournament", err)
		}
		if n := s.Next(); t.System == arbiter.RoundRobin && s.Tournament.System != arbiter.RoundRobin && n > 1 {
			return &Error{Kind: ErrConflict, Input: "system", Article: "C.05 Annex 1",
				Msg: fmt.Sprintf("%d rounds are paired: an all-play-all from round 1 of the Berger table would pair again players who met", n-1),
				Fix: fmt.Sprintf("continue the Swiss as an all-play-all from round %d", n), Err: ErrRoundRobinPaired}
		}
		rs, err = tx.UpdateTournamentSeeds(ctx, t, club, setupRule)
		return inputErr("tournament", err)
	})
	return rs, err
}

// UseTournament makes tournament id the current one.
func (d *Desk) UseTournament(ctx context.Context, id int64) error {
	return inputErr("tournament", d.db.UseTournament(ctx, id))
}

// Current returns the ID of the current tournament, 0 if none.
func (d *Desk) Current(ctx context.Context) (int64, error) { return d.db.Current(ctx) }

// Tournaments lists the tournaments with their size and progress.
func (d *Desk) Tournaments(ctx context.Context) ([]TournamentInfo, error) {
	return d.db.Tournaments(ctx)
}

// AddEntry registers player p in tournament tid (C.04.2 art. 2 for the
// pairing numbers; see the package documentation).
func (d *Desk) AddEntry(ctx context.Context, tid int64, p arbiter.Player, opt AddOptions) (Added, error) {
	if err := d.numberAsName(ctx, tid, p.Name, opt); err != nil {
		return Added{}, err
	}
	var a Added
	var err error
	if opt.SurnameFirst, err = d.surnameFirst(ctx, tid); err != nil {
		return a, inputErr("tournament", err)
	}
	if err := d.clubSeed(ctx, tid, &opt); err != nil {
		return a, inputErr("tournament", err)
	}
	a, err = d.db.AddEntry(ctx, tid, p, opt, entryRule(opt.SurnameFirst), nameRule)
	return a, inputErr("player", err)
}

// Import registers every row's player in tournament tid, all or none.
func (d *Desk) Import(ctx context.Context, tid int64, source string, rows []ImportRow, opt AddOptions) ([]Added, error) {
	var err error
	if opt.SurnameFirst, err = d.surnameFirst(ctx, tid); err != nil {
		return nil, inputErr("tournament", err)
	}
	if err := d.clubSeed(ctx, tid, &opt); err != nil {
		return nil, inputErr("tournament", err)
	}
	a, err := d.db.Import(ctx, tid, source, rows, opt, entryRule(opt.SurnameFirst), nameRule)
	return a, atLine(inputErr("player", err))
}

// atLine returns the desk's refusal of a row of a file, which the store
// wrapped with the row's line ("line 3: ..."), as one *Error whose Msg
// says the line: front ends that show Msg show where. It words no Text:
// the refusal it wraps keeps its own, for a front end in another
// language. Any other err is returned as it is.
func atLine(err error) error {
	var de *Error
	if !errors.As(err, &de) || de == err {
		return err
	}
	return &Error{Kind: de.Kind, Input: de.Input, Msg: err.Error(), Fix: de.Fix, Article: de.Article, Err: de, Players: de.Players}
}

// ImportRoster adds or updates the club roster from rows, all or none.
func (d *Desk) ImportRoster(ctx context.Context, source string, rows []ImportRow, opt AddOptions) ([]RosterRow, error) {
	r, err := d.db.ImportRoster(ctx, source, rows, opt, nameRule)
	return r, atLine(inputErr("player", err))
}

// Roster returns the club roster.
func (d *Desk) Roster(ctx context.Context) ([]arbiter.Player, error) { return d.db.Roster(ctx) }

// EditPlayer changes the details of player id, in tournament tid's
// pairing numbers when tid is not 0.
func (d *Desk) EditPlayer(ctx context.Context, tid, id int64, ch PlayerChange) (arbiter.Player, error) {
	p, err := d.db.EditPlayer(ctx, tid, id, ch)
	return p, inputErr("player", err)
}

// Withdraw withdraws player id from tournament tid from round from on
// (0: the next round to pair); before round 1 the entry is removed.
func (d *Desk) Withdraw(ctx context.Context, tid, id int64, from int) (arbiter.Entry, bool, error) {
	e, removed, err := d.db.Withdraw(ctx, tid, id, from, withdrawRule)
	return e, removed, inputErr("player", err)
}

// RequestBye records a bye player id asked for in round n, worth the
// tournament's value: arbiter.HalfBye, ZeroBye (a known absence, C.04.2
// art. 3.3) or FullBye. It is refused for a round outside the
// tournament's, paired already (ErrConflict: a paired game the player
// misses is lost by forfeit) or that the player does not play (byeRule).
func (d *Desk) RequestBye(ctx context.Context, tid, id int64, n int, kind arbiter.ByeKind) error {
	return inputErr("player", d.db.RequestBye(ctx, tid, id, n, kind, byeRule))
}

// CancelBye withdraws a bye asked for, under the rule of RequestBye; a
// round without one is refused (ErrNotFound).
func (d *Desk) CancelBye(ctx context.Context, tid, id int64, n int) error {
	return inputErr("player", d.db.CancelBye(ctx, tid, id, n, byeRule))
}

// CheckImport returns the refusal ImportTournament gives for what ti
// holds before it looks at the database: settings out of their limits
// (setupRule), or what the store cannot hold (store.CheckImport). Nil
// means only the database (a name taken) may still refuse ti.
func CheckImport(ti TournamentImport) error {
	t := ti.Tournament
	t.Name = strings.TrimSpace(t.Name)
	if err := setupRule(store.Setup{Tournament: t}); err != nil {
		return err
	}
	return inputErr("tournament", store.CheckImport(ti))
}

// ImportTournament stores a whole tournament read from a file, its
// settings under the rule of CreateTournament.
func (d *Desk) ImportTournament(ctx context.Context, ti TournamentImport) (ImportedTournament, error) {
	if err := CheckImport(ti); err != nil {
		return ImportedTournament{}, err
	}
	t, err := d.db.ImportTournament(ctx, ti, setupRule)
	return t, inputErr("tournament", err)
}

// Events returns the log: of tournament tid and the roster, or all for
// tid 0.
func (d *Desk) Events(ctx context.Context, tid int64) ([]Event, error) { return d.db.Events(ctx, tid) }

// Backup writes a consistent copy of the whole database to dest, even
// while others write (see store.DB.Backup).
func (d *Desk) Backup(ctx context.Context, dest string, overwrite bool) error {
	return inputErr("file", d.db.Backup(ctx, dest, overwrite))
}

// FindTournament returns the tournament ref names: its ID, or its name
// (case and accents ignored). Unlike Tournament, "" names none.
func (d *Desk) FindTournament(ctx context.Context, ref string) (arbiter.Tournament, error) {
	t, err := d.db.FindTournament(ctx, ref)
	return t, inputErr("tournament", err)
}

// Verify reads the whole database and returns what is broken in it, one
// sentence each (none for a sound file): SQLite's own check, and that the
// log replays to the rounds and results stored, the changes undone left
// out (store.DB.Verify). A check cut short by ctx returns ctx.Err() and
// no finding.
func (d *Desk) Verify(ctx context.Context) ([]string, error) { return d.db.Verify(ctx) }

// CreateTemp makes the temporary file a front end writes a whole file
// into before renaming it to target, so that target is the whole file or
// nothing (store.CreateTemp); leftovers of killed commands are removed.
func CreateTemp(target string) (*os.File, error) { return store.CreateTemp(target) }

// CleanTemp, CreateTempCleaned and SyncFiles write many files in a
// folder at the cost of one: see the store functions of those names.
func CleanTemp(dir string) int                          { return store.CleanTemp(dir) }
func CreateTempCleaned(target string) (*os.File, error) { return store.CreateTempCleaned(target) }
func SyncFiles(paths []string) error                    { return store.SyncFiles(paths) }

// CheckIn records who is present at the check-in of round n of
// tournament tid, and gives the absent players the bye of kind
// (store.DB.CheckIn; FIDE C.04.2 art. 3.3).
func (d *Desk) CheckIn(ctx context.Context, tid int64, n int, present, absent []int64, kind arbiter.ByeKind) error {
	return inputErr("player", d.db.CheckIn(ctx, tid, n, present, absent, kind, byeRule))
}

// CheckedAbsent returns the pairing numbers found absent at the check-in
// of round n of tournament tid.
func (d *Desk) CheckedAbsent(ctx context.Context, tid int64, n int) ([]int, error) {
	return d.db.CheckedAbsent(ctx, tid, n)
}

// Actions of the event log a front end reads back.
const (
	ActRoundPair    = store.ActRoundPair
	ActRoundUnknown = store.ActRoundUnknown
	ActRoundUnpair  = store.ActRoundUnpair
	ActCorrect      = store.ActCorrect
)
