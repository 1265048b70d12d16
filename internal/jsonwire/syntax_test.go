package jsonwire

import (
	"math"
	"strings"
	"testing"
)

// syntaxSamples are texts with and without syntax errors, deep ones
// included.
func syntaxSamples() []string {
	deep := strings.Repeat(`{"a":[`, 125000)
	out := []string{`{}`, `[]`, `{"a":1,"a":2}`, "\"\xff\"", "\xef\xbb\xbf{}", " 1 ", `{"k":[1,{"x":null}]}`,
		deep, deep + "1" + strings.Repeat("]}", 125000), deep + "1" + strings.Repeat("]}", 124999) + "}}",
		strings.Repeat("[", 300000), strings.Repeat("[", 70) + strings.Repeat("]", 70)}
	for _, tt := range syntaxErrorCases {
		out = append(out, tt.in)
	}
	return out
}

// TestSyntaxMatchesScan: Syntax ends on the same issue as Scan without a
// depth limit, and accepts what Scan reads to its end.
func TestSyntaxMatchesScan(t *testing.T) {
	for _, in := range syntaxSamples() {
		issues, fatal := Scan([]byte(in), math.MaxInt)
		is, ok := Syntax([]byte(in))
		if ok == fatal {
			t.Errorf("%.40q: Syntax ok %v, Scan fatal %v", in, ok, fatal)
			continue
		}
		if fatal && is != issues[len(issues)-1] {
			t.Errorf("%.40q: Syntax %+v, Scan %+v", in, is, issues[len(issues)-1])
		}
	}
}

// TestSyntaxAllocations: nothing is allocated but the bits of containers
// nested deeper than 64, in words of 64 levels.
func TestSyntaxAllocations(t *testing.T) {
	flat := stSampleBody(200)
	if a := testing.AllocsPerRun(10, func() { Syntax(flat) }); a != 0 {
		t.Errorf("%v allocations for a valid body of %d bytes", a, len(flat))
	}
	deep := []byte(strings.Repeat(`{"a":[`, 125000))
	if a := testing.AllocsPerRun(3, func() { Syntax(deep) }); a > 40 {
		t.Errorf("%v allocations for %d levels", a, 250000)
	}
}

// FuzzSyntax: Syntax agrees with Scan on every input. The seeds run with
// go test.
func FuzzSyntax(f *testing.F) {
	for _, s := range syntaxSamples() {
		if len(s) < 1000 {
			f.Add([]byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		issues, fatal := Scan(data, math.MaxInt)
		is, ok := Syntax(data)
		if ok == fatal || (fatal && is != issues[len(issues)-1]) {
			t.Fatalf("%q: Syntax %+v %v, Scan %+v", data, is, ok, issues)
		}
	})
}

func BenchmarkSyntax(b *testing.B) {
	for _, bench := range []struct {
		name string
		body []byte
	}{
		{"valid", stSampleBody(1000)},
		{"nested-250000", []byte(strings.Repeat(`{"a":[`, 125000))},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(len(bench.body)))
			b.ReportAllocs()
			for b.Loop() {
				Syntax(bench.body)
			}
		})
	}
}
