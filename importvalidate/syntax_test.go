package importvalidate

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// syntaxOf is the syntax problem Check reports for body, if any.
func syntaxOf(s *structure, body []byte) Problems {
	_, ps := s.Check(body)
	var out Problems
	for _, p := range ps {
		if p.Code == CodeSyntax {
			out = append(out, p)
		}
	}
	return out
}

// FuzzCheckSyntax: CheckSyntax reports the syntax problem Check reports
// (without a depth limit), the same words at the same place, and nothing
// for a body Check finds no syntax problem in. The seeds run with go test.
func FuzzCheckSyntax(f *testing.F) {
	for _, s := range []string{
		"", "\xef\xbb\xbf", "{", "[]", "\x00", `{"a":1,"a":2}`, "\"\xff\"", "{\n\"a\":\n  tru}", "\xef\xbb\xbf{]",
		stBody(`,"featureEnvironments":[{"name":"f","enabled":"x"}]`), stBody(`,"x":[1,]`),
		strings.Repeat(`{"a":[`, 20000) + "1" + strings.Repeat("]}", 19999) + "]",
	} {
		f.Add([]byte(s))
	}
	st := stNew(f, Options{})
	f.Fuzz(func(t *testing.T, body []byte) {
		if d := cmp.Diff(syntaxOf(st, body), CheckSyntax(body), CmpDiagnostics); d != "" {
			t.Fatalf("%.60q (-Check +CheckSyntax):\n%s", body, d)
		}
	})
}
