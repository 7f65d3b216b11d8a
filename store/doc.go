// Package store keeps a chess club's tournaments in one SQLite file: the
// club roster, any number of tournaments with their entries, rounds,
// boards, byes, submitted games, categories and prizes, and an
// append-only log of every change.
//
// It stores; the desk (package desk) decides the evening. A write whose
// rule depends on what is stored takes the desk's rule as a function
// (Judge, ReportStep, OpenStep, Prove, SignInRule, BoardRule, LateRule,
// LateAnswer, PresenceRule, ReturnRule, RemoveRule, RosterRule, PairAgain,
// PINRule, EntryRule, NameRule, WithdrawRule, ByeRule, SetupRule) and runs it inside its transaction on
// the facts it reads there, so that nothing changes between the decision
// and the write. Beneath the rule the store checks only that what it
// writes holds together (no player back into a round paired, no entry with
// games removed, one entry to a player, no withdrawal from a round paired,
// no bye in a round paired or not played, no tournament with fewer rounds
// than paired or named as another, no PIN shared by two players of a tournament, which the schema refuses
// too), with plain errors no front end words. A player's PIN is made by
// the desk's PINRule from the PINs the tournament's players hold, read in
// the transaction that stores it; the wrong ones are counted against the
// desk's limits (arbiter.PINLimits). Who acts comes with the context
// (WithOrigin, WithActor) and is logged with each event.
//
// OpenMode opens a database to read (ReadOnly: nothing is written, so a
// write-protected file or folder will do), to write (ReadWrite) or to make
// it if need be (Create), and brings its schema up to date with the
// embedded migrations. A file written by a newer arbiter is refused
// (ErrNewerSchema), and so is one that is not an arbiter database
// (ErrNotDatabase; ErrForeign for another program's SQLite file), before
// anything is written to it: arbiter's files carry ApplicationID. Every method that writes runs in one transaction, so a
// refused or failed command leaves the file as it was. Each write appends
// to the event log in the same transaction.
//
// # Pairing numbers
//
// Pairing numbers follow the C.04.2 art. 2.2 initial order: rating, then
// title, then name (arbiter.InitialOrderLess). Until round 1 is paired,
// the numbers are given again in that order after every registration,
// rating change or withdrawal, so the list is always in initial order.
// Once round 1 is paired the numbers are fixed: a late entry gets the next
// free number and joins from the next round to be paired (C.04.2 art.
// 2.4-2.5: it scores the tournament's late-entry value for the rounds it
// missed), and a rating correction no longer moves anyone. Unpairing
// round 1 makes the numbers follow the initial order again, latecomers
// included.
//
// A player withdrawn before round 1 is paired simply leaves the
// tournament (the roster keeps the player); later, the entry stays with
// the first round the player no longer plays.
//
// # Errors
//
// Refusals caused by the input (an unknown player, a board that does not
// exist, a result already entered) are *InputError values that wrap one
// of ErrNotFound, ErrConflict or ErrInvalid and say in English what was
// wrong; the desk turns them into its own error type at its boundary.
// Whether a player may enter, withdraw or ask for a bye is the desk's
// (EntryRule: a round left to pair, one entry to a player, the most a
// tournament holds, the order of a new name; NameRule: which club player
// a typed name means, on the candidates the store gathers (Naming);
// WithdrawRule; ByeRule, for
// the check-in too), and so are the limits of a tournament's settings
// (SetupRule; beneath it the schema's CHECK constraints refuse values it
// cannot hold); what is still written here, as such refusals, is which
// roster player a typed name means (ambiguous, likely a duplicate), the
// checks of a player's details and of the text of a tournament's
// settings, and the rules of rounds. A write that meets
// another arbiter command writing the same file returns ErrBusy after
// waiting five seconds.
//
// Faults of the disk or the file (full, unreadable, damaged, read-only,
// busy, permission denied) are *FaultError values whose message is one
// sentence for the user naming the file and what to do; UserMessage finds
// it under whatever a caller wrapped around it. Verify runs the checks of
// arbiter check: it replays the event log, each kind of event by its own
// rule and the commands undone left out, and compares the replay with the
// tables; a check cut short returns the context's error, never a finding.
// Checkpoint makes the file alone current for a copy by hand.
package store
