// Package unleashdb reads the state of an Unleash 8.x instance straight
// from its PostgreSQL database, for the import validation, the user
// listing and token authentication:
//
//   - *DB implements importvalidate.State (the existing state the rules
//     ask for), users.Store (the user listing) and auth.TokenLookup (API
//     tokens and personal access tokens, resolved to principals whose
//     permission checks follow the reference server's);
//   - (*DB).Snapshot reads the whole state as a model.Snapshot, for the
//     in-memory implementations and offline checks.
//
// It only reads: every statement is a SELECT, so a role that holds SELECT
// on the public schema's tables is enough. Each State method is one query
// over the whole batch of names (= ANY($1)), so one validation makes a
// constant number of queries whatever the size of the import.
//
// Open checks the schema against the migrations table and the columns this
// package reads, and refuses a database it does not know with an error
// naming what it found. Every error is wrapped with the operation that
// failed and never holds the connection password or a token.
package unleashdb
