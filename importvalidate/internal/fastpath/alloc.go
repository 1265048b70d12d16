package fastpath

import (
	"unsafe"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// This file holds how the fast path (decode.go) allocates what the model
// holds. The items of arrays are decoded in place: a small array into a
// chunk shared with the other arrays of its element type, a large one into
// a scratch list kept between calls, from which it is copied into a slice
// of exactly its length, or which it keeps. Values behind pointers come
// from per-type slabs. This cuts the number of allocations and, above all,
// the copies of memory holding pointers, which are slow while the garbage
// collector marks.
//
// A large array that fills its scratch list enough takes the list itself
// instead of a copy (the next scratch list of its type is then made as
// large at once), which spares a process that decodes one body the copy's
// fresh memory; in a process that does not collect, the list is made at
// once as large as it may grow, since the pages it never writes cost
// nothing there, while the smaller lists it would have grown from would
// stay as dead memory. An array that reaches sizeAt items is counted to
// its end first and its items go into a slice of exactly its length,
// which the result keeps without a copy: a million features then take the
// memory of a million, not of the doublings of a scratch list and a copy.
//
// Nothing is shared between two places of the result: every slice has its
// own elements (and a capacity equal to its length, so that appending to
// it copies), every pointer its own variable.

// Chunk sizes, in elements, of list and slab.
const (
	firstChunk = 16
	maxChunk   = 512
)

// An array is counted to its end, and given a slice of exactly its
// length, once it holds sizeAt items and countBytes bytes of them. Below
// that its items grow a scratch list kept between calls, and are copied
// once into a slice of their own: a copy costs far less than the count,
// which crosses the rest of the array once more, and the scratch list of
// one element type stays under twice countBytes.
const (
	sizeAt     = 1024
	countBytes = 2 << 20
)

// countAt is the number of items from which an array of items of the
// given size is counted (see countBytes; d.countBytes is it, but in
// tests).
func (d *decoder) countAt(size uintptr) int {
	return max(sizeAt, d.countBytes/max(int(size), 1))
}

// nextChunk returns the size of the chunk after one of size n.
func nextChunk(n int) int {
	switch {
	case n < firstChunk:
		return firstChunk
	case n >= maxChunk:
		return maxChunk
	}
	return 2 * n
}

// list holds the arrays of one element type. Arrays of one type never
// nest in the model (an item may hold arrays of other types only), so at
// most one array of a list is being decoded at a time. While it is small
// its items are chunk[base:used]; once it outgrows its chunk they move to
// large[:inLarge]. The unused parts of chunk and large are always zero,
// so that adding an item writes nothing, and the slices are kept at their
// full length with the counts beside them, so that adding an item stores
// no pointer (a store the garbage collector would have to look at while it
// marks).
type list[T any] struct {
	chunk []T
	base  int
	used  int
	// large is kept between calls, unless an array took it (see finish);
	// hint is then the length of that array, at which the next large is
	// made at once. large grows fourfold, up to countAt items, from which
	// the array in progress is counted (see array). grown says that large
	// was made for the items of the array in progress, rather than kept
	// or made from hint.
	// whole makes large at countAt items at once (see decoder.whole).
	large   []T
	hint    int
	countAt int
	grown   bool
	whole   bool
	// inLarge is the number of items in large, or 0 while the array in
	// progress is in chunk.
	inLarge int
	active  bool // an array is in progress
	heads   slab[[]T]
	// exact holds the array in progress once it is sized (see reserve),
	// its first inExact items decoded.
	exact   []T
	inExact int
}

// count is the number of items of the array in progress.
func (l *list[T]) count() int {
	switch {
	case l.exact != nil:
		return l.inExact
	case l.inLarge > 0:
		return l.inLarge
	}
	return l.used - l.base
}

// reserve moves the items of the array in progress into a slice of
// exactly n items (n at least count), which add fills from then on and
// finish returns as it is.
func (l *list[T]) reserve(n int) {
	exact := make([]T, n)
	if l.inLarge > 0 {
		l.inExact = copy(exact, l.large[:l.inLarge])
		clear(l.large[:l.inLarge])
		l.inLarge = 0
	} else {
		l.inExact = copy(exact, l.chunk[l.base:l.used])
		clear(l.chunk[l.base:l.used])
		l.used = l.base
	}
	l.exact = exact
}

// begin starts an array, which is counted once it holds countAt items;
// whole makes its scratch list that large at once.
// It panics when one is in progress already: the model would then nest
// arrays of one type, which list cannot hold.
func (l *list[T]) begin(countAt int, whole bool) {
	if l.active {
		panic("importvalidate: list: nested arrays of one element type")
	}
	l.active = true
	l.base = l.used
	l.countAt, l.whole = countAt, whole
}

// add appends a zero item to the array and returns a pointer to it, valid
// until the next add on the same list.
func (l *list[T]) add() *T {
	if l.exact != nil {
		if l.inExact == len(l.exact) { // counted short: grow
			var zero T
			l.exact = append(l.exact, zero)
			l.exact = l.exact[:cap(l.exact)]
		}
		l.inExact++
		return &l.exact[l.inExact-1]
	}
	if l.inLarge == 0 {
		if l.used < len(l.chunk) {
			l.used++
			return &l.chunk[l.used-1]
		}
		n := l.used - l.base
		if next := nextChunk(len(l.chunk)); n < next/2 {
			// Move the few items to a new chunk; the old one keeps the
			// arrays finished before (and an unreachable copy of these).
			chunk := make([]T, next)
			copy(chunk, l.chunk[l.base:l.used])
			l.chunk, l.base, l.used = chunk, 0, n+1
			return &chunk[n]
		}
		// large was sized before this array unless it is made for its
		// items now; in a process that does not collect, at once for as
		// many as it may hold before it is counted.
		l.grown = len(l.large) < 2*n && (l.whole || l.hint <= 2*n)
		if len(l.large) < 2*n {
			size := max(2*n, l.hint)
			if l.whole {
				size = max(size, l.countAt)
			}
			l.large = make([]T, size)
		}
		copy(l.large, l.chunk[l.base:l.used])
		clear(l.chunk[l.base:l.used])
		l.used, l.inLarge = l.base, n
	}
	if n := len(l.large); l.inLarge == n {
		// Fourfold, so that the items are copied a third of a time on
		// average rather than once.
		next := 2 * n
		if n < l.countAt {
			next = min(4*n, l.countAt)
		}
		large := make([]T, next)
		copy(large, l.large)
		l.large, l.grown = large, true
	}
	l.inLarge++
	return &l.large[l.inLarge-1]
}

// finish ends the array and returns its items. No items give an empty,
// non-nil slice, as encoding/json decodes [].
func (l *list[T]) finish() []T {
	l.active = false
	if l.exact != nil {
		out := l.exact[:l.inExact:l.inExact]
		l.exact, l.inExact = nil, 0
		return out
	}
	if n := l.inLarge; n > 0 {
		if 2*n >= len(l.large) || l.grown && 4*n > len(l.large) {
			// large, filled to half or more, or beyond a quarter when
			// it grew for this array, becomes the array's own: no
			// copy, and the part left over is never written, so that a
			// fresh list costs the pages of its items only.
			out := l.large[:n:n]
			l.hint, l.large, l.inLarge = n, nil, 0
			return out
		}
		out := make([]T, n)
		copy(out, l.large[:n])
		clear(l.large[:n])
		l.inLarge = 0
		return out
	}
	if l.used == l.base {
		return make([]T, 0)
	}
	return l.chunk[l.base:l.used:l.used]
}

// reset readies l for the next decoding: large is kept (and cleared), the
// chunk, handed out to the last result, is dropped.
func (l *list[T]) reset() {
	clear(l.large[:l.inLarge])
	l.chunk, l.base, l.used, l.inLarge, l.active = nil, 0, 0, 0, false
	l.exact, l.inExact = nil, 0
	l.heads.reset()
}

// slab hands out pointers to values of one type, allocated a chunk at
// a time: buf[:used] are handed out, the rest is zero.
type slab[T any] struct {
	buf  []T
	used int
}

// reset drops the chunk, handed out to the last result.
func (s *slab[T]) reset() { s.buf, s.used = nil, 0 }

// put returns a pointer to a new variable holding v.
func (s *slab[T]) put(v T) *T {
	p := s.zero()
	*p = v
	return p
}

// zero returns a pointer to a new zero variable.
func (s *slab[T]) zero() *T {
	if s.used == len(s.buf) {
		s.buf, s.used = make([]T, nextChunk(len(s.buf))), 0
	}
	s.used++
	return &s.buf[s.used-1]
}

// array decodes an array whose items item decodes, into a slice of
// their own.
func array[T any](d *decoder, l *list[T], item func(*decoder, *T) bool) ([]T, bool) {
	empty, ok := d.openArray()
	if !ok {
		return nil, false
	}
	var zero T
	countAt := d.countAt(unsafe.Sizeof(zero))
	l.begin(countAt, d.whole)
	// The arrays of data (the outermost object's member, an object) are
	// at depth 3; their items' offsets go to d.starts when it is set.
	indexed := d.starts != nil && d.depth == 3
	first := len(d.offsets)
	for more := !empty; more; {
		if l.count() == countAt && l.exact == nil {
			if left, ok := d.itemsLeft(); ok {
				l.reserve(countAt + left)
			}
		}
		if indexed {
			d.offsets = append(d.offsets, int32(d.pos))
		}
		if !item(d, l.add()) {
			return nil, false
		}
		if more, ok = d.nextItem(); !ok {
			return nil, false
		}
	}
	if indexed {
		d.starts[d.startsPrefix+d.dataMember] = d.offsets[first:len(d.offsets):len(d.offsets)]
	}
	return l.finish(), true
}

// arrayPtr is array for an optional member held as a pointer to a
// slice.
func arrayPtr[T any](d *decoder, l *list[T], item func(*decoder, *T) bool) (*[]T, bool) {
	s, ok := array(d, l, item)
	if !ok {
		return nil, false
	}
	return l.heads.put(s), true
}

// itemsLeft counts the items from d.pos, the start of an item, to the end
// of the array, and reads nothing. The count only sizes the slice: the
// items are checked when they are decoded, so it crosses them as
// jsonwire.SkipValue does, looking only at the bytes that open and close
// strings and containers, at several times the speed of a checking read.
// A body that is not JSON may be miscounted (add grows a slice counted
// short) or refused here, as the decoding then refuses it; either way the
// count is at most one item per two bytes, as for a valid body. It looks
// at the context every cancelEvery items, and reports false once it ended.
func (d *decoder) itemsLeft() (int, bool) {
	data := d.data
	i := d.pos
	for n := 1; ; n++ {
		if n%cancelEvery == 0 && d.ctx.Err() != nil {
			return 0, false
		}
		i = jsonwire.SkipWS(data, jsonwire.SkipValue(data, i))
		if i >= len(data) {
			return 0, false
		}
		switch data[i] {
		case ']':
			return n, true
		case ',':
			i = jsonwire.SkipWS(data, i+1)
		default:
			return 0, false
		}
	}
}
