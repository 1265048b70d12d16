package jsvalue

import (
	"sort"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// A member whose name the same object repeats later is shadowed: JSON.parse
// keeps the last value of a repeated name, and the reference server checks
// and imports that one only. DropShadowed removes the shadowed members from
// the text, so that any decoder (encoding/json merges a repeated object
// member into a struct instead of replacing it) reads what JSON.parse reads.

// DropShadowed returns data (a JSON text that jsonwire.Scan accepted, with issues
// its findings) without the members that a later member of the same name
// shadows. It returns data itself when no member is shadowed.
func DropShadowed(data []byte, issues []jsonwire.Issue) []byte {
	// Each occurrence of a repeated name belongs to the group of its
	// first occurrence; the last of a group stays.
	type occurrence struct{ off, group int }
	var occs []occurrence
	last := map[int]int{}
	for _, is := range issues {
		if is.Kind != jsonwire.KindDuplicateKey {
			continue
		}
		group := is.Other
		if is.First {
			group = is.Off
		}
		occs = append(occs, occurrence{is.Off, group})
		last[group] = max(last[group], is.Off)
	}
	var drop []int
	for _, o := range occs {
		if last[o.group] > o.off {
			drop = append(drop, o.off)
		}
	}
	if len(drop) == 0 {
		return data
	}
	sort.Ints(drop)
	out := make([]byte, 0, len(data))
	at := 0
	for _, k := range drop {
		if k < at {
			continue // inside a member dropped already
		}
		out = append(out, data[at:k]...)
		at = nextMember(data, k)
	}
	return append(out, data[at:]...)
}

// nextMember returns the offset of the key of the member after the one
// whose key starts at k: past the key, the colon, the value and the comma.
func nextMember(d []byte, k int) int {
	i := jsonwire.SkipWS(d, jsonwire.SkipValue(d, k))
	i = jsonwire.SkipWS(d, i+1) // past ':'
	i = jsonwire.SkipWS(d, jsonwire.SkipValue(d, i))
	if i < len(d) && d[i] == ',' {
		i = jsonwire.SkipWS(d, i+1)
	}
	return i
}
