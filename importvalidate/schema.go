package importvalidate

import (
	"embed"
	"fmt"

	"github.com/flagadmin/flagadmin/model/profile"
)

// importSchema is the JSON Schema (draft 2020-12) of the import request body,
// ImportTogglesSchema of the default version (8.2.0), with the members the
// product's API adds. The order of every properties object is the order of
// the reference server's schema: the checker derives the order of its problems
// from it. The fast path (internal/fastpath) is generated from it.
//
//go:embed import.schema.json
var importSchema []byte

// olderSchemas are the request schemas of the older lines, one per
// profile.Schema.Name whose schema differs from importSchema
// (schemas/NAME.json), each the schema of that release as its server
// checks it: the members and constraint operators it knows.
//
//go:embed schemas/*.json
var olderSchemas embed.FS

// requestSchema returns the request schema the validation of p checks,
// and whether it is importSchema, the one the fast path was generated
// from. A profile that names no schema (the zero Profile) has the
// default's; one that names a schema not embedded is an error.
func requestSchema(p profile.Profile) (doc []byte, fast bool, err error) {
	if p.Schema.Name == "" || p.Schema.Name == profile.Default().Schema.Name {
		return importSchema, true, nil
	}
	doc, err = olderSchemas.ReadFile("schemas/" + p.Schema.Name + ".json")
	if err != nil {
		return nil, false, fmt.Errorf("importvalidate: no request schema for Unleash %s (schema %q)", p.Name, p.Schema.Name)
	}
	return doc, false, nil
}
