// Package importmodel is what Unleash's import (POST
// /api/admin/features-batch/import) does with a file, computed once per
// validation and read by every check of the import's: the JavaScript
// semantics it depends on (joi's rules and messages, Number, Date, the
// WHATWG URL parser, JSON.parse, String.length), the view of the file as
// it reads it after cleaning it (view.go), what it refuses and what it
// drops or changes without a word (one check per Kind, CheckOf), and the
// facts of the instance and of the caller it reads (Facts, as a state
// Source answers a Query, and SnapshotSource as a snapshot tells them).
//
// Its findings are typed: a Finding carries its Kind, the import's own
// message, and the values it names, each at its Places, indices into the
// file rather than JSON pointers. Package importvalidate, above it, gives
// each Kind the Code of the same string and turns findings into issues
// at one boundary, where the places become pointers. The package does no
// I/O and imports nothing of importvalidate.
package importmodel
