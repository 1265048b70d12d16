package importmodel

import (
	"testing"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestCompactLenUpTo holds the search for white space to the count it
// stands for, at every limit around each body's length.
func TestCompactLenUpTo(t *testing.T) {
	for _, s := range []string{
		``, `{}`, `{"a":"b c"}`, `{"a": 1}`, "{\"a\":\n1}", "{\"a\":\t1,\r\"b\":2}",
		`{"a":"\"","b":[1,2,3]}`, `["x","y y",true,null]`, `"unterminated`,
	} {
		for max := int64(-1); max <= int64(len(s))+1; max++ {
			if got, want := compactLenUpTo([]byte(s), max), jsonwire.CompactLenUpTo([]byte(s), max); got != want {
				t.Errorf("compactLenUpTo(%q, %d) = %d, want %d", s, max, got, want)
			}
		}
	}
}

// TestCompactLenUpToWhiteSpace holds it to the count on bodies with
// white space in their strings and out of them, at limits around their
// compact length.
func TestCompactLenUpToWhiteSpace(t *testing.T) {
	for _, s := range []string{
		`{"a":"x y z","b":"  ","c":[1, 2, 3]}`,
		"[\n  \"a b\",\n  \"c\\\" d\",\n  1\n]",
		"{\"d\":\"\t\t\t\t\t\t\t\t\t\t\",\"e\":1}",
	} {
		whole := jsonwire.CompactLenUpTo([]byte(s), int64(len(s)))
		for max := int64(0); max <= whole+1; max++ {
			if got, want := compactLenUpTo([]byte(s), max), jsonwire.CompactLenUpTo([]byte(s), max); got != want {
				t.Errorf("compactLenUpTo(%q, %d) = %d, want %d", s, max, got, want)
			}
		}
	}
}
