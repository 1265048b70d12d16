package cli

import (
	"fmt"
	"strings"
	"testing"
)

// extraFindingBody is an import of one feature, written one member a
// line, with member inserted in the feature's object.
func extraFindingBody(member string) string {
	return "{\n\"project\": \"default\",\n\"environment\": \"development\",\n\"data\": {\n" +
		"\"features\": [{\"name\": \"f1\", \"project\": \"default\"" + member + "}],\n" +
		"\"featureStrategies\": [],\n\"tagTypes\": []\n}\n}\n"
}

// posIn returns the line:col of the n-th (0-based) occurrence of s in
// body, columns counted in bytes from 1.
func posIn(t *testing.T, body, s string, n int) string {
	t.Helper()
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(body[off+1:], s)
		if j < 0 {
			t.Fatalf("occurrence %d of %q not in the body", n, s)
		}
		off += 1 + j
	}
	return fmt.Sprintf("%d:%d", 1+strings.Count(body[:off], "\n"), off-strings.LastIndex(body[:off], "\n"))
}

// TestExtraFindingsLocated runs each finding the reference server does
// not make (it accepts the body after changing it, or leaves names
// unchecked) through the command, in default and -strict mode: each is
// printed with its code at its line:col, a warning by default (exit 0)
// and an error with -strict (exit 1).
func TestExtraFindingsLocated(t *testing.T) {
	type want struct {
		code string
		at   string // line:col
	}
	cases := []struct {
		name  string
		body  string
		state string // -state file, "" for the default state
		want  func(t *testing.T, body string, strict bool) []want
	}{
		{"coercion", extraFindingBody(`, "stale": "true"`), "", func(t *testing.T, b string, strict bool) []want {
			return []want{{"coerced", posIn(t, b, `"true"`, 0)}}
		}},
		{"duplicate key", extraFindingBody(`, "name": "f1"`), "", func(t *testing.T, b string, strict bool) []want {
			return []want{{"duplicate-key", posIn(t, b, `"name"`, 0)}, {"duplicate-key", posIn(t, b, `"name"`, 1)}}
		}},
		{"byte order mark", "\xef\xbb\xbf" + extraFindingBody(""), "", func(t *testing.T, b string, strict bool) []want {
			return []want{{"byte-order-mark", "1:1"}}
		}},
		{"invalid UTF-8", extraFindingBody(",\n\"description\": \"caf\xe9\""), "", func(t *testing.T, b string, strict bool) []want {
			return []want{{"invalid-utf8", posIn(t, b, "\xe9", 0)}}
		}},
		{"number beyond the model", strings.Replace(extraFindingBody(""), `"tagTypes": []`,
			"\"tagTypes\": [],\n\"contextFields\": [{\"name\": \"c\", \"sortOrder\": 1e30}]", 1), "", func(t *testing.T, b string, strict bool) []want {
			return []want{{"number", posIn(t, b, "1e30", 0)}}
		}},
		{"string coerced to Infinity", strings.Replace(extraFindingBody(""), `"tagTypes": []`,
			"\"tagTypes\": [],\n\"contextFields\": [{\"name\": \"c\", \"sortOrder\": \"-Infinity\"}]", 1), "", func(t *testing.T, b string, strict bool) []want {
			at := posIn(t, b, `"-Infinity"`, 0)
			if strict {
				return []want{{"coerced", at}} // a structural error: the body is not decoded
			}
			return []want{{"coerced", at}, {"number", at}}
		}},
		{"refused naming pattern", extraFindingBody(""), "testdata/state-refused-pattern.json", func(t *testing.T, b string, strict bool) []want {
			return []want{{"invalid-naming-pattern", posIn(t, b, `"default"`, 0)}, {"invalid-naming-pattern", posIn(t, b, "[{", 0)}}
		}},
	}
	for _, tc := range cases {
		for _, strict := range []bool{false, true} {
			name := tc.name
			if strict {
				name += "/strict"
			}
			t.Run(name, func(t *testing.T) {
				args := []string{"-demo"}
				if tc.state != "" {
					args = []string{"-state", tc.state}
				}
				severity, exit := "warning", 0
				if strict {
					args = append(args, "-strict")
					severity, exit = "error", 1
				}
				code, out, errOut := invoke(tc.body, append(args, "-")...)
				if code != exit {
					t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exit, out, errOut)
				}
				var got []string
				for _, l := range strings.Split(out, "\n") {
					for _, w := range tc.want(t, tc.body, strict) {
						if strings.Contains(l, " "+w.code+": ") {
							got = append(got, l)
							break
						}
					}
				}
				wants := tc.want(t, tc.body, strict)
				if len(got) != len(wants) {
					t.Fatalf("%d lines with the codes, want %d:\n%s", len(got), len(wants), out)
				}
				for i, w := range wants {
					prefix := "<stdin>:" + w.at + ": " + severity + " " + w.code + ": "
					if !strings.HasPrefix(got[i], prefix) {
						t.Errorf("line %q, want it to start with %q", got[i], prefix)
					}
				}
			})
		}
	}
}
