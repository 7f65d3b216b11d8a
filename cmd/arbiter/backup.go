package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type backupOptions struct {
	file  string
	force bool
}

func newBackupCmd(a *app) *cobra.Command {
	opts := &backupOptions{}
	cmd := &cobra.Command{
		Use:   "backup <file>",
		Short: "Write a copy of the database that is safe to keep",
		Long: `Write a copy of the whole database (every tournament, the club roster and
the log) to a file. The copy can be made while other arbiter commands are
writing: it holds every change finished before it began, and none of the
ones still under way.

The copy is written under a temporary name and renamed when it is complete,
so the file is either the whole copy or not there at all. Before it is
renamed, the copy is checked as arbiter check does; a copy that does not
pass is not kept, and the message says the database is damaged.

` + overwritePolicy + `

To carry the evening home, back up onto the stick rather than copying
arbiter.db by hand: a hand copy made while a command runs may miss the
changes still in arbiter.db-wal.

The copy is a database like any other: open it with --db FILE, or put it in
place of the original to restore it, which loses every change made to the
original after the copy (arbiter log --all --db ORIGINAL lists them).`,
		Example: `  $ arbiter backup club-2026-05-12.db
  $ arbiter backup /media/usb/club.db --force`,
		Args: cobra.ExactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runBackup(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.force, "force", false, "replace a read-only file or a database (such as an older backup)")
	return cmd
}

func runBackup(ctx context.Context, a *app, opts *backupOptions) error {
	if opts.file == "" {
		return usageErrorf("%s", a.tr().T("cli.backup.noname"))
	}
	t, err := a.resolveOutput(opts.file, opts.force)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		var err error
		if t.direct {
			err = backupDirect(ctx, db, t)
		} else {
			// The policy allowed replacing a file there now; one that
			// appears meanwhile (another backup to the same name) is
			// replaced only with --force, which allows replacing a
			// database.
			err = db.Backup(ctx, t.target, t.exists || opts.force)
		}
		if errors.Is(err, desk.ErrConflict) {
			return hint(err, "%s", a.tr().T("cli.backup.exists"))
		}
		if err != nil {
			return err
		}
		size := ""
		if fi, err := os.Stat(opts.file); err == nil && fi.Mode().IsRegular() {
			size = " (" + byteSizeIn(a.tr(), fi.Size()) + ")"
		}
		a.note(a.tr().T("cli.backup.copied", "From", db.Path(), "To", opts.file, "Size", size))
		return nil
	})
}

// backupDirect writes the copy to a pipe or a device (arbiter backup
// /dev/stdout | ssh ...): SQLite writes it to a file in a folder of its
// own, which is then copied there and removed.
func backupDirect(ctx context.Context, db *desk.Desk, t outTarget) error {
	dir, err := os.MkdirTemp("", "arbiter-backup-")
	if err != nil {
		return writeErrorIn(t.l, t.path, err)
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "copy.db")
	if err := db.Backup(ctx, tmp, false); err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return writeErrorIn(t.l, t.path, err)
	}
	defer f.Close()
	return copyDirect(t, f)
}

// byteSizeIn writes n bytes in l's words: "812 bytes", "44 kB", "3.1 MB"
// in English, "812 byte", "44 kB", "3,1 MB" in Italian.
func byteSizeIn(l *locale.Localizer, n int64) string {
	switch {
	case n < 1000:
		return l.N("cli.backup.bytes", int(n))
	case n < 1000*1000:
		return fmt.Sprintf("%d kB", (n+500)/1000)
	}
	return l.Decimal(float64(n)/1e6, 1) + " MB"
}
