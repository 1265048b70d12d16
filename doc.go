// Package flagadmin is the root of a library that embeds two admin
// operations of the Unleash feature-flag server (8.2.0) in any Go program,
// answering on the wire as that server does:
//
//   - validating a feature import: what blocks it (errors), what the user
//     should know (warnings) and which permissions the caller lacks, every
//     problem at once with its place in the input;
//   - listing users and root roles, behind token authentication.
//
// This package holds no code. Where to start:
//
//   - [github.com/flagadmin/flagadmin/importvalidate]: the validator. Build
//     one with importvalidate.New, call Validate with the raw bytes of an
//     export, and range over Report.Diagnostics (or print them with
//     importvalidate.WriteText). Report.Reference is the reference server's
//     answer. importvalidate.Catalogue lists every rule with its code.
//   - [github.com/flagadmin/flagadmin/importvalidate/validatetest]: check
//     export files inside go test.
//   - [github.com/flagadmin/flagadmin/model]: the typed wire structures, the
//     state snapshot (the JSON description of an instance's existing state)
//     and strict decoding.
//   - [github.com/flagadmin/flagadmin/auth]: authorization headers, tokens,
//     principals and their permissions, and errors that say why a caller
//     is refused.
//   - [github.com/flagadmin/flagadmin/users]: the user and root role listing.
//   - [github.com/flagadmin/flagadmin/unleashdb]: the state, the users and the
//     tokens of an Unleash 8.2+ instance, read from its PostgreSQL database.
//   - [github.com/flagadmin/flagadmin/unleashapi]: the same of a live Unleash
//     8 instance, read over its admin API with an API token; a caller's
//     rights are asked of the instance with the caller's own token.
//   - examples/flagadmin, the command users install: flagadmin validate
//     checks export files like a linter, in the formats CI tools read
//     (text, json, sarif, github, junit, unleash); flagadmin snapshot
//     writes an instance's state; flagadmin serve is the HTTP server, whose
//     handler, package adminhttp, mounts in any net/http server. docs/CLI.md
//     describes it. examples/server is the smallest server around
//     adminhttp, on the embedded default state.
//
// The state the rules check against comes through the small
// importvalidate.State interface, and each source gives it together with
// its token lookup, user store and plan source as one
// instance.Instance: instance.FromFile and instance.FromSnapshot hold a
// state snapshot, unleashdb.Open reads an Unleash database, unleashapi.New
// reads a live instance over HTTP, and a service may implement the
// interfaces over its own store. README.md is the user guide;
// the docs folder describes the rules (RULES.md), the snapshot format
// (SNAPSHOT.md), the deviations from the reference server (DEVIATIONS.md),
// the measured performance (PERFORMANCE.md) and reading a live instance
// over its admin API (UNLEASHAPI.md).
package flagadmin
