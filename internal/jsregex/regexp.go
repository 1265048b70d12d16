package jsregex

import (
	"errors"
	"strconv"
)

// Regexp is a compiled expression. It is safe for concurrent use.
type Regexp struct {
	source   string
	root     *node
	ncap     int
	anchored bool // every match must start at 0
	lim      Limits
}

// Limits bound the work of one test, so that an expression that
// backtracks exponentially (which a JavaScript engine would run for as
// long as it takes) fails with ErrLimit instead.
type Limits struct {
	// Steps bounds the steps of the matcher; 0 means DefaultSteps.
	Steps int
	// Depth bounds the nesting of the matcher, which grows with the length
	// of the input; 0 means DefaultDepth.
	Depth int
}

// The default limits: a million steps (a few milliseconds) and a nesting
// of 100 000 (inputs of tens of thousands of code units).
const (
	DefaultSteps = 1_000_000
	DefaultDepth = 100_000
)

// ErrLimit is the error of a test that reached its Limits.
var ErrLimit = errors.New("jsregex: the test reached its step or depth limit")

// SyntaxError is the error of a source that JavaScript refuses.
type SyntaxError struct {
	// Source is the refused source.
	Source string
	// Offset is the position, in UTF-16 code units of Source, at which
	// the problem was found.
	Offset int
	// Reason is the JavaScript engine's wording, such as "Invalid group"
	// or "Nothing to repeat".
	Reason string
}

// Error reads as a JavaScript engine's message, followed by the offset.
func (e *SyntaxError) Error() string {
	return "Invalid regular expression: /" + e.Source + "/: " + e.Reason + " (at code unit " + strconv.Itoa(e.Offset) + ")"
}

// Compile parses source as new RegExp(source) does in JavaScript, with no
// flags, and returns a *SyntaxError when JavaScript refuses it.
func Compile(source string) (*Regexp, error) {
	return CompileLimits(source, Limits{})
}

// CompileLimits is Compile with the limits of each test.
func CompileLimits(source string, lim Limits) (*Regexp, error) {
	root, ncap, err := parse(units(nil, source))
	if err != nil {
		var se *syntaxError
		errors.As(err, &se)
		return nil, &SyntaxError{Source: source, Offset: se.offset, Reason: se.msg}
	}
	if lim.Steps <= 0 {
		lim.Steps = DefaultSteps
	}
	if lim.Depth <= 0 {
		lim.Depth = DefaultDepth
	}
	return &Regexp{source: source, root: root, ncap: ncap, anchored: startsAnchored(root), lim: lim}, nil
}

// startsAnchored reports whether every match of n must begin with ^.
func startsAnchored(n *node) bool {
	switch n.kind {
	case kBOL:
		return true
	case kSeq:
		return len(n.subs) > 0 && startsAnchored(n.subs[0])
	case kGroup:
		return startsAnchored(n.subs[0])
	case kAlt:
		for _, a := range n.subs {
			if !startsAnchored(a) {
				return false
			}
		}
		return true
	}
	return false
}

// String returns the source.
func (re *Regexp) String() string { return re.source }

// MatchString reports whether re matches somewhere in s, as
// RegExp.prototype.test does for an expression without flags. It returns
// ErrLimit when the test reached re's limits.
func (re *Regexp) MatchString(s string) (bool, error) {
	return re.MatchStringBudget(s, nil)
}

// Budget bounds the steps of several tests together, such as the tests of
// every name of one request, so that many inputs that each stay under a
// Regexp's limits cannot add up to an unbounded amount of work. It is not
// safe for concurrent use.
type Budget struct{ left int }

// NewBudget returns a budget of steps.
func NewBudget(steps int) *Budget { return &Budget{left: steps} }

// Left returns the steps left.
func (b *Budget) Left() int { return b.left }

// MatchStringBudget is MatchString that also charges its steps to b (when
// not nil), and fails with ErrLimit once b is spent.
func (re *Regexp) MatchStringBudget(s string, b *Budget) (bool, error) {
	var buf [64]uint16
	return re.match(units(buf[:0], s), b)
}

// MatchUTF16 is MatchString for a string given as UTF-16 code units.
func (re *Regexp) MatchUTF16(in []uint16) (bool, error) { return re.match(in, nil) }

func (re *Regexp) match(in []uint16, b *Budget) (bool, error) {
	lim := re.lim
	if b != nil {
		if b.left <= 0 {
			return false, ErrLimit
		}
		lim.Steps = min(lim.Steps, b.left)
	}
	m := &matcher{in: in, caps: make([]int, 2*(re.ncap+1)), lim: lim}
	if b != nil {
		defer func() { b.left -= m.steps }()
	}
	last := len(in)
	if re.anchored {
		last = 0
	}
	for s := 0; s <= last; s++ {
		for x := range m.caps {
			m.caps[x] = -1
		}
		if m.match(re.root, s, accept) {
			return true, nil
		}
		if m.over {
			return false, ErrLimit
		}
	}
	return false, nil
}
