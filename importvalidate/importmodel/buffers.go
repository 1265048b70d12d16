package importmodel

import "unsafe"

// Buffers are the memory of the file's resolved names (fileNames)
// and of a view of the cleaned file (view) that an importvalidate.Validator keeps
// between validations: the names' refs and the lists of indices, about
// 100 bytes per feature of the file. Taking them again spares each
// validation of a large file that much fresh memory, and the garbage
// collection it brings on. A Validator keeps one set, of at most
// SpareMax bytes (a file of some 150 000 features); validations at
// the same time take fresh memory.
type Buffers struct {
	refs []ref
	// ints are the view's lists of indices, names those of fileNames.
	ints, names []int32
}

// SpareMax is the largest set of buffers a Validator keeps.
const SpareMax = 16 << 20

// Size is the memory b holds, in bytes.
func (b *Buffers) Size() int {
	return cap(b.refs)*int(unsafe.Sizeof(ref{})) + 4*cap(b.ints) + 4*cap(b.names)
}

// nameMemory returns n indices for the lists of fileNames, taken
// from the buffers b (nil for none) when they are large enough.
func nameMemory(b *Buffers, n int) []int32 {
	if b != nil && cap(b.names) >= n {
		return b.names[:n]
	}
	return make([]int32, n)
}

// indexLists hands out, from one slice, the view's lists of
// indices: each of its own length and capacity, so that one appended to
// never reaches the next.
type indexLists struct {
	ints []int32
}

// take returns a list of length n and capacity c (c >= n).
func (l *indexLists) take(n, c int) []int32 {
	s := l.ints[:n:c]
	l.ints = l.ints[c:]
	return s
}

// viewMemory returns the memory for a view: refs with room for
// refs names, and index lists of ints indices in all, taken from the
// buffers b (nil for none) when they are large enough.
func viewMemory(b *Buffers, refs, ints int) ([]ref, indexLists) {
	var r []ref
	var n []int32
	if b != nil {
		r, n = b.refs[:0], b.ints
	}
	if cap(r) < refs || r == nil {
		r = make([]ref, 0, refs)
	}
	if cap(n) < ints {
		n = make([]int32, ints)
	}
	return r, indexLists{ints: n[:ints]}
}

// Release hands the memory of the resolved names and of the view back for
// the next validation and forgets the view: the memory they took, or,
// when no rule built a view, the buffers the input was given for it. The
// names the refs hold are cleared, so that the buffers keep no part of
// this file alive.
func (in *Input) Release() *Buffers {
	v, b := in.viewCache, in.buffers
	in.viewCache, in.buffers = nil, nil
	out := &Buffers{}
	if b != nil {
		out.refs, out.ints = b.refs, b.ints
	}
	if in.fileNamesCache != nil {
		out.names = in.fileNamesCache.ints
	}
	if v != nil && v.refs != nil {
		clear(v.refs)
		out.refs, out.ints = v.refs[:0], v.ints
	}
	return out
}
