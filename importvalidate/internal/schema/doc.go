// Package schema is the slow path of importvalidate's structural tier: it
// reads a request body as the reference server reads it (JSON.parse: a
// byte order mark skipped, the last of a repeated name kept, invalid UTF-8
// as U+FFFD, unpaired surrogates kept; then ajv's scalar coercion), reports
// each such change as a warning (an error in strict mode), checks the body
// against the import schema with jsonschema/v5, and words and orders every
// problem as the reference server does. Decode then decodes a valid body
// (with the fast path from the body as read, else encoding/json).
// jsonschema/v5 is handed the body in pieces (pieces.go), so that a body
// with many problems never makes it build an error tree larger than the
// problems kept; a counter that judges the schema's keywords as the
// library does (count.go) counts the problems past the cap and spares the
// library the valid pieces, and the certainly valid items of long arrays
// are read as bytes and never decoded (skip.go). Problems carry their own kinds, which importvalidate maps
// to its codes. It reads bytes through package jsonwire and imports
// nothing else of importvalidate.
package schema
