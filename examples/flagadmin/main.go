// Command flagadmin checks feature export files against the state of an
// Unleash instance, writes that state as a snapshot for offline checks,
// and serves the admin API's import validation and user listing:
//
//	go install github.com/flagadmin/flagadmin/examples/flagadmin@latest
//	flagadmin validate -state state.json export.json   # for the project and environment the export names
//	flagadmin snapshot -database-file db.url > state.json
//	flagadmin serve -demo
//	flagadmin version
//
// 'flagadmin COMMAND -h' writes the help of a command, its flags
// included; docs/CLI.md describes them, the output formats and the exit
// codes.
package main

import "github.com/flagadmin/flagadmin/examples/flagadmin/internal/cli"

func main() {
	cli.Exit(cli.Main)
}
