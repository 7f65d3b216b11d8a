// Package desk is the organizer's desk: every use case of a Swiss
// tournament evening as a plain Go call, with typed requests, results and
// errors, for any front end (the command line, a server for phones and
// the projector). It decides; the front ends only parse what people type
// and render what the desk returns. Each use case that writes is one
// transaction of the store: a refused or failed call leaves the database
// as it was.
//
// # Who decides what
//
// The values of the evening the desk takes and returns are the root
// package's (arbiter.Tournament, arbiter.Entry, arbiter.WebReport,
// arbiter.Claim, arbiter.LateRequest, arbiter.PresenceMark, ...); the read
// models of a tournament (Snapshot, RoundDetail, Pairing, Event, ...) are
// still the store's, under the desk's names (types.go). Either way the
// front ends need no import of the store. A rule that depends on what is
// stored when the write happens is the desk's function, handed to the
// store and run inside the write's transaction on the facts the store
// reads there: the judge of a result (a store.Judge), whether a player may
// enter or withdraw (entryRule, withdrawRule), which club player a typed
// name means (nameRule), a bye asked for, cancelled
// or marked at the check-in (byeRule), a tournament's settings when it
// is created, imported or changed (setupRule: the limits of each, what
// the rounds paired still allow, a name of its own), the steps of a report from
// the board (reportStep, openStep), a player's new PIN (four random digits
// no other player of the tournament holds, pinRule), which seat a PIN or a
// phone proves (proveSeat), which PIN signs a phone in (signInRule), what
// a claim needs (claimBoard), the late entries from the phones (lateRule,
// lateAnswer), the presence marks (presenceRule), a player's return
// (returnRule), an entry or a roster player taken out (removeRule,
// rosterRule) and whether the last round is paired again without them
// (OnlyOpenRound). The roll of the next round is the desk's too (rollOf),
// drawn from the presence the store reads. The store keeps only checks of
// integrity of its own beneath them, errors no front end words. Refusals
// that the store still writes itself (which club player a typed name
// means, a player's details and the text of a tournament's, rounds) cross the
// desk's boundary as *Error with their English Msg and, for some, a
// catalog Text.
//
// # Concurrency
//
// A Desk is safe for concurrent use by many goroutines. Writes are
// serialised by SQLite: the store has one writing connection and starts
// every writing transaction with BEGIN IMMEDIATE, so writers queue for
// the lock (up to five seconds, then ErrBusy) and never fail half-way.
// Reads use a pool of their own, beside the writer, in WAL mode: a page
// that reads the standings does not wait for a result being entered.
// What a write decides is decided inside its own transaction or checked
// there: a result is judged against the board's game in the transaction
// that writes it; a pairing carries the last event of the log it was
// computed from and is refused (ErrStale) when the log has moved. Who
// acts travels with each call's context (WithOrigin, or WithActor for a
// person at the desk), not with the Desk nor as an argument, so the event
// log names the right person when many share one Desk.
//
// # Errors
//
// Refusals are *Error values, the one error type the front ends render:
// a kind (ErrNotFound, ErrConflict, ErrInvalid, ErrRefused) a front end
// branches on or maps to a status code, the input at fault, what is
// wrong, what to do instead and the FIDE article. A refusal the desk
// words carries it as a message of the catalogs (Text, "refuse." ids),
// which Words writes in the page's or the command line's language; Msg is
// the same in English. They name no command, flag or button: each front
// end says how to do what Fix says. Narrower kinds (ErrResultEntered,
// ErrStale, ErrIllegalMove, ErrPlayed, ...) are wrapped for errors.Is.
//
// # Tournaments
//
// CreateTournament, UpdateTournament, UseTournament, FindTournament,
// Tournament, Tournaments and Current make and choose tournaments and
// their settings: the rounds planned (C.04.1 art. 1), the edition of the
// Laws of Chess, of the Dutch rules (C.04.3, 2025 or 2017: Edition) and
// of the tie-breaks (C.07), the tie-break chain (C.07), the values of the
// pairing-allocated bye, of requested byes and of the rounds a late entry
// missed (C.04.2 art. 2.4-2.5), and the first colour or the seed of the
// lot (C.04.3 art. 5.1). Settings.Apply keeps each setting within its
// limits (MaxRounds, LawsEditions, PABValues, ...), refusing with a
// *SettingError a front end words as its own input; CreateTournament,
// UpdateTournament and ImportTournament refuse settings out of the
// domain's limits as *Error (setupRule: the byes of a Double-Swiss match
// count up to its two games, C.04.5; the rounds never fewer than those
// paired; what the FIDE report carries as TRF-26 writes it), and
// CheckImport says so of a file's tournament before it is stored. Use cases name a tournament as people do, by
// name or ID, "" for the current one; reads of one tournament already
// found take its ID.
//
// # Players
//
// AddEntry, Import, ImportRoster, Roster, EditPlayer, Withdraw,
// RequestBye and CancelBye register and change players. Pairing numbers
// follow the initial order of C.04.2 art. 2.2 (rating, title, name) until
// round 1 is paired and are fixed after; a late entry joins from the next
// round to pair and scores the late-entry value for the rounds missed
// (C.04.2 art. 2.4-2.5). No one enters once every round is paired
// (ErrRegistrationOver), a player enters once (ErrAlreadyEntered; a
// withdrawn one returns by ReturnPlayer), and a tournament holds at most
// arbiter.MaxPlayers players, the four digits of the TRF's numbers
// (ErrFieldFull). A player withdraws once, from a round not paired yet
// (ErrLeavesPaired: a game of a paired round the player does not play is
// lost by forfeit). A bye asked for (half a point, a known absence of
// C.04.2 art. 3.3, or a full point; never the pairing-allocated bye of
// C.04.1 art. 4) is worth the tournament's value, for one of its rounds
// not paired yet that the player plays; CheckInRound marks absences the
// same way, worth 0 or ½ by the tournament's policy.
//
// # Pairing
//
// Pair pairs the next round, Propose computes a pairing without storing
// it, Save stores a proposal, Unpair removes the last round. The Dutch
// system (C.04.3, the tournament's edition) pairs the players who play
// the round, with a reason for every board; round 1's colour is drawn by
// lot from the tournament's seed (C.04.3 art. 5.1). An all-play-all is
// paired from the Berger tables (C.05 Annex 1), the opponent of a player
// who does not play the round winning by forfeit. Players found absent
// at the check-in are left out with the tournament's value (C.04.2 art.
// 3.3), which CheckInRound records from the names the organizer types.
// A pairing given by
// hand is checked against the basic rules of C.04.1 (no rematch, art. 2;
// one pairing-allocated bye per round and per player, art. 3-4; colour
// difference at most 2 and never three times the same colour, art. 6-7)
// and refused (ErrWarnings) unless forced; the Dutch system may break
// them only for topscorers in the last round (C.04.3 art. 1.8, C3), which
// becomes a note. No round is paired before the previous one has every
// result (ErrRoundOpen).
//
// A Double-Swiss tournament (C.04.5) is paired by pairing.PairDoubleSwiss
// from the score cards of its matches (scoring.BuildMatches): each board
// is a match of two games with the colours reversed, points count per
// game, a PAB is worth a game won and a game drawn (1.4). Its results are
// entered by EnterMatch and EnterMatches, both games at once
// (ParseMatchResult reads them as typed); EnterResult refuses its boards.
// A match is a forfeit only when a player forfeits both games (Preface),
// and the tie-breaks read each round as one match.
//
// When the Dutch system cannot pair a round, the chief arbiter decides
// (C.04.3 1.9): UnpairableChoices lists the choices as data (the pairing
// that breaks the least, an all-play-all among the players still in, ending
// the event after the rounds played, a pairing by hand). ContinueAllPlayAll
// stores the all-play-all (PlanAllPlayAll: the field in Berger order, by
// score then pairing number, C.04.3 art. 1.2); Pair then pairs each later
// round from the Berger table (C.05 Annex 1) under those numbers. FitOf says whether the rounds planned fit the field:
// a Swiss pairs at most so many rounds without a rematch (C.04.1 art. 2,
// C.04.3 C1), a round robin takes the rounds of its Berger table.
//
// # Results
//
// EnterResult enters or corrects the result of a board. A result is
// checked against the final position when it is known (a game attached,
// or a position given): a game that ended by itself (checkmate, art.
// 5.1.1; stalemate, 5.2.1; dead position, 5.2.2; fivefold repetition,
// 9.6.1; 75 moves, 9.6.2) has that result, unless the arbiter decides
// otherwise. A win on time for a side that cannot checkmate by any series
// of legal moves is a draw (art. 6.9), and so is such a win by
// resignation under the Laws of 2023 (art. 5.1.2). Both flags fallen with
// no telling which first is a draw by the rule of the tournament's
// edition (2001 art. 6.11 b and appendix B.8; 2005 art. 6.12 b and B.9;
// 2009 art. 6.11 b; from 2014 Guidelines III.3.1). A forfeit scores the
// points and counts as a game not played. A different result already on
// the board is replaced only on request (ErrResultEntered), and the
// outcome says which later rounds were paired with the old one.
//
// WhatIf answers what a correction would change, storing nothing: the
// standings before and after, the players whose place, points or
// tie-breaks change, and which later rounds, already paired, the Dutch
// system would pair differently from the corrected history. A published
// pairing stands (C.04.2: a pairing made public is changed only if it
// breaks an absolute criterion; a corrected result affects only the
// pairings yet to be made). WhatIfMatch answers the same for a match of
// a Double-Swiss tournament (C.04.5), both games replaced, the standings
// in game points; its later rounds are not paired again.
//
// # Games
//
// CheckGame replays a submitted game for its board: every move legal
// (Laws art. 3-4, the first illegal one named with its article), how it
// ended, and the result it brings by the rules above; an illegal move is
// refused unless the arbiter has ruled on it. SubmitGames stores checked
// games and the results they bring, all or none; BoardGame, Games and
// Replay read them back. RoundAt and BoardAt find the round and board a
// request is about; GameMatcher finds the boards of the games of a file,
// one board to a game.
//
// # Standings and reports
//
// Rank orders the players after a round by points and the tournament's
// tie-break chain (C.07: Buchholz and its cuts, direct encounter,
// Sonneborn-Berger, ..., with the dummy or virtual opponent of the chosen
// edition for unplayed rounds), sharing a place only between players
// level on everything. ReportEvent gives every printed and exported
// report the same ranking, with the performance ratings; OpenBoards and
// CompleteRounds say which rounds are still in play. GapsOf says what a
// report file lacks for FIDE's rating officers, Audits which events of
// the log it must show as pairing-integrity lines. PlanSite and DrawSite
// give the documents of the public site for the rounds published.
//
// # Prizes
//
// AddCategory, RemoveCategory, AddPrize, RemovePrizes, SetPrizeSharing
// and SetPrizePreference keep a tournament's prizes: place prizes of the
// general standings and of categories of players (rating bands by the
// rating the tournament seeds with, ages by the year of birth, sex,
// club, the unrated), money or a named prize, shared among players level
// on points as announced (none, equal, Hort), one prize to a player.
// PrizeList (and Prizes, with the rules as stored) says who wins what in
// the standings Rank gives, and, while the last round is the one left to
// play, what each player can still win (Stake); CategoryStandings places
// a category's players among themselves. The prizes package decides.
//
// # Seasons
//
// A season is a championship over evenings (tournaments) of the database.
// CreateSeason, FindSeason and AddEvenings make it; SeasonTable ranks each
// evening by Rank after its last round paired (SeasonEvening) and scores
// the season with the season package: points by place, game points or
// percentage, points for taking part, the best N evenings, and the
// season's tie-breaks. Players are matched across evenings by roster ID;
// MergePlayers joins two roster entries of one person. History gives a
// player's evenings with place, points and performance.
//
// # Results from the phones
//
// An Evening serves one tournament to the phones (arbiter serve). A
// result reported from a board is entered only when both its players
// said it, each proven by their own PIN (PlayerPINs: no two alike in a
// tournament) or by a phone signed in with it (SignIn, SessionPlayer):
// the seat a report, confirmation or claim speaks for is the one proven,
// and a confirmation must come from the seat that did not report. The
// store asks the desk which seat a proof proves inside the transaction of
// the write, and counts wrong PINs there against PhonePINLimits, so that
// a burst of guesses sent at once, or a restart, gains nothing.

// The board of a Double-Swiss tournament is a match (C.04.5), reported
// whole (ReportMatch, ConfirmMatch): both games, each 1-0, ½-½ or 0-1 in
// its own colours, confirmed only by the same two games from the other
// seat, under the same proofs, and entered as EnterMatch enters it; a
// single result for a match, or a match for a board of one game, is
// refused. The organizer decides a match left open with AcceptMatch (the
// queue, the lapse of the wait, a forced pairing enter it as reported).
//
// # Log, files and backup
//
// Events reads the log of every change, who made it and when.
// EventWords words a change in the reader's language, from the catalog,
// for every front end alike (arbiter log and undo, the console's log
// page); the warning a pairing was kept despite is stored as a phrase,
// EventViewOf gives the JSON in English.
// ImportTournament stores a whole tournament read from a file (a FIDE
// Tournament Report File, FromTRF), all or none; a Double-Swiss file (192
// FIDE_DOUBLESWISS, two round columns a match) gives a Double-Swiss
// tournament with both games of every match. Backup writes a consistent copy
// of the database while others write.
//
// # Files without a tournament
//
// The tools on a file alone go through the desk too, so that no front
// end pairs or ranks by itself: ReadTRFRound and TRFRound.Pair pair the
// next round of a TRF file (the Dutch system, or the Double-Swiss system
// of C.04.5 when its 192 line says so), CheckTRF pairs every played round
// again and lists the differences (for a Double-Swiss file, why, with the
// article of C.04.5), RankTRF ranks its players by a tie-break chain
// (C.07, the edition in force on its start date unless one is given; a
// Double-Swiss file on its matches), GenerateTRF plays a random
// tournament. ReadGames and
// CheckChessGame read and replay the games of a PGN file by the Laws;
// CountPerft counts the move paths of a position.
//
// # Putting mistakes right
//
// Undo reverts the last write command of a tournament (or of the roster),
// or the one that logged a given event: the store records, with every
// command, how to put back each row it changed, and Undo replays that in
// one transaction, logging an "undo" event. It is refused, naming them,
// when later commands depend on it: any later command of the same
// tournament (a pairing reads every result before it, C.04.3), or one
// that changed the same rows. ReturnPlayer brings a withdrawn player back,
// the missed rounds scoring as absences by the tournament's rule (C.04.2
// art. 2.4-2.5); RemoveEntry takes out an entry that never played, the
// numbers after it moving up, and RemovePairAgain one whose only part is
// the last round, not played yet (a duplicate given the bye), pairing
// that round again in the same transaction; RemoveRosterPlayer and
// RemoveGames undo a
// roster entry and a game attached by mistake. EditRound swaps two players
// or sets one board of the last round before play, checked as a pairing
// by hand (C.04.1, refused unless forced). EnterResults enters the slips of
// a round in one transaction, each judged as EnterResult judges one.
// AddEntry finds the player a surname, part of a name or a pairing number
// means, and refuses a number as a name (ErrNumberAsName), an ambiguous
// name (ErrAmbiguous) and, with the option names, a name typed without
// the comma of "Surname, Name" (ErrNameOrder); CheckSeat refuses a game
// for a board where neither of its players sits (ErrWrongBoard). NoShows
// lists the players who lost the last round by forfeit and would be
// paired again (Laws art. 6.7); Pair withdraws them first when the
// tournament's option no-shows says so.
package desk
