package importmodel

import (
	"strings"
	"testing"
)

// The fast paths of the value checks answer only where they are sure, and
// then as the exact checks do.

var datePlainSeeds = []string{
	"2024-03-07T10:00:00Z", "2024-03-07T10:00:00.123456789Z", "0000-01-01T00:00:00.0Z", "9999-12-31T23:59:59.999Z",
	"2024-02-31T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-32T00:00:00Z",
	"2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T10:00:00.Z",
	"2024-01-01T10:00:00+01:00", "2024-01-01t10:00:00z", "2024-01-01T10:00Z", "+002024-01-01T00:00:00Z", "",
}

var semverPlainSeeds = []string{
	"1.0.0", "0.0.0", "10.20.30", "999999999999999.0.0", "9999999999999999.0.0", "01.0.0", "1.02.0", "1.0.00",
	"1.0", "1.0.0.0", "1..0", ".1.0", "1.0.", "v1.0.0", "1.0.0-rc.1", "1.0.0+b", " 1.0.0", "",
}

// fastPath is a fast path of a value check: where it is sure of a
// value, the exact check agrees with it.
type fastPath struct {
	seeds  []string
	sure   func(string) bool
	agrees func(string) bool
	// minSure is how many seeds it must be sure of.
	minSure int
}

var (
	dateFastPath = fastPath{datePlainSeeds, datePlain,
		func(s string) bool { return dateExact(s) == dateValid }, 5}
	semverFastPath = fastPath{semverPlainSeeds, SemverPlain, semverExact, 4}
)

func TestFastPaths(t *testing.T) {
	for name, p := range map[string]fastPath{"date": dateFastPath, "semver": semverFastPath} {
		sure := 0
		for _, s := range p.seeds {
			if p.sure(s) {
				sure++
				if !p.agrees(s) {
					t.Errorf("%s %q: the fast path is sure of it, the exact check disagrees", name, s)
				}
			}
		}
		if sure < p.minSure {
			t.Errorf("%s: the fast path is sure of only %d seeds", name, sure)
		}
	}
}

// fuzzRefusalFastPath holds a fast path to its exact check.
func fuzzRefusalFastPath(f *testing.F, p fastPath) {
	for _, s := range p.seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p.sure(s) && !p.agrees(s) {
			t.Errorf("%q: the fast path is sure of it, the exact check disagrees", s)
		}
	})
}

// FuzzDatePlain holds the date fast path to the exact check.
func FuzzDatePlain(f *testing.F) { fuzzRefusalFastPath(f, dateFastPath) }

// FuzzSemverPlain holds the semver fast path to the exact check.
func FuzzSemverPlain(f *testing.F) { fuzzRefusalFastPath(f, semverFastPath) }

var lengthSeeds = []string{"", "a", "ab", "abc", "abcdef", "é", "éé", "ééé", "😀", "😀😀", "日本", "日本語",
	"\xed\xa0\x80\xed\xa0\x80", "\xff\xfe", strings.Repeat("a", 50), strings.Repeat("a", 51), strings.Repeat("é", 26),
	strings.Repeat("😀", 13), strings.Repeat("日", 17)}

// TestLength holds the length check to the one that counts the
// code units, for the bounds the rules use.
func TestLength(t *testing.T) {
	for _, s := range lengthSeeds {
		for _, b := range [][2]int{{1, 100}, {2, 50}, {1, 0}, {2, 0}} {
			if got, want := length("x", s, b[0], b[1]), lengthExact("x", s, b[0], b[1]); got != want {
				t.Errorf("%q %v: %q, counting says %q", s, b, got, want)
			}
		}
	}
}

// FuzzLength holds the length check to the one that counts.
func FuzzLength(f *testing.F) {
	for _, s := range lengthSeeds {
		f.Add(s, 2, 50)
	}
	f.Fuzz(func(t *testing.T, s string, min, max int) {
		min, max = min&127, max&255
		if got, want := length("x", s, min, max), lengthExact("x", s, min, max); got != want {
			t.Errorf("%q [%d,%d]: %q, counting says %q", s, min, max, got, want)
		}
	})
}
