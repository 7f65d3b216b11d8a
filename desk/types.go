package desk

import "github.com/labyrinth-chess/arbiter/store"

// The values the desk reads and writes are the store's: front ends use
// them through these names and never hold the database.
type (
	Snapshot           = store.Snapshot
	RoundDetail        = store.RoundDetail
	Game               = store.Game
	Pairing            = store.Pairing
	Submission         = store.Submission
	Submitted          = store.Submitted
	TournamentInfo     = store.TournamentInfo
	PlayerChange       = store.PlayerChange
	ImportRow          = store.ImportRow
	AddOptions         = store.AddOptions
	Added              = store.Added
	Request            = store.Request
	TournamentImport   = store.TournamentImport
	ImportedTournament = store.ImportedTournament
	ResultChange       = store.ResultChange
	Event              = store.Event
	RosterRow          = store.RosterRow
	Warning            = store.Warning
	InputError         = store.InputError
)
