// Package web serves the evening on the club's network: every phone and
// the projector see the boards, the standings, the crosstable and each
// player's page, updated live; the two players of a board report and
// confirm their result from their phones (a Double-Swiss match whole, by
// its score or game by game); the organizer keeps the queue of
// disagreements, enters results (a match's score or both games, each
// board's two games shown; a correction shows first what it would change,
// for a match as for a game), publishes rounds and pairs the next one. A
// tournament created on the console may be a Double-Swiss one (the
// double-blitz preset or the system chosen), as tournament new makes it.
//
// The server decides no rule of the tournament: it parses forms, calls
// the desk through a desk.Evening (the application layer the command line
// uses too: pairing, the Laws applied to a result, the tie-breaks, the
// reports, claims, late entries and presence marks from the phones) and
// renders what it returns, the values of the root package arbiter. It
// imports neither the store nor the packages that hold the rules
// (pairing, games, tiebreak, rules), tests included (TestWebUsesDesk in
// the module's deps_test.go). Each call's context says who acts
// (desk.WithOrigin with the phone's address and device, desk.WithActor
// for the organizer). A refusal is a *desk.Error, shown in the page's
// language (Error.Words). The server keeps only what belongs to a web
// front end: pages, the live event stream, who may write what, and how
// often.
//
// # Who may write
//
// Reading needs nothing. A result is written only with the code of its
// board (the QR code of the slip: unguessable, valid while its round is
// the last one paired), and every report, confirmation and claim carries
// the proof of the player it speaks for: their own PIN (printed on a card
// of their own, never on a slip) or a phone signed in with it, whose
// session the desk keeps in the database. The seat is the one proven,
// never one named in a form, and the confirmation must come from the
// other seat: one player alone enters no result. Wrong PINs are counted
// by the desk in the transaction of the write they would allow (per
// board, address and player, kept across a restart), and the page says
// how long to wait. The organizer's pages need a password or a one-time
// link and answer only addresses of the local network; their status line
// is the server's own message, shown by number. Every form carries a
// CSRF token; cookies are HttpOnly and SameSite=Strict; unknown codes,
// wrong passwords and the posts of a phone are limited, each attempt
// counted under the lock that checks it.
//
// # Live updates
//
// One goroutine watches the event log (every change, from the server or
// from the command line beside it, appends to it). At each change it
// builds the tournament as of it, draws anew the public pages that open
// event streams (/events?page=..., server-sent events) are watching, and
// tells each stream whose page looks different; those pages fetch
// themselves again, at a random moment within a spread that grows with
// their number, and find the page drawn. A public page is drawn once per
// change and sent from memory to every visitor (drawn.go). Pages work
// without JavaScript: they are plain HTML forms and links, and the
// projector page turns with a refresh.
//
// Pages speak the tournament's language, whatever the browser asks for.
//
// # Connections
//
// Serve bounds what a client may hold (Limits): read, write and idle
// timeouts (the event streams set a deadline per write instead), the
// connections and the event streams in all and per address. Beyond them
// the answer is 503 with Retry-After, before the file descriptors run out.
package web
