package auth_test

import (
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// FuzzParseAuthorization checks ParseAuthorization on any header value:
// it never panics; a token it returns is not empty and has no spaces or
// tabs around it, and no token comes with ok false; "Bearer" in any case
// (chosen by the bits of mask), then JavaScript white space (that of sep,
// or one space), then a value x gives x without its leading JavaScript
// white space; and parsing a returned token that does not itself start
// with the Bearer word gives the token back.
func FuzzParseAuthorization(f *testing.F) {
	f.Add("Bearer abc", byte(0), " ")
	f.Fuzz(func(t *testing.T, header string, mask byte, sep string) {
		tok, ok := auth.ParseAuthorization(header)
		switch {
		case !ok && tok != "":
			t.Fatalf("%q: token %q with ok false", header, tok)
		case ok && tok == "":
			t.Fatalf("%q: empty token with ok true", header)
		case tok != strings.Trim(tok, " \t"):
			t.Fatalf("%q: token %q has spaces or tabs around it", header, tok)
		}

		if ok && !hasBearerWord(tok) {
			again, ok2 := auth.ParseAuthorization(tok)
			if !ok2 || again != tok {
				t.Fatalf("%q gave %q, which parses as %q, %v", header, tok, again, ok2)
			}
		}

		x := strings.Trim(header, " \t")
		if x == "" {
			return
		}
		word := []byte("bearer")
		for i := range word {
			if mask&(1<<i) != 0 {
				word[i] -= 'a' - 'A'
			}
		}
		ows := strings.Map(func(r rune) rune {
			if auth.IsJSSpace(r) {
				return r
			}
			return -1
		}, sep)
		if ows == "" {
			ows = " "
		}
		h := string(word) + ows + x
		want := strings.TrimLeftFunc(x, auth.IsJSSpace)
		if got, ok := auth.ParseAuthorization(h); ok != (want != "") || got != want {
			t.Fatalf("%q gave %q, %v; want %q", h, got, ok, want)
		}
	})
}

// hasBearerWord reports whether s is the word Bearer (in any case) or
// starts with it followed by JavaScript white space.
func hasBearerWord(s string) bool {
	const w = "bearer"
	if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[len(w):])
	return len(s) == len(w) || auth.IsJSSpace(r)
}

// TestFuzzSeedsLoad fails when a seed file of FuzzParseAuthorization is
// not in the corpus format of go test fuzz or does not fit its arguments
// (a string, a byte, a string).
func TestFuzzSeedsLoad(t *testing.T) {
	testutil.CheckSeeds(t, filepath.Join("testdata", "fuzz", "FuzzParseAuthorization"),
		reflect.TypeFor[string](), reflect.TypeFor[byte](), reflect.TypeFor[string]())
}

// TestWriteFuzzSeeds rewrites the seeds of FuzzParseAuthorization from the
// authorization headers of the recorded conformance requests and a list
// of awkward values, when FLAGADMIN_WRITE_FUZZ_SEEDS=1. Seeds that the
// fuzzer added (named by their hash) are kept.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("FLAGADMIN_WRITE_FUZZ_SEEDS") != "1" {
		t.Skip("set FLAGADMIN_WRITE_FUZZ_SEEDS=1 to rewrite the seed corpus")
	}
	headers := map[string]string{}
	for _, c := range conformance.MustLoad(t, "*") {
		headers["recorded-"+c.Name] = c.Request.Headers["Authorization"]
	}
	for name, h := range map[string]string{
		"blank": "", "spaces": " \t ", "bearer-only": "Bearer", "bearer-space": "Bearer ",
		"bearer-tabs": "bearer\t\tabc\t", "upper": "BEARER  xyz  ", "glued": "Bearerx",
		"twice": "Bearer Bearer x", "twice-word": "Bearer bearer", "inner-space": "Bearer a b",
		"crlf": "Bearer a\r\n", "nul": "Bearer \x00", "nbsp": "Bearer\u00a0x", "unicode": "BEARER ü",
		"vtab": "Bearer\vx", "long": "Bearer " + strings.Repeat("t", 300),
	} {
		headers["value-"+name] = h
	}
	seeds := map[string][]byte{}
	for i, n := range slices.Sorted(maps.Keys(headers)) {
		seeds[n] = testutil.MarshalCorpus(t, headers[n], byte(i*37), []string{" ", "\t", " \t", "x"}[i%4])
	}
	testutil.WriteSeeds(t, filepath.Join("testdata", "fuzz", "FuzzParseAuthorization"), seeds)
}
