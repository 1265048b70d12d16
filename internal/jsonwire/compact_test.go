package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

func TestCompactLen(t *testing.T) {
	for _, s := range []string{
		`{}`, ` { "a" : [ 1 , 2 ] } `, "{\n\t\"a b\": \"x \\\" y\\\\\", \"c\":\r\n null}", `"  "`, `[ "\\", " " ]`, "",
	} {
		var b bytes.Buffer
		if s != "" {
			if err := json.Compact(&b, []byte(s)); err != nil {
				t.Fatal(err)
			}
		}
		if got := CompactLen([]byte(s)); got != int64(b.Len()) {
			t.Errorf("CompactLen(%q) = %d, want %d", s, got, b.Len())
		}
	}
}

func FuzzCompactLen(f *testing.F) {
	f.Add([]byte(` {"a": [1, "x \" y"]} `))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b bytes.Buffer
		if json.Compact(&b, data) != nil {
			return
		}
		if got := CompactLen(data); got != int64(b.Len()) {
			t.Errorf("CompactLen(%q) = %d, want %d", data, got, b.Len())
		}
	})
}

func BenchmarkCompactLen(b *testing.B) {
	var buf bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&buf, "  {\n    \"name\": \"feature-%06d\",\n    \"description\": \"a \\\"quoted\\\" word\\\\\"\n  },\n", i)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		CompactLen(data)
	}
}
