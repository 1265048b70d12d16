// Command snapshot writes the state of an Unleash 8.2+ instance, read from
// its PostgreSQL database, as a state snapshot; it is 'flagadmin
// snapshot' (internal/cli), whose flags it takes:
//
//	go run ./examples/snapshot -database-file db.url > state.json
package main

import "github.com/flagadmin/flagadmin/internal/cli"

func main() {
	cli.Exit(cli.Snapshot)
}
