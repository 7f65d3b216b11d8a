package store

import (
	"context"
	"database/sql"

	"github.com/labyrinth-chess/arbiter"
)

// Tx is one writing transaction that takes several steps, for a use case
// of the desk that writes more than one thing and must be kept whole or
// not at all: pairing a round with the results it settles, the
// registration it closes and the players it withdraws. Each method is
// the method of DB of the same name, inside the transaction; a step that
// fails leaves the transaction to be rolled back by Write.
type Tx struct {
	db *DB
	tx *sql.Tx
}

// Write runs fn in one writing transaction, one command for undo, and
// commits it if fn returns nil; otherwise nothing fn did is kept. fn must
// not call other methods of db: the transaction holds the one writing
// connection.
func (db *DB) Write(ctx context.Context, fn func(*Tx) error) error {
	return db.write(ctx, func(tx *sql.Tx) error { return fn(&Tx{db: db, tx: tx}) })
}

// Snapshot reads tournament tid as the transaction sees it.
func (t *Tx) Snapshot(ctx context.Context, tid int64) (*Snapshot, error) {
	return loadSnapshot(ctx, t.tx, tid)
}

// LastEvent returns the last event of the log that can change a pairing
// of tournament tid (Snapshot.LastEvent).
func (t *Tx) LastEvent(ctx context.Context, tid int64) (int64, error) {
	return lastEvent(ctx, t.tx, tid)
}

// WebSettings reads tournament tid's settings for the server.
func (t *Tx) WebSettings(ctx context.Context, tid int64) (arbiter.WebSettings, error) {
	return loadWebSettings(ctx, t.tx, tid)
}

// Reports returns every report of round n of tournament tid, oldest
// first.
func (t *Tx) Reports(ctx context.Context, tid int64, n int) ([]arbiter.WebReport, error) {
	return loadReports(ctx, t.tx, `r.tournament_id = ? AND r.round = ?`, tid, n)
}

// Accept enters report id's result as DB.Accept does.
func (t *Tx) Accept(ctx context.Context, tid, id int64, r arbiter.Result, judge Judge, open OpenStep) (arbiter.WebReport, error) {
	return t.db.acceptIn(ctx, t.tx, tid, id, arbiter.Match{First: r}, judge, open, t.db.actor(ctx))
}

// CreateTournament stores tt as a new tournament and makes it the
// current one as DB.CreateTournament does, if rule allows.
func (t *Tx) CreateTournament(ctx context.Context, tt arbiter.Tournament, rule SetupRule) (arbiter.Tournament, error) {
	return t.db.createTournament(ctx, t.tx, tt, rule)
}

// UpdateTournament saves new settings for tournament tt.ID as
// DB.UpdateTournamentSeeds does, if rule allows, seeding no entry by a
// club rating.
func (t *Tx) UpdateTournament(ctx context.Context, tt arbiter.Tournament, rule SetupRule) error {
	_, err := t.db.updateTournament(ctx, t.tx, tt, nil, rule)
	return err
}

// UpdateTournamentSeeds saves new settings for tournament tt.ID and
// seeds the entries again as DB.UpdateTournamentSeeds does.
func (t *Tx) UpdateTournamentSeeds(ctx context.Context, tt arbiter.Tournament, club map[int64]int, rule SetupRule) (Reseed, error) {
	return t.db.updateTournament(ctx, t.tx, tt, club, rule)
}

// Withdraw withdraws the player with roster ID id as DB.Withdraw does.
func (t *Tx) Withdraw(ctx context.Context, tid, id int64, from int, rule WithdrawRule) (arbiter.Entry, bool, error) {
	return t.db.withdraw(ctx, t.tx, tid, id, from, rule)
}

// SavePairing stores a round as DB.SavePairing does.
func (t *Tx) SavePairing(ctx context.Context, tid int64, p Pairing) (arbiter.Round, error) {
	return t.db.savePairing(ctx, t.tx, tid, p)
}

// Publish publishes round n as DB.Publish does.
func (t *Tx) Publish(ctx context.Context, tid int64, n int, rule PINRule) (round int, already bool, err error) {
	return t.db.publish(ctx, t.tx, tid, n, rule)
}
