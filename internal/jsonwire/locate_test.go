package jsonwire_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// TestLocateAgreesWithWalk locates every value of several documents and
// compares each offset with the one the full pointer walk gives.
func TestLocateAgreesWithWalk(t *testing.T) {
	docs := map[string][]byte{
		"generated": exportgen.JSON(exportgen.Options{Features: 40, Seed: 7, ProblemShare: 0.2}),
		"escapes":   []byte(`{"a~b": {"c/d": [1, {"\u0065": "x"}, [true, null]]}, "": {"": 2}, "e": []}`),
	}
	files, _ := filepath.Glob("../../testdata/exports/*.json")
	if len(files) == 0 {
		t.Fatal("no export files in ../../testdata/exports")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = b
	}
	for name, doc := range docs {
		want := map[string]int64{}
		jsonwire.WalkPointers(doc, func(off int, key bool, ptr []byte) bool {
			if !key {
				if _, seen := want[string(ptr)]; !seen {
					want[string(ptr)] = int64(off)
				}
			}
			return true
		})
		pointers := make([]string, 0, len(want)+1)
		for p := range want {
			pointers = append(pointers, p)
		}
		offs := jsonwire.Locate(doc, append(pointers, "/no/such/member"))
		for i, p := range pointers {
			if offs[i] != want[p] {
				t.Errorf("%s: %s at %d, want %d", name, p, offs[i], want[p])
			}
		}
		if missing := offs[len(pointers)]; missing != -1 {
			t.Errorf("%s: a pointer to no value got offset %d", name, missing)
		}
		if len(want) < 5 {
			t.Errorf("%s: only %d values", name, len(want))
		}
	}
}

// TestInvalidUTF8Keys: a key with ill-formed UTF-8 is named as the
// reference reads it, one U+FFFD per maximal subpart ("\xe6\xb8" is one),
// by the walk and by Locate alike.
func TestInvalidUTF8Keys(t *testing.T) {
	doc := []byte("{\"\xe6\xb8\":{\"a\\u0062\xff\":7}}")
	var ptrs []string
	jsonwire.WalkPointers(doc, func(off int, key bool, ptr []byte) bool {
		if key {
			ptrs = append(ptrs, string(ptr))
		}
		return true
	})
	want := []string{"/\ufffd", "/\ufffd/ab\ufffd"}
	if len(ptrs) != len(want) || ptrs[0] != want[0] || ptrs[1] != want[1] {
		t.Fatalf("walked keys %q, want %q", ptrs, want)
	}
	offs := jsonwire.Locate(doc, want)
	if offs[0] != 6 || doc[offs[1]] != '7' {
		t.Errorf("Locate = %v, want 6 and the offset of 7", offs)
	}
}

// TestLocateWithAgreesWithLocate gives LocateWith the item offsets of the
// arrays of several documents (all of them, then only the outermost) and
// compares its answer for every value, and for pointers to no value, with
// Locate's.
func TestLocateWithAgreesWithLocate(t *testing.T) {
	docs := map[string][]byte{
		"generated": exportgen.JSON(exportgen.Options{Features: 40, Seed: 9, ProblemShare: 0.2}),
		"nested":    []byte(`{"a":[[1,[2,3]],{"b":[{"c":4}]},"[x]"], "a~b": [{"c/d": [5]}], "e": []}`),
	}
	for name, doc := range docs {
		var pointers []string
		arrays := map[string]bool{}
		all := jsonwire.ItemStarts{}
		jsonwire.WalkPointers(doc, func(off int, key bool, ptr []byte) bool {
			if key {
				return true
			}
			p := string(ptr)
			pointers = append(pointers, p)
			if doc[off] == '[' {
				arrays[p] = true
				all[p] = []int32{}
			}
			if j := strings.LastIndexByte(p, '/'); j >= 0 && arrays[p[:j]] {
				all[p[:j]] = append(all[p[:j]], int32(off))
			}
			return true
		})
		for arr := range arrays {
			pointers = append(pointers, arr+"/999", arr+"/01", arr+"/-1", arr+"/x", arr+"/0/nothing")
		}
		outer := jsonwire.ItemStarts{}
		for arr, offs := range all {
			if strings.Count(arr, "/") == 2 {
				outer[arr] = offs
			}
		}
		want := jsonwire.Locate(doc, pointers)
		for label, starts := range map[string]jsonwire.ItemStarts{"all arrays": all, "outermost arrays": outer, "none": nil} {
			got := jsonwire.LocateWith(doc, pointers, starts)
			for i, p := range pointers {
				if got[i] != want[i] {
					t.Errorf("%s, %s: %q at %d, Locate gives %d", name, label, p, got[i], want[i])
				}
			}
		}
		if len(outer) == 0 {
			t.Errorf("%s: no array at depth 2", name)
		}
	}
}

// TestLocateMember checks that a member is located at its name and any
// other value at its first byte.
func TestLocateMember(t *testing.T) {
	doc := []byte(`{"a": [1, {"b~c/d": true, "x": null}], "e" : {"f": "g"}, "a/b": 2}`)
	tests := []struct {
		ptr  string
		want string // the document from the offset on; "" for -1
	}{
		{"", `{"a"`},
		{"/a", `"a": [`},
		{"/a/0", `1, {`},
		{"/a/1", `{"b~c/d"`},
		{"/a/1/b~0c~1d", `"b~c/d": true`},
		{"/a/1/x", `"x": null`},
		{"/e/f", `"f": "g"`},
		{"/a~1b", `"a/b": 2`},
		{"/a/2", ""},
		{"/a/-1", ""},
		{"/a/x", ""},
		{"/nope", ""},
		{"/e/f/g", ""},
		{"a", ""},
	}
	for _, tt := range tests {
		got := jsonwire.LocateMember(doc, tt.ptr)
		if tt.want == "" {
			if got != -1 {
				t.Errorf("jsonwire.LocateMember(%q) = %d, want -1", tt.ptr, got)
			}
			continue
		}
		if got < 0 || int(got)+len(tt.want) > len(doc) || string(doc[got:int(got)+len(tt.want)]) != tt.want {
			t.Errorf("jsonwire.LocateMember(%q) = %d, want the offset of %q", tt.ptr, got, tt.want)
		}
	}
}

// TestHasMember checks HasMember on whole documents, where it must agree
// with Locate, and on every prefix of them, where it must not panic.
func TestHasMember(t *testing.T) {
	names := []string{"project", "environment", "data"}
	for _, tt := range []struct {
		doc  string
		want bool
	}{
		{`{"project": "p", "data": {}}`, true},
		{`{"features": [{"project": "p"}], "data": 1}`, true},
		{`{"features": [{"project": "p"}], "tagTypes": []}`, false},
		{`{"pro\u006aect": 1}`, true},
		{"\ufeff {\"environment\": null}", true},
		{`{"a": "data", "b": ["project"]}`, false},
		{`[{"project": 1}]`, false},
		{`{}`, false},
	} {
		got := jsonwire.HasMember([]byte(tt.doc), names...)
		if got != tt.want {
			t.Errorf("HasMember(%s) = %v, want %v", tt.doc, got, tt.want)
		}
		located := false
		for _, off := range jsonwire.Locate([]byte(tt.doc), []string{"/project", "/environment", "/data"}) {
			located = located || off >= 0
		}
		if located != got {
			t.Errorf("HasMember(%s) = %v, but Locate finds a member: %v", tt.doc, got, located)
		}
		for n := range len(tt.doc) {
			jsonwire.HasMember([]byte(tt.doc[:n]), names...)
		}
	}
}
