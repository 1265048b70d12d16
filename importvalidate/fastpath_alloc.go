package importvalidate

// This file holds how the fast path (fastpath.go) allocates what the model
// holds: the items of arrays are gathered in per-type scratch lists and
// then copied into slices of exactly their length, carved from shared
// chunks when small; values behind pointers come from per-type slabs. Both
// cut the number of allocations without sharing memory between two places
// of the result: every slice has its own elements (and a capacity equal to
// its length, so that appending to it copies), every pointer its own value.

// Chunk sizes, in elements, of fastList and fastSlab.
const (
	fastFirstChunk = 16
	fastMaxChunk   = 512
	// fastOwnSlice is the length from which an array gets a backing
	// array of its own rather than a piece of a chunk.
	fastOwnSlice = 64
)

// fastNextChunk returns the size of the chunk after one of size n.
func fastNextChunk(n int) int {
	switch {
	case n < fastFirstChunk:
		return fastFirstChunk
	case n >= fastMaxChunk:
		return fastMaxChunk
	}
	return 2 * n
}

// fastList gathers the items of the arrays of one element type that are
// being decoded. Arrays of one type never nest in the model, but an item
// may hold arrays of other types, so items keeps the items of the arrays
// being decoded, innermost last, and each array remembers where its own
// items start.
type fastList[T any] struct {
	items []T
	chunk []T // free capacity for small finished arrays
	heads fastSlab[[]T]
}

// add appends a zero item and returns a pointer to it, valid until the
// next add on the same list.
func (l *fastList[T]) add() *T {
	var zero T
	l.items = append(l.items, zero)
	return &l.items[len(l.items)-1]
}

// reset readies l for the next decoding: the scratch items are kept (and
// cleared), the chunk, handed out to the last result, is dropped.
func (l *fastList[T]) reset() {
	clear(l.items)
	l.items = l.items[:0]
	l.chunk = nil
	l.heads.buf = nil
}

// finish returns the items from base on as a slice of their own, and drops
// them from items. No items give an empty, non-nil slice, as encoding/json
// decodes [].
func (l *fastList[T]) finish(base int) []T {
	items := l.items[base:]
	n := len(items)
	var out []T
	switch {
	case n == 0:
		out = make([]T, 0)
	case n >= fastOwnSlice:
		out = make([]T, n)
		copy(out, items)
	default:
		if cap(l.chunk)-len(l.chunk) < n {
			l.chunk = make([]T, 0, fastNextChunk(cap(l.chunk)))
		}
		start := len(l.chunk)
		l.chunk = append(l.chunk, items...)
		out = l.chunk[start:len(l.chunk):len(l.chunk)]
	}
	clear(items)
	l.items = l.items[:base]
	return out
}

// fastSlab hands out pointers to values of one type, allocated a chunk at
// a time.
type fastSlab[T any] struct {
	buf []T
}

// reset drops the chunk, handed out to the last result.
func (s *fastSlab[T]) reset() { s.buf = nil }

// put returns a pointer to a new variable holding v.
func (s *fastSlab[T]) put(v T) *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, fastNextChunk(cap(s.buf)))
	}
	s.buf = append(s.buf, v)
	return &s.buf[len(s.buf)-1]
}

// fastArray decodes an array whose items item decodes, into a slice of
// their own.
func fastArray[T any](d *fastDecoder, l *fastList[T], item func(*fastDecoder, *T) bool) ([]T, bool) {
	empty, ok := d.openArray()
	if !ok {
		return nil, false
	}
	base := len(l.items)
	for more := !empty; more; {
		if !item(d, l.add()) {
			return nil, false
		}
		if more, ok = d.nextItem(); !ok {
			return nil, false
		}
	}
	return l.finish(base), true
}

// fastArrayPtr is fastArray for an optional member held as a pointer to a
// slice.
func fastArrayPtr[T any](d *fastDecoder, l *fastList[T], item func(*fastDecoder, *T) bool) (*[]T, bool) {
	s, ok := fastArray(d, l, item)
	if !ok {
		return nil, false
	}
	return l.heads.put(s), true
}
