package jsonwire_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// skipCases are JSON texts whose every value SkipValue must cross exactly:
// brackets and braces inside strings, escaped quotes and backslashes at
// every position of an eight-byte word, non-ASCII text, and values ending
// at the last byte of the text.
var skipCases = []string{
	`{}`, `[]`, `"x"`, `0`, `-1.5e3`, `true`, `null`,
	`{"a":[1,2,{"b":"c"}],"d":{}}`,
	`["]", "[", "}", "{", "\"]", "\\", "\\\"", "a\\"]`,
	`{"k": "{[\"]}\\\\", "l": [[[["]]]"]]]]}`,
	`["é]ü{", "\u005d", "日本語 ] } \" ok"]`,
	`[ 1 , [ 2 , [ 3 ] ] , { "a" : { "b" : [ ] } } ]`,
	"{\n\t\"x\": [\r\n\"y\"\n]\n}",
	`["1234567\"", "12345678\\", "123456789\\\"x"]`,
}

// TestSkipValueAgreesWithDecoder skips each value of each case, and of a
// generated export, and compares the end with the one encoding/json's
// decoder reaches.
func TestSkipValueAgreesWithDecoder(t *testing.T) {
	docs := append([]string(nil), skipCases...)
	// The same strings at every alignment of the eight-byte scans.
	for pad := 1; pad < 8; pad++ {
		docs = append(docs, `[`+string(bytes.Repeat([]byte{' '}, pad))+skipCases[8]+`]`)
	}
	docs = append(docs, string(exportgen.JSON(exportgen.Options{Features: 30, Seed: 3, ProblemShare: 0.2})))
	for _, doc := range docs {
		d := []byte(doc)
		if !json.Valid(d) {
			t.Fatalf("case %q is not JSON", doc)
		}
		values := 0
		jsonwire.WalkPointers(d, func(off int, key bool, _ []byte) bool {
			if key {
				return true
			}
			values++
			dec := json.NewDecoder(bytes.NewReader(d[off:]))
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				t.Fatalf("%q at %d: %v", doc, off, err)
			}
			if got, want := jsonwire.SkipValue(d, off), off+int(dec.InputOffset()); got != want {
				t.Errorf("%q: the value at %d ends at %d, want %d", doc, off, got, want)
			}
			return true
		})
		if values == 0 {
			t.Errorf("%q: no value walked", doc)
		}
	}
}

// TestSkipValueTruncated: a text cut short (which callers never pass)
// ends the skip at its end, without a panic.
func TestSkipValueTruncated(t *testing.T) {
	for _, doc := range skipCases {
		for n := 0; n < len(doc); n++ {
			if got := jsonwire.SkipValue([]byte(doc[:n]), 0); got < 0 || got > n {
				t.Errorf("%q cut at %d: skip ends at %d", doc, n, got)
			}
		}
	}
}

// BenchmarkSkipValue crosses a generated export of 1 000 features in one
// skip, as locating crosses the members and items before a wanted value.
func BenchmarkSkipValue(b *testing.B) {
	d := exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1})
	b.SetBytes(int64(len(d)))
	b.ReportAllocs()
	for b.Loop() {
		if end := jsonwire.SkipValue(d, 0); end != len(d) {
			b.Fatalf("skip ended at %d of %d", end, len(d))
		}
	}
}
