// Command gen writes the fast path's decode functions (decode_gen.go) from
// import.schema.json and the JSON member names of the model's types. Run
// it with go generate in importvalidate/internal/fastpath after a change
// to the schema or to the model.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	schemaPath := flag.String("schema", "../../import.schema.json", "the JSON Schema of the import request body")
	out := flag.String("o", "decode_gen.go", "the file to write")
	flag.Parse()
	if err := run(*schemaPath, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run generates the code for the schema file and writes it to out.
func run(schemaPath, out string) error {
	doc, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	src, err := generate(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	return os.WriteFile(out, src, 0o644)
}
