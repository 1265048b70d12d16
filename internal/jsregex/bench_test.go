package jsregex

import (
	"regexp"
	"strings"
	"testing"
)

// benchNames are feature names of a typical length, half of them
// matching the benchmark patterns.
var benchNames = []string{"new-checkout-flow", "pay-ment-retry", "Beta_Dashboard", "x", "search-v2-rollout", "old checkout"}

func benchmarkMatch(b *testing.B, source string) {
	re, err := Compile(source)
	if err != nil {
		b.Fatal(err)
	}
	size := 0
	for _, n := range benchNames {
		size += len(n)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range benchNames {
			if _, err := re.MatchString(n); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkMatchClass(b *testing.B)   { benchmarkMatch(b, `^[a-z0-9-]+$`) }
func BenchmarkMatchGroups(b *testing.B)  { benchmarkMatch(b, `^[a-z]+(-[a-z0-9]+)*$`) }
func BenchmarkMatchLook(b *testing.B)    { benchmarkMatch(b, `^(?!old)(?=.*-)[a-z0-9-]{3,40}$`) }
func BenchmarkMatchAlt(b *testing.B)     { benchmarkMatch(b, `^(new|pay|search)-.+|x$`) }
func BenchmarkMatchBackref(b *testing.B) { benchmarkMatch(b, `^(?<p>[a-z]+)-.*\k<p>.*$`) }
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(`^(?!old)(?=.*-)[a-z0-9-]{3,40}|(?<p>x)\k<p>$`); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGoRegexpClass is Go's regexp on BenchmarkMatchClass's pattern,
// for comparison only (it differs from JavaScript in general).
func BenchmarkGoRegexpClass(b *testing.B) {
	re := regexp.MustCompile(`^[a-z0-9-]+$`)
	b.SetBytes(int64(len(strings.Join(benchNames, ""))))
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range benchNames {
			re.MatchString(n)
		}
	}
}

// BenchmarkMatchBackrefLong is a naming pattern whose backreference
// compares long captures again and again, `(.*)\1*c`, against a name of
// 240 000 code units that does not match: the step limit must stop it
// within milliseconds, as it stops any other backtracking.
func BenchmarkMatchBackrefLong(b *testing.B) {
	re, err := Compile(`^(.*)\1*c$`)
	if err != nil {
		b.Fatal(err)
	}
	name := strings.Repeat("a", 240_000)
	b.SetBytes(int64(len(name)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := re.MatchString(name); err != ErrLimit {
			b.Fatalf("MatchString = %v, want ErrLimit", err)
		}
	}
}
