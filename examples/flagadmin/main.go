// Command flagadmin checks feature export files against the state of an
// Unleash instance, writes that state as a snapshot for offline checks,
// and serves the admin API's import validation and user listing:
//
//	go install github.com/flagadmin/flagadmin/examples/flagadmin@latest
//	flagadmin validate -state state.json -project default -environment production export.json
//	flagadmin snapshot -database "$DATABASE_URL" > state.json
//	flagadmin serve -demo
//
// 'flagadmin COMMAND -h' lists the flags of a command; docs/CLI.md
// describes them, the output formats and the exit codes.
package main

import "github.com/flagadmin/flagadmin/examples/flagadmin/internal/cli"

func main() {
	cli.Exit(cli.Main)
}
