// Package fastpath is the fast path of importvalidate's structural tier:
// one pass over the request body that checks it against
// import.schema.json and decodes it into the model at once, for the common
// case of a valid body. Whatever it does not accept goes to the slow path
// (package schema), which finds and words the problems; the fast path
// never reports any.
//
// The schema's constraints are written into the decode functions, one per
// model type (data.go, feature.go, strategy.go), with the single-value
// checks in schema.go, the byte-level reading in lex.go and the allocation
// scheme in alloc.go. FuzzFastPathAgreesWithSchema (fuzz_test.go) and
// TestFastPathAgreesWithSchema (agreement_test.go) hold them to the schema
// as jsonschema/v5 reads it, to encoding/json's decoding and to the slow
// path.
package fastpath
