package jsonwire

import "bytes"

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
	c := NewLineCounter(src)
	return c.Position(max(off, 0))
}

// LineCounter gives the lines and columns of offsets of a text taken in
// increasing order, reading the text once up to the last of them, without
// a line table.
type LineCounter struct {
	src   []byte
	line  int // the line of offset at
	start int // where that line starts
	at    int // src[:at] is counted
}

// NewLineCounter returns a LineCounter of src.
func NewLineCounter(src []byte) LineCounter { return LineCounter{src: src, line: 1} }

// Position returns the line and column (both from 1) of the byte offset
// off, as Lines.Position does. off must not be negative nor less than the
// offset of the call before; an offset past the end is read as the end.
func (c *LineCounter) Position(off int64) (line, column int) {
	o := int(min(off, int64(len(c.src))))
	if seg := c.src[c.at:o]; len(seg) > 0 {
		if k := bytes.Count(seg, []byte{'\n'}); k > 0 {
			c.line += k
			c.start = c.at + bytes.LastIndexByte(seg, '\n') + 1
		}
		c.at = o
	}
	return c.line, o - c.start + 1
}
