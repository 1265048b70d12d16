// Package model holds the typed wire structures of the feature-flag admin API:
// the import request (ImportRequest and everything inside ExportData), the
// validation response, the error body, and the state snapshot that
// describes an instance's existing state.
//
// Conventions:
//
//   - JSON member names are the wire names, given as struct tags.
//   - An optional member is a pointer (or a slice or map) and is omitted when nil.
//   - A nullable member is a [Nullable], which tells "absent", "null" and a
//     value apart, so that decoding and re-encoding a document neither loses
//     nor invents a member. A plain pointer cannot make that distinction.
//   - Date-times of the import request are [DateTime]: the text as written
//     (the reference accepts forms RFC 3339 does not, such as a space for
//     the "T" or no zone) and the instant when Go can read one. Those of
//     the state snapshot are [time.Time].
//   - Enumerations are typed string constants with a Valid method.
//   - Objects that the API leaves open (strategy parameters, collaborators,
//     strategy variant payloads, milestone strategy variants, data.links[]
//     links) keep every member they carry.
//
// The package performs no I/O and holds no package-level state.
package model
