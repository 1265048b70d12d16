package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

func TestCompactLenUpTo(t *testing.T) {
	for _, s := range []string{
		`{}`, ` { "a" : [ 1 , 2 ] } `, "{\n\t\"a b\": \"x \\\" y\\\\\", \"c\":\r\n null}", `"  "`, `[ "\\", " " ]`, "",
	} {
		var b bytes.Buffer
		if s != "" {
			if err := json.Compact(&b, []byte(s)); err != nil {
				t.Fatal(err)
			}
		}
		want := int64(b.Len())
		if got := CompactLenUpTo([]byte(s), math.MaxInt64); got != want {
			t.Errorf("CompactLenUpTo(%q) = %d, want %d", s, got, want)
		}
		if want > 0 {
			if got := CompactLenUpTo([]byte(s), want-1); got <= want-1 {
				t.Errorf("CompactLenUpTo(%q, %d) = %d, want more", s, want-1, got)
			}
			if got := CompactLenUpTo([]byte(s), want); got != want {
				t.Errorf("CompactLenUpTo(%q, %d) = %d, want %d", s, want, got, want)
			}
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
		if got := CompactLenUpTo(data, math.MaxInt64); got != int64(b.Len()) {
			t.Errorf("CompactLenUpTo(%q) = %d, want %d", data, got, b.Len())
		}
	})
}

// BenchmarkCompactLen counts a long indented JSON text in full.
func BenchmarkCompactLen(b *testing.B) {
	var buf bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&buf, "  {\n    \"name\": \"feature-%06d\",\n    \"description\": \"a \\\"quoted\\\" word\\\\\"\n  },\n", i)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		CompactLenUpTo(data, math.MaxInt64)
	}
}
