package importvalidate

// Positions fills in Line and Column of each location from its byte offset
// in src. Lines are separated by '\n'; columns count bytes from 1. It reads
// src once, however many locations there are.
func Positions(src []byte, locs ...*Location) {
	if len(locs) == 0 {
		return
	}
	// Offsets of the line starts, computed once.
	starts := []int64{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, int64(i+1))
		}
	}
	for _, l := range locs {
		if l == nil || l.Offset < 0 {
			continue
		}
		off := l.Offset
		if off > int64(len(src)) {
			off = int64(len(src))
		}
		lo, hi := 0, len(starts)
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if starts[mid] <= off {
				lo = mid
			} else {
				hi = mid
			}
		}
		l.Line = lo + 1
		l.Column = int(off-starts[lo]) + 1
	}
}
