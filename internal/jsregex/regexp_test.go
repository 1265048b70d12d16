package jsregex

import (
	"errors"
	"strings"
	"testing"
)

func TestSyntaxError(t *testing.T) {
	tests := []struct {
		source       string
		offset       int
		reason, text string
	}{
		{`^(?i)abc$`, 2, "Invalid group", `Invalid regular expression: /^(?i)abc$/: Invalid group (at code unit 2)`},
		{`^a**$`, 3, "Nothing to repeat", ""},
		{`^[b-a]$`, 5, "Range out of order in character class", ""},
		{`^(a$`, 4, "Unterminated group", ""},
		{`^a)$`, 2, "Unmatched ')'", ""},
		{`^😀(?$`, 4, "Invalid group", ""},
		{strings.Repeat("(a)", 32768), 98302, "Too many captures", ""},
		{strings.Repeat("(?:", 50001), 150000, "Stack overflow", ""},
	}
	for _, tt := range tests {
		_, err := Compile(tt.source)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("Compile(%q) = %v, want a *SyntaxError", tt.source, err)
		}
		if se.Source != tt.source || se.Offset != tt.offset || se.Reason != tt.reason {
			t.Errorf("Compile(%.40q) = offset %d, reason %q; want offset %d, reason %q", tt.source, se.Offset, se.Reason, tt.offset, tt.reason)
		}
		if tt.text != "" && err.Error() != tt.text {
			t.Errorf("Compile(%q).Error() = %q, want %q", tt.source, err.Error(), tt.text)
		}
	}
}

func TestLargeSources(t *testing.T) {
	for _, src := range []string{strings.Repeat("(a)", 32767), strings.Repeat("(?:", 50000) + "a" + strings.Repeat(")", 50000)} {
		re, err := Compile(src)
		if err != nil {
			t.Fatalf("Compile(%.20q...): %v", src, err)
		}
		if _, err := re.MatchString("a"); err != nil && !errors.Is(err, ErrLimit) {
			t.Fatalf("MatchString: %v", err)
		}
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name, source, input string
		lim                 Limits
	}{
		{"exponential backtracking", `^(a+)+$`, strings.Repeat("a", 40) + "b", Limits{}},
		{"a small step limit", `^(a|aa)*c$`, strings.Repeat("a", 30), Limits{Steps: 1000}},
		{"a minimum too large to run", `^(?:a|){100000000}$`, "a", Limits{}},
		{"deep input", `^(?:a|b)*$`, strings.Repeat("ab", 100), Limits{Depth: 50}},
		// Few steps of backtracking, each comparing a long capture.
		{"long backreferences", `^(.*)\1*c$`, strings.Repeat("a", 20_000), Limits{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re, err := CompileLimits(tt.source, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			if m, err := re.MatchString(tt.input); !errors.Is(err, ErrLimit) || m {
				t.Errorf("MatchString = %v, %v; want false, ErrLimit", m, err)
			}
		})
	}
	// Within the limits the same expressions answer.
	re, err := Compile(`^(a+)+$`)
	if err != nil {
		t.Fatal(err)
	}
	if m, err := re.MatchString(strings.Repeat("a", 10) + "b"); err != nil || m {
		t.Errorf("short input: %v, %v; want false, nil", m, err)
	}
	if m, err := re.MatchString(strings.Repeat("a", 5000)); err != nil || !m {
		t.Errorf("long matching input: %v, %v; want true, nil", m, err)
	}
}

// TestBackreferenceSteps: a backreference costs a step per code unit it
// compares, all of them when it matches, up to the first difference when
// it does not.
func TestBackreferenceSteps(t *testing.T) {
	steps := func(source, in string) int {
		t.Helper()
		re, err := Compile(source)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBudget(DefaultSteps)
		if _, err := re.MatchStringBudget(in, b); err != nil {
			t.Fatal(err)
		}
		return DefaultSteps - b.Left()
	}
	// The same test with a capture of 500 and of 10 code units: only the
	// backreference's comparisons differ.
	for _, tt := range []struct {
		name string
		in   func(a string) string
		diff int
	}{
		{"match", func(a string) string { return a + a }, 490},
		{"first unit differs", func(a string) string { return a + "b" + a[1:] }, 0},
		{"last unit differs", func(a string) string { return a + a[1:] + "b" }, 490},
	} {
		long, short := strings.Repeat("a", 500), strings.Repeat("a", 10)
		got := steps(`^(a{500})\1$`, tt.in(long)) - steps(`^(a{10})\1$`, tt.in(short))
		if got != tt.diff {
			t.Errorf("%s: the longer backreference cost %d more steps, want %d", tt.name, got, tt.diff)
		}
	}
}

func TestUnits(t *testing.T) {
	tests := []struct {
		in   string
		want []uint16
	}{
		{"", nil},
		{"aé", []uint16{'a', 0xE9}},
		{"😀", []uint16{0xD83D, 0xDE00}},
		{"\xed\xa0\x80", []uint16{0xD800}},                 // a lone surrogate in WTF-8
		{"\xed\xbf\xbfx", []uint16{0xDFFF, 'x'}},           // the last one
		{"\xff\xed\xa0", []uint16{0xFFFD, 0xFFFD, 0xFFFD}}, // invalid and cut short
		{"\xf0\x9f\x98", []uint16{0xFFFD, 0xFFFD, 0xFFFD}},
	}
	for _, tt := range tests {
		if got := units(nil, tt.in); !slicesEqual(got, tt.want) {
			t.Errorf("units(%q) = %#x, want %#x", tt.in, got, tt.want)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	re, err := Compile(`^(?<p>[a-z]+)-\k<p>$`)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			ok := true
			for i := 0; i < 200; i++ {
				a, _ := re.MatchString("ab-ab")
				b, _ := re.MatchString("ab-ac")
				ok = ok && a && !b
			}
			done <- ok
		}()
	}
	for g := 0; g < 4; g++ {
		if !<-done {
			t.Error("a concurrent test answered wrongly")
		}
	}
}

func TestBudgetIsShared(t *testing.T) {
	re, err := Compile("^(a+)+b$")
	if err != nil {
		t.Fatal(err)
	}
	// Each test of 17 a's stays under the per-test limit, but they use up
	// a shared budget, after which every test fails with ErrLimit.
	in := strings.Repeat("a", 17)
	if _, err := re.MatchString(in); err != nil {
		t.Fatalf("one test: %v, want no limit", err)
	}
	b := NewBudget(2 * DefaultSteps)
	limited := 0
	for i := 0; i < 100; i++ {
		if _, err := re.MatchStringBudget(in, b); errors.Is(err, ErrLimit) {
			limited++
		}
	}
	if limited == 0 || b.Left() > 0 {
		t.Errorf("%d of 100 tests limited, %d steps left; want the budget spent", limited, b.Left())
	}
	if m, err := re.MatchStringBudget("ab", NewBudget(1000)); !m || err != nil {
		t.Errorf("a small test under a fresh budget = %v, %v", m, err)
	}
}
