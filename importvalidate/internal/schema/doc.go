// Package schema is the slow path of importvalidate's structural tier: it
// reads a request body as the reference server reads it (JSON.parse: a
// byte order mark skipped, the last of a repeated name kept, invalid UTF-8
// as U+FFFD, unpaired surrogates kept; then ajv's scalar coercion), reports
// each such change (a warning unless Options.Warnings leaves its kind
// out), checks the body against the import schema with jsonschema/v5, and
// orders every problem as the reference server does. Decode then decodes a
// valid body (with the fast path from the body as read, else
// encoding/json). jsonschema/v5 is the only judge of the schema here: it is
// handed the body in pieces (pieces.go), so that a body with many problems
// never makes it build an error tree larger than the problems kept, and the
// items of a long array past those that gave more than the cap of problems
// are not checked at all. The walks of a decoded value beside the schema
// (coercion, number stand-ins, the stubbing of long arrays) are one walk
// (walk.go), which changes the value in place or copies only what it
// changes. A Problem holds its kind, its place and what it found (Detail),
// no words: importvalidate maps each kind to its code and words it; the
// kinds of reading the body take the values of jsonwire's. It reads bytes
// through packages jsonwire and jsvalue and imports nothing else of
// importvalidate.
package schema
