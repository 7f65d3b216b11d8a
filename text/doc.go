// Package text holds the rules arbiter applies to the text people bring
// and the text it shows: how the bytes of a file a user gives are decoded
// (Decode), what a name, club or tournament name may hold (Check), and how
// any string is made safe to show on a terminal (Visible, Writer) or in
// JSON (EscapeJSON).
//
// The package does no I/O of its own: it works on bytes and strings, and
// Writer wraps an io.Writer its caller gives.
package text
