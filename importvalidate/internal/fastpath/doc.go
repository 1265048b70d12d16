// Package fastpath is the fast path of importvalidate's structural tier:
// one pass over the request body that checks it against
// import.schema.json and decodes it into the model at once, for the common
// case of a valid body. Whatever it does not accept goes to the slow path
// (package schema), which finds and words the problems; the fast path
// never reports any.
//
// The decode functions, one per object of the schema and model type, are
// generated (decode_gen.go, by go generate with the program in gen/) from
// import.schema.json and the JSON member names of the model's types: a
// change to the schema means regenerating, not editing them, and a test
// fails while decode_gen.go is not current. They call the hand-written
// part: the single-value checks in schema.go, the byte-level reading in
// lex.go and the allocation scheme in alloc.go.
//
// The package's fuzz targets and agreement test hold the fast path to the
// schema as jsonschema/v5 reads it, to encoding/json's decoding and to the
// slow path.
package fastpath

//go:generate go run ./gen -schema ../../import.schema.json -o decode_gen.go
