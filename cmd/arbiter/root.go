package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	utext "github.com/labyrinth-chess/arbiter/text"
	"github.com/spf13/cobra"
)

// Exit codes, listed by "arbiter help exit-codes".
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInternal    = 3
	exitInterrupted = 130
)

// app carries what every command needs: the streams, the environment and
// the global flags. Nothing in the program is package-level state.
type app struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	rawOut io.Writer // stdout as given, for files written to "-" byte for byte
	getenv func(string) string
	now    func() time.Time
	words  *locale.Localizer // the terminal's language; see tr

	dbPath string // --db, else $ARBITER_DB, else ./arbiter.db
	// tournament is where --tournament ID|NAME is parsed into ("": the
	// current tournament), an allocation of its own: cobra keeps every
	// flag that has a completion for the life of the process, and a flag
	// bound to a field of app would keep the whole app alive with it.
	tournament *string
	force      bool // --force of print and export: replace a read-only file or a database
}

// tournamentRef returns --tournament, or "" for the current tournament.
func (a *app) tournamentRef() string {
	if a.tournament == nil {
		return ""
	}
	return *a.tournament
}

// flagError marks a usage error: a wrong flag or argument. It exits 2 and
// prints the command's usage.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

// usageErrorf returns a flagError with a formatted message.
func usageErrorf(format string, args ...any) error {
	return &flagError{fmt.Errorf(format, args...)}
}

// exitError carries an exit code chosen by a command (for example "game
// check" exits 1 when a game is illegal) with an optional message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// run builds the command tree, runs it with args and returns the exit code.
//
// Everything written to stdout and stderr passes through a text.Writer:
// a name holding escape sequences or bidi overrides is shown, not obeyed,
// by the terminal.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	out := &outWriter{w: stdout}
	vout, verr := utext.NewWriter(out), utext.NewWriter(stderr)
	code := execute(ctx, args, stdin, vout, verr, out, getenv)
	vout.Flush() // an error is kept in out.err
	verr.Flush()
	if out.err != nil && code == exitOK {
		// The answer did not reach its reader (a full disk, a closed
		// pipe): a program reading it must not take it for complete.
		l := (&app{getenv: getenv}).tr()
		fmt.Fprintln(stderr, l.T("cli.root.error", "Msg", l.T("cli.root.stdout", "Err", pathErrText(out.err))))
		return exitFailure
	}
	return code
}

// outWriter passes writes to standard output on and keeps the first error,
// so that run can fail a command whose answer was not written whatever the
// command did with the error.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// pathErrText returns the reason of an *fs.PathError without the
// operation and the path ("no space left on device").
func pathErrText(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// execute builds the command tree, runs it with args and returns the exit
// code. rawOut is standard output for files written to "-" byte for byte.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr, rawOut io.Writer, getenv func(string) string) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, rawOut: rawOut, getenv: getenv, now: time.Now}
	root := newRootCmd(a)
	localizeHelp(root, func() *locale.Localizer { return helpWords(ctx, a, args) }, args)
	if wantsVersion(args) {
		// Worded only when asked for: the catalog and the build
		// information are read by this command alone.
		info, ok := debug.ReadBuildInfo()
		root.Version = versionText(a.tr(), info, ok)
		root.SetVersionTemplate("{{.Version}}\n")
	}
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, a.tr().T("cli.root.error", "Msg", a.tr().T("cli.root.interrupted")))
		return exitInterrupted
	}
	var xe *exitError
	if errors.As(err, &xe) {
		if xe.msg != "" {
			fmt.Fprintln(stderr, a.tr().T("cli.root.error", "Msg", xe.msg))
		}
		return xe.code
	}
	var fe *flagError
	if errors.As(err, &fe) || isCobraUsageError(err) {
		usage := ""
		if cmd != nil {
			// The usage first: it words the help, whose usage line the
			// refusal repeats.
			usage = cmd.UsageString()
			err = plainArgsError(a.tr(), cmd, err)
		}
		fmt.Fprintln(stderr, a.tr().T("cli.root.error", "Msg", errWords(a.tr(), err)))
		if cmd != nil {
			fmt.Fprintf(stderr, "\n%s", usage)
		}
		return exitUsage
	}
	fmt.Fprintln(stderr, a.tr().T("cli.root.error", "Msg", a.errText(err)))
	return exitFailure
}

// errText words an error for the terminal: a fault of the disk or the
// database file is one sentence of its own, whatever the command added;
// any other error is worded in the terminal's language (errWords).
func (a *app) errText(err error) string {
	if msg := desk.UserMessage(err); msg != err.Error() {
		return msg
	}
	return errWords(a.tr(), err)
}

// isCobraUsageError recognises the errors cobra itself returns for unknown
// commands, unknown flags and wrong argument counts.
func isCobraUsageError(err error) bool {
	var u *usageMarker
	if errors.As(err, &u) {
		return true
	}
	msg := err.Error()
	return strings.HasPrefix(msg, "unknown command") || strings.HasPrefix(msg, "unknown flag") ||
		strings.HasPrefix(msg, "unknown shorthand flag") || strings.HasPrefix(msg, "required flag") ||
		strings.HasPrefix(msg, "if any flags in the group") || strings.HasPrefix(msg, "at least one of the flags in the group")
}

// usageMarker wraps errors from cobra's flag and argument parsing.
type usageMarker struct{ err error }

func (e *usageMarker) Error() string { return e.err.Error() }
func (e *usageMarker) Unwrap() error { return e.err }

// newRootCmd returns the arbiter command with every subcommand attached.
func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "arbiter",
		Short: "Run a Swiss-system chess tournament from one SQLite file",
		Long: `arbiter runs a Swiss-system chess tournament from registration to the final
standings: FIDE Dutch pairings, results, FIDE tie-breaks, every submitted game
checked against the Laws of Chess, and XLSX, PDF, TRF and PGN output.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// Who acts travels with the context of the command, for the
		// event log.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := emptyRefs(a, cmd); err != nil {
				return err
			}
			cmd.SetContext(desk.WithActor(cmd.Context(), a.actor()))
			return nil
		},
	}
	root.PersistentFlags().StringVar(&a.dbPath, "db", "", "the database `FILE` (default: $ARBITER_DB, else ./arbiter.db)")
	a.tournament = new(string)
	root.PersistentFlags().StringVar(a.tournament, "tournament", "", "work on the tournament `ID|NAME` (default: the current tournament)")
	root.Flags().Bool(strings.TrimPrefix(versionFlag, "--"), false, "print the version of arbiter and exit")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return &usageMarker{plainFlagError(a.tr(), cmd, err)} })

	root.AddCommand(
		newHelpExitCodesTopic(),
		newTournamentCmd(a),
		newPlayerCmd(a),
		newRosterCmd(a),
		newRoundCmd(a),
		newStandingsCmd(a),
		newCategoryCmd(a),
		newPrizesCmd(a),
		newSeasonCmd(a),
		newLogCmd(a),
		newCheckCmd(a),
		newExportCmd(a),
		newPrintCmd(a),
		newGameCmd(a),
		newTRFCmd(a),
		newBackupCmd(a),
		newImportCmd(a),
		newDemoCmd(a),
		newUndoCmd(a),
		newServeCmd(a),
		newPublishCmd(a),
		newResultCmd(a),
	)
	// The flag is defined just above, so registering cannot fail.
	_ = root.RegisterFlagCompletionFunc("tournament", a.completion((*app).completeTournaments))
	wrapArgs(root)
	return root
}

// emptyRefs refuses --tournament, --season or --db given with nothing in
// it (--tournament "" from a script whose variable was empty): left
// empty each means the current tournament, season or database, and a
// command would act on one nobody named.
func emptyRefs(a *app, cmd *cobra.Command) error {
	for _, name := range []string{"tournament", "season", "db"} {
		if f := cmd.Flag(name); f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
			return usageErrorf("%s", a.tr().T("err.flag.empty", "Flag", "--"+name, "Example", flagExamples[name]))
		}
	}
	return nil
}

// wrapArgs marks argument-count errors of every command as usage errors,
// and makes every noun (a command with verbs and no action of its own)
// refuse an unknown verb with exit 2 instead of printing help.
func wrapArgs(c *cobra.Command) {
	if c.HasParent() && c.HasSubCommands() && c.Run == nil && c.RunE == nil {
		c.RunE = nounRun
	}
	if c.Args != nil {
		check := c.Args
		if _, done := c.Annotations["argsWrapped"]; !done {
			c.Args = func(cmd *cobra.Command, args []string) error {
				if err := check(cmd, args); err != nil {
					return &usageMarker{err}
				}
				return nil
			}
			if c.Annotations == nil {
				c.Annotations = map[string]string{}
			}
			c.Annotations["argsWrapped"] = "1"
		}
	}
	for _, sub := range c.Commands() {
		wrapArgs(sub)
	}
}

// newHelpExitCodesTopic returns the "exit-codes" help topic.
func newHelpExitCodesTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "exit-codes",
		Short: "Exit codes of arbiter commands",
		Long: `arbiter exits with:

  0    the command did what was asked
  1    it failed: bad input, an illegal game, a refused write (nothing was written)
  2    usage error: unknown command or flag, wrong number of arguments
  3    internal error: a bug in arbiter, please report it with the command
       you typed (a write under way is rolled back)
  130  interrupted (Ctrl-C); a write in progress is rolled back
`,
	}
}
