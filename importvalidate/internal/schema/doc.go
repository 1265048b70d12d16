// Package schema is the slow path of importvalidate's structural tier: it
// checks a request body against the import schema with jsonschema/v5,
// coerces scalars as the reference server does when asked, and words and
// orders every problem as the reference server does. Decode then decodes a
// valid body with encoding/json. jsonschema/v5 is handed the body in
// pieces (pieces.go), so that a body with many problems never makes it
// build an error tree larger than the problems kept. Problems carry their
// own kinds, which importvalidate maps to its codes. It reads bytes
// through package jsonwire and imports nothing else of importvalidate.
package schema
