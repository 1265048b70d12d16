package testutil

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCorpusRoundTrip(t *testing.T) {
	vals := []any{[]byte("{\"a\":\n1}"), "x\ty", true, byte(0xFF), byte('a')}
	b := MarshalCorpus(t, vals...)
	got, err := ParseCorpus(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, vals) {
		t.Errorf("ParseCorpus(MarshalCorpus(%v)) = %v", vals, got)
	}
}

func TestParseCorpusErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"go test fuzz v2\nstring(\"a\")\n", "first line"},
		{"go test fuzz v1\n", "no values"},
		{"go test fuzz v1\nstring(1)\n", "not a string literal"},
		{"go test fuzz v1\nbyte('\\u0100')\n", "not a byte"},
		{"go test fuzz v1\nfloat64(1.5)\n", "unsupported"},
		{"go test fuzz v1\nbool(yes)\n", "not a boolean"},
		{"go test fuzz v1\nstring(\"a\", \"b\")\n", "one value"},
	} {
		if _, err := ParseCorpus([]byte(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCorpus(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
	if v, err := ParseCorpus([]byte("go test fuzz v1\nint64(3)\nint(0x10)\n")); err != nil || v[0] != int64(3) || v[1] != 16 {
		t.Errorf("integers: %v, %v", v, err)
	}
}

// TestCheckSeeds checks that CheckSeeds passes a good seed and fails a
// directory with a seed of the wrong types.
func TestCheckSeeds(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok"), MarshalCorpus(t, "a", byte(1)), 0o644); err != nil {
		t.Fatal(err)
	}
	str, b := reflect.TypeFor[string](), reflect.TypeFor[byte]()
	CheckSeeds(t, dir, str, b)
	for _, types := range [][]reflect.Type{{str}, {b, str}} {
		rec := &recorder{TB: t}
		CheckSeeds(rec, dir, types...)
		if !rec.failed {
			t.Errorf("CheckSeeds with types %v passed", types)
		}
	}
	rec := &recorder{TB: t}
	CheckSeeds(rec, filepath.Join(dir, "none"), str)
	if !rec.failed {
		t.Error("CheckSeeds of a missing directory passed")
	}
}

// recorder notes a failure instead of failing the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }

// Fatalf notes the failure and returns: the helper under test goes on.
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

func TestWriteSeeds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "FuzzX")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A seed written before (a '-' in its name) and one the fuzzer found.
	for name, body := range map[string]string{"old-seed": "stale", "0123abcd": "found"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	WriteSeeds(t, dir, map[string][]byte{"new-b": []byte("b"), "new-a": []byte("a")})
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[f.Name()] = string(b)
	}
	want := map[string]string{"0123abcd": "found", "new-a": "a", "new-b": "b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after WriteSeeds: %v, want %v", got, want)
	}
}
