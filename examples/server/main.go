// Command server serves the import validation and the user listing of the
// admin API over HTTP, wire-compatible with the reference server; it is
// 'flagadmin serve' (internal/cli), whose flags it takes:
//
//	go run ./examples/server [flags]
//
// Without -state or -database (or DATABASE_URL) it serves the embedded
// default state and prints its admin token. All the HTTP behaviour lives
// in the adminhttp package.
package main

import "github.com/flagadmin/flagadmin/internal/cli"

func main() {
	cli.Exit(cli.Serve)
}
