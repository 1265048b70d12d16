// Package auth authenticates and authorizes callers of the admin API.
//
// A request carries an API token in its authorization header, either bare or
// after the word "Bearer" (in any case). [ParseAuthorization] extracts the
// token, and an [Authenticator] resolves it through a pluggable
// [TokenLookup] to a [Principal]: an admin token (which holds ADMIN), a user
// acting through a personal token (whose rights are the grants of the user's
// root role plus the user's own grants), or a client or frontend token (which
// may not use the admin endpoints at all). [MemoryLookup] is a lookup over a
// state snapshot that compares secrets in constant time.
//
// [Authorize] checks that a principal may use an admin route and holds one of
// the permissions the route needs. A Principal also answers
// HasPermission(ctx, permission, project, environment), the question the
// import validator asks.
//
// Failures say what happened and nothing about how to answer them:
// [ErrNoToken] and [ErrUnknownToken] (no usable credentials), [ErrTokenKind]
// (a client or frontend token on the admin API) and [PermissionError] (the
// permissions the caller lacks, with their project and environment). An
// HTTP adapter maps them to statuses and bodies.
//
// No error of this package ever contains a token secret.
// The package holds no package-level state and performs no output.
package auth
