package importvalidate

import _ "embed"

// importSchema is the JSON Schema (draft 2020-12) of the import request body,
// ImportTogglesSchema. The order of every properties object is the order of
// the reference server's schema: the checker derives the order of its problems from it.
//
//go:embed import.schema.json
var importSchema []byte
