// Package users implements the user listing of the admin API
// (GET /api/admin/user-admin): every user of the instance that is not
// deleted, not a service account and not a system user, with the root roles
// of the instance.
//
// A Go service implements [Store] over its own user store; [MemoryStore]
// implements it over a state snapshot. [Lister] runs the operation for an
// authenticated [auth.Principal], which must hold ADMIN, and returns a
// [Listing] whose JSON form is byte-compatible with the reference server's
// UsersSchema answer.
//
// The package holds no package-level state and performs no output.
package users
