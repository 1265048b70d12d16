package jsonwire

import (
	"bytes"
	"cmp"
	"slices"
)

// Lines is the line table of a text: the offsets at which its lines start.
// Lines are separated by '\n'; columns count bytes from 1.
type Lines struct {
	starts []int64
	size   int64
}

// NewLines reads src once and returns its line table.
func NewLines(src []byte) Lines {
	starts := []int64{0}
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, int64(i))
	}
	return Lines{starts: starts, size: int64(len(src))}
}

// Position returns the line and column (both from 1) of the byte offset
// off, which must not be negative; an offset past the end is read as the
// end.
func (t Lines) Position(off int64) (line, column int) {
	off = min(off, t.size)
	lo, hi := 0, len(t.starts)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if t.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1, int(off-t.starts[lo]) + 1
}

// Position returns the line and column (both from 1) of the byte offset
// off of src, as Lines.Position does, without a table: for one offset, it
// reads src once up to off and allocates nothing.
func Position(src []byte, off int64) (line, column int) {
	head := src[:min(max(off, 0), int64(len(src)))]
	line = bytes.Count(head, []byte{'\n'}) + 1
	return line, len(head) - (bytes.LastIndexByte(head, '\n') + 1) + 1
}

// Positions sets line[i] and column[i] to the line and column (both from
// 1) of the byte offset offs[i] of src, as Lines.Position gives them, for
// every offset that is not negative. It reads src once, up to the largest
// offset, and allocates only an order of offs: no line table, whose size
// would grow with the lines of src.
func Positions(src []byte, offs []int64, line, column []int) {
	order := make([]int, 0, len(offs))
	for i, off := range offs {
		if off >= 0 {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(offs[a], offs[b]) })
	n, start, at := 1, 0, 0 // line n starts at start; src[:at] is counted
	for _, i := range order {
		off := int(min(offs[i], int64(len(src))))
		if seg := src[at:off]; len(seg) > 0 {
			if k := bytes.Count(seg, []byte{'\n'}); k > 0 {
				n += k
				start = at + bytes.LastIndexByte(seg, '\n') + 1
			}
			at = off
		}
		line[i], column[i] = n, off-start+1
	}
}
