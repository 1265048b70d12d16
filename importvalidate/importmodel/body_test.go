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
