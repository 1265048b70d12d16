// Package hostilebody builds the import bodies that cost the validation
// the most under the default body limit, shared by the example server's
// benchmarks and the load command.
package hostilebody

import (
	"strconv"
	"strings"
)

// UnknownKeysSize is the size UnknownKeys reaches for the costliest body
// under the default limit of 512 000 bytes: 496 KiB.
const UnknownKeysSize = 496 << 10

// UnknownKeys returns an import whose data object, besides its three
// required members, holds unknown keys "k0", "k1", ... until the body is
// at least size bytes long (a few bytes more at most). Every unknown key
// is a problem of the closed object.
func UnknownKeys(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]`)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(`,"k` + strconv.Itoa(i) + `":0`)
	}
	b.WriteString(`}}`)
	return []byte(b.String())
}

// Nested returns a text of size bytes that opens an object and then
// arrays, one in the other, and ends in a digit: `{"a":[[[...[1`. Its
// syntax error (the end comes before any bracket is closed) is at its very
// end, so a parser must read the whole of it, nested about size deep, to
// find it; one with a depth limit gives up instead.
func Nested(size int) []byte {
	b := make([]byte, 0, size)
	b = append(b, `{"a":`...)
	for len(b) < size-1 {
		b = append(b, '[')
	}
	return append(b, '1')
}
