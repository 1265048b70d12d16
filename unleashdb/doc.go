// Package unleashdb reads the state of an Unleash instance (5.12 to 8.x) straight
// from its PostgreSQL database, for the import validation, the user
// listing and token authentication:
//
//   - *DB implements importvalidate.State (the existing state the rules
//     and an import plan read), users.Store (the user listing) and auth.TokenLookup (API
//     tokens and personal access tokens, resolved to principals whose
//     permission checks follow the reference server's);
//   - (*DB).Snapshot reads the whole state as a model.Snapshot, for the
//     in-memory implementations and offline checks.
//
// It only reads: every statement is a SELECT, so a role that holds SELECT
// on the public schema's tables is enough. A Read is one read-only
// transaction whose every query reads a whole batch of names
// (= ANY($1)), so one validation makes a constant number of queries
// whatever the size of the import.
//
// Open checks the schema against the migrations table and the columns this
// package reads, their types included, and refuses a database it does not
// know with an *UnsupportedSchemaError naming what it found, and a role
// that may not read those tables with a *PermissionError naming them. It
// sizes the pool to what the role and the database may open (their
// CONNECTION LIMIT), so that calls wait for a connection instead of being
// refused one. Every database call has a deadline (Options.QueryTimeout,
// DefaultQueryTimeout by default): a held lock, a slow query or a network
// that drops packets cannot hold a caller longer. A call that fails
// because the database is unavailable (deadline passed, connection refused
// or lost, server shutting down, too many connections) returns an
// *UnavailableError, on which a server can answer 503 and Retry-After.
// Every error is wrapped with the operation that failed and never holds
// the connection password or a token.
package unleashdb
