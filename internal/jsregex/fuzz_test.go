package jsregex

import (
	"errors"
	"testing"
)

// FuzzCompile holds the parser and matcher to never panic, to refuse
// only with a *SyntaxError whose offset lies in the source, and to answer
// the same on a second test.
func FuzzCompile(f *testing.F) {
	for _, row := range table {
		in := ""
		if len(row.inputs) > 0 {
			in = row.inputs[0]
		}
		f.Add(row.source, in)
	}
	f.Fuzz(func(t *testing.T, source, input string) {
		re, err := CompileLimits(source, Limits{Steps: 20_000})
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Compile(%q): %T %v", source, err, err)
			}
			if se.Offset < 0 || se.Offset > len(units(nil, source)) {
				t.Fatalf("Compile(%q): offset %d outside the source", source, se.Offset)
			}
			return
		}
		m1, err1 := re.MatchString(input)
		m2, err2 := re.MatchString(input)
		if m1 != m2 || err1 != err2 {
			t.Fatalf("%q on %q: %v %v, then %v %v", source, input, m1, err1, m2, err2)
		}
		if err1 != nil && !errors.Is(err1, ErrLimit) {
			t.Fatalf("%q on %q: %v", source, input, err1)
		}
	})
}
