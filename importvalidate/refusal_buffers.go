package importvalidate

import "unsafe"

// refusalBuffers are the memory of the file's resolved names (fileNames)
// and of a view of the cleaned file (refusalView) that a Validator keeps
// between validations: the names' refs and the lists of indices, about
// 100 bytes per feature of the file. Taking them again spares each
// validation of a large file that much fresh memory, and the garbage
// collection it brings on. A Validator keeps one set, of at most
// refusalSpareMax bytes (a file of some 150 000 features); validations at
// the same time take fresh memory.
type refusalBuffers struct {
	refs []refusalRef
	// ints are the view's lists of indices, names those of fileNames.
	ints, names []int32
}

// refusalSpareMax is the largest set of buffers a Validator keeps.
const refusalSpareMax = 16 << 20

// size is the memory b holds, in bytes.
func (b *refusalBuffers) size() int {
	return cap(b.refs)*int(unsafe.Sizeof(refusalRef{})) + 4*cap(b.ints) + 4*cap(b.names)
}

// refusalNameMemory returns n indices for the lists of fileNames, taken
// from the buffers b (nil for none) when they are large enough.
func refusalNameMemory(b *refusalBuffers, n int) []int32 {
	if b != nil && cap(b.names) >= n {
		return b.names[:n]
	}
	return make([]int32, n)
}

// refusalIndexLists hands out, from one slice, the view's lists of
// indices: each of its own length and capacity, so that one appended to
// never reaches the next.
type refusalIndexLists struct {
	ints []int32
}

// take returns a list of length n and capacity c (c >= n).
func (l *refusalIndexLists) take(n, c int) []int32 {
	s := l.ints[:n:c]
	l.ints = l.ints[c:]
	return s
}

// refusalViewMemory returns the memory for a view: refs with room for
// refs names, and index lists of ints indices in all, taken from the
// buffers b (nil for none) when they are large enough.
func refusalViewMemory(b *refusalBuffers, refs, ints int) ([]refusalRef, refusalIndexLists) {
	var r []refusalRef
	var n []int32
	if b != nil {
		r, n = b.refs[:0], b.ints
	}
	if cap(r) < refs || r == nil {
		r = make([]refusalRef, 0, refs)
	}
	if cap(n) < ints {
		n = make([]int32, ints)
	}
	return r, refusalIndexLists{ints: n[:ints]}
}

// release hands the memory of the resolved names and of the view back for
// the next validation and forgets the view: the memory they took, or,
// when no rule built a view, the buffers the input was given for it. The
// names the refs hold are cleared, so that the buffers keep no part of
// this file alive.
func (in *Input) release() *refusalBuffers {
	v, b := in.refusalCache, in.buffers
	in.refusalCache, in.buffers = nil, nil
	out := &refusalBuffers{}
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
