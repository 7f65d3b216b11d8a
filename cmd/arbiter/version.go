package main

import (
	"runtime/debug"
	"slices"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"
)

// versionFlag is the root flag that prints the version of arbiter.
const versionFlag = "--version"

// wantsVersion reports whether args ask for the version: arbiter
// --version, with any global flags around it.
func wantsVersion(args []string) bool { return slices.Contains(args, versionFlag) }

// versionText words the version of this build from what the Go toolchain
// recorded in the binary (runtime/debug.ReadBuildInfo): the module
// version (a build from a checkout is a development build), the commit,
// its date and whether the tree had local changes, and the Go release.
func versionText(l *locale.Localizer, info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return l.T("cli.version.unknown")
	}
	version := info.Main.Version
	if version == "" || version == "(devel)" {
		version = l.T("cli.version.devel")
	}
	var commit, date string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
				date = l.Date(t)
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(commit) > 12 {
		commit = commit[:12]
	}
	switch {
	case commit == "":
		return l.T("cli.version", "Version", version, "Go", info.GoVersion)
	case modified:
		return l.T("cli.version.modified", "Version", version, "Commit", commit, "Date", date, "Go", info.GoVersion)
	}
	return l.T("cli.version.commit", "Version", version, "Commit", commit, "Date", date, "Go", info.GoVersion)
}
