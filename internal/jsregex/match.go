package jsregex

// matcher runs one test of a compiled expression against one input: a
// backtracking matcher in continuation-passing style that follows the
// semantics of ECMAScript's RegExp pattern matching (section 22.2.2).
type matcher struct {
	in    []uint16
	caps  []int // start and end of each group, -1 when unset
	steps int
	depth int
	lim   Limits
	over  bool // a limit was reached; every path now fails
}

// cont is a continuation: the rest of the match from position i.
type cont func(i int) bool

// accept is the continuation that ends a match.
func accept(int) bool { return true }

// tick counts a step and reports whether the match may go on.
func (m *matcher) tick() bool {
	m.steps++
	if m.steps > m.lim.Steps || m.depth > m.lim.Depth {
		m.over = true
	}
	return !m.over
}

// charge counts n steps at once and reports whether the match may go on.
func (m *matcher) charge(n int) bool {
	m.steps += n
	if m.steps > m.lim.Steps {
		m.over = true
	}
	return !m.over
}

// single reports whether u matches n, a node that matches one code unit
// (see isSingle).
func single(n *node, u uint16) bool {
	switch n.kind {
	case kChar:
		return n.unit == u
	case kSet:
		return n.set.has(u) != n.neg
	default: // kAny
		return !isLineTerminator(u)
	}
}

func isSingle(n *node) bool { return n.kind == kChar || n.kind == kSet || n.kind == kAny }

// match matches n at position i and then k.
func (m *matcher) match(n *node, i int, k cont) bool {
	if !m.tick() {
		return false
	}
	m.depth++
	ok := m.step(n, i, k)
	m.depth--
	return ok
}

// step is match without the accounting.
func (m *matcher) step(n *node, i int, k cont) bool {
	in := m.in
	switch n.kind {
	case kChar, kSet, kAny:
		if n.back {
			return i > 0 && single(n, in[i-1]) && k(i-1)
		}
		return i < len(in) && single(n, in[i]) && k(i+1)
	case kBOL:
		return i == 0 && k(i)
	case kEOL:
		return i == len(in) && k(i)
	case kWordB, kNotWordB:
		a := i > 0 && isWord(in[i-1])
		b := i < len(in) && isWord(in[i])
		return (a != b) == (n.kind == kWordB) && k(i)
	case kSeq:
		if n.back {
			return m.seqBack(n.subs, i, k)
		}
		return m.seq(n.subs, i, k)
	case kAlt:
		for _, a := range n.subs {
			if m.match(a, i, k) {
				return true
			}
			if m.over {
				return false
			}
		}
		return false
	case kGroup:
		g := 2 * n.cap
		return m.match(n.subs[0], i, func(j int) bool {
			s, e := m.caps[g], m.caps[g+1]
			m.caps[g], m.caps[g+1] = i, j
			if n.back {
				m.caps[g], m.caps[g+1] = j, i
			}
			if k(j) {
				return true
			}
			m.caps[g], m.caps[g+1] = s, e
			return false
		})
	case kBackref:
		s, e := m.caps[2*n.cap], m.caps[2*n.cap+1]
		if s < 0 || e < 0 {
			return k(i)
		}
		l := e - s
		from := i
		if n.back {
			from = i - l
		}
		if from < 0 || from+l > len(in) {
			return false
		}
		x := 0
		for x < l && in[s+x] == in[from+x] {
			x++
		}
		// Each code unit compared is a step, so that a backreference
		// to a long capture, tried again and again, stays within the
		// limits as any other backtracking does.
		if !m.charge(min(x+1, l)) || x < l {
			return false
		}
		if n.back {
			return k(from)
		}
		return k(i + l)
	case kLook:
		return m.look(n, i, k)
	default: // kRepeat
		if isSingle(n.subs[0]) {
			return m.repeatSingle(n, i, k)
		}
		return m.repeat(n, n.min, n.max, i, k)
	}
}

// seqBack matches subs from the last to the first, leftwards from i,
// then k.
func (m *matcher) seqBack(subs []*node, i int, k cont) bool {
	if len(subs) == 0 {
		return k(i)
	}
	last := len(subs) - 1
	return m.match(subs[last], i, func(j int) bool { return m.seqBack(subs[:last], j, k) })
}

// seq matches subs one after the other from i, then k. Leading nodes
// that match one code unit are matched in a loop, as they never
// backtrack.
func (m *matcher) seq(subs []*node, i int, k cont) bool {
	x := 0
	for ; x < len(subs) && isSingle(subs[x]); x++ {
		if i >= len(m.in) || !single(subs[x], m.in[i]) || !m.tick() {
			return false
		}
		i++
	}
	if x == len(subs) {
		return k(i)
	}
	rest := subs[x+1:]
	return m.match(subs[x], i, func(j int) bool { return m.seq(rest, j, k) })
}

// look matches a look-ahead or look-behind (whose inside is marked to
// match leftwards). Neither is backtracked into: the first way the inside
// matches is the one kept, with its captures (none for a negative one).
func (m *matcher) look(n *node, i int, k cont) bool {
	var buf [16]int
	saved := append(buf[:0], m.caps...)
	found := m.match(n.subs[0], i, accept)
	if m.over {
		return false
	}
	if found != n.neg && k(i) {
		return true
	}
	copy(m.caps, saved)
	return false
}

// repeat is ECMAScript's RepeatMatcher: the captures inside the atom are
// cleared before each iteration, and an iteration beyond the minimum that
// matches the empty string fails.
func (m *matcher) repeat(n *node, min, max, i int, k cont) bool {
	if max == 0 {
		return k(i)
	}
	if !m.tick() {
		return false
	}
	if min == 0 && !n.greedy {
		return k(i) || !m.over && m.iterate(n, min, max, i, k)
	}
	if m.iterate(n, min, max, i, k) {
		return true
	}
	return min == 0 && !m.over && k(i)
}

// iterate matches one more iteration of the repeated atom at i, then the
// rest of the repetition.
func (m *matcher) iterate(n *node, min, max, i int, k cont) bool {
	lo, hi := 2*n.capLo, 2*n.capHi
	var buf [8]int
	saved := append(buf[:0], m.caps[lo:hi]...)
	for x := lo; x < hi; x++ {
		m.caps[x] = -1
	}
	next := func(j int) bool {
		if min == 0 && j == i {
			return false
		}
		nmax := max
		if max != inf {
			nmax = max - 1
		}
		return m.repeat(n, max0(min-1), nmax, j, k)
	}
	if m.match(n.subs[0], i, next) {
		return true
	}
	copy(m.caps[lo:hi], saved)
	return false
}

func max0(v int) int {
	if v < 0 {
		return 0
	}
	return v
}

// repeatSingle is repeat for an atom that matches one code unit and holds
// no group: it counts the matching units and backtracks over the count.
func (m *matcher) repeatSingle(n *node, i int, k cont) bool {
	a := n.subs[0]
	if n.back {
		return m.repeatSingleBack(n, i, k)
	}
	end := len(m.in)
	if n.max != inf && i+n.max < end {
		end = i + n.max
	}
	j := i
	for j < end && single(a, m.in[j]) {
		j++
	}
	if j-i < n.min {
		return false
	}
	if n.greedy {
		for c := j; c >= i+n.min; c-- {
			if !m.tick() {
				return false
			}
			if k(c) {
				return true
			}
		}
		return false
	}
	for c := i + n.min; c <= j; c++ {
		if !m.tick() {
			return false
		}
		if k(c) {
			return true
		}
	}
	return false
}

// repeatSingleBack is repeatSingle matching leftwards.
func (m *matcher) repeatSingleBack(n *node, i int, k cont) bool {
	a := n.subs[0]
	end := 0
	if n.max != inf && i-n.max > 0 {
		end = i - n.max
	}
	j := i
	for j > end && single(a, m.in[j-1]) {
		j--
	}
	if i-j < n.min {
		return false
	}
	if n.greedy {
		for c := j; c <= i-n.min; c++ {
			if !m.tick() {
				return false
			}
			if k(c) {
				return true
			}
		}
		return false
	}
	for c := i - n.min; c >= j; c-- {
		if !m.tick() {
			return false
		}
		if k(c) {
			return true
		}
	}
	return false
}
