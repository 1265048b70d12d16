package jsregex

import (
	"math"
	"unicode"
	"unicode/utf16"
)

// kind is the kind of a node of a parsed expression.
type kind uint8

const (
	kChar     kind = iota // one code unit
	kSet                  // a character class
	kAny                  // . (any code unit but a line terminator)
	kBOL                  // ^
	kEOL                  // $
	kWordB                // \b
	kNotWordB             // \B
	kSeq                  // terms one after the other
	kAlt                  // alternatives, tried in order
	kGroup                // a capturing group
	kRepeat               // a quantified atom
	kBackref              // \1 or \k<name>
	kLook                 // (?=) (?!) (?<=) (?<!)
)

// inf is the maximum of an unbounded quantifier.
const inf = -1

// node is one node of a parsed expression.
type node struct {
	kind   kind
	unit   uint16
	set    charSet
	neg    bool // kSet: negated class; kLook: negative look-around
	behind bool // kLook: look-behind
	back   bool // inside a look-behind (and no nearer look-ahead): matched leftwards
	greedy bool
	min    int
	max    int // inf when unbounded
	cap    int // kGroup, kBackref: group number, from 1
	capLo  int // kRepeat: the groups inside are capLo..capHi-1
	capHi  int
	name   string // kBackref: a name still to resolve; kGroup: its name until it closes
	subs   []*node
}

// parser reads an expression's source, held as UTF-16 code units.
type parser struct {
	src       []uint16
	pos       int
	ncap      int  // capturing groups opened so far
	totalCaps int  // capturing groups in the whole source
	named     bool // the source has a named group, so \k is a reference
	depth     int  // groups open at p.pos
	names     map[string]int
	refs      []*node
}

// parse parses src into a tree.
func parse(src []uint16) (*node, int, error) {
	p := &parser{src: src}
	p.prescan()
	n, err := p.disjunction()
	if err != nil {
		return nil, 0, err
	}
	if p.pos < len(p.src) { // only a ')' stops the top level early
		return nil, 0, p.fail("Unmatched ')'")
	}
	markBack(n, false)
	for _, r := range p.refs {
		c, ok := p.names[r.name]
		if !ok {
			return nil, 0, p.fail("Invalid named capture referenced")
		}
		r.cap, r.name = c, ""
	}
	return n, p.ncap, nil
}

// syntaxError is what parse returns; Compile wraps it in a SyntaxError.
type syntaxError struct {
	offset int
	msg    string
}

func (e *syntaxError) Error() string { return e.msg }

func (p *parser) fail(msg string) error { return &syntaxError{offset: p.pos, msg: msg} }

func (p *parser) more() bool { return p.pos < len(p.src) }

// at reports whether the unit at p.pos+k is c.
func (p *parser) at(k int, c uint16) bool {
	return p.pos+k < len(p.src) && p.src[p.pos+k] == c
}

// prescan counts the capturing groups of the whole source and notes
// whether one is named: a back reference may come before its group.
func (p *parser) prescan() {
	s := p.src
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			if i+1 < len(s) && s[i+1] == '?' {
				if i+2 < len(s) && s[i+2] == '<' && !(i+3 < len(s) && (s[i+3] == '=' || s[i+3] == '!')) {
					p.totalCaps++
					p.named = true
				}
				continue
			}
			p.totalCaps++
		}
	}
}

func (p *parser) disjunction() (*node, error) {
	var alts []*node
	for {
		a, err := p.alternative()
		if err != nil {
			return nil, err
		}
		alts = append(alts, a)
		if !p.at(0, '|') {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{kind: kAlt, subs: alts}, nil
}

func (p *parser) alternative() (*node, error) {
	seq := &node{kind: kSeq}
	for p.more() && !p.at(0, '|') && !p.at(0, ')') {
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		seq.subs = append(seq.subs, t)
	}
	if len(seq.subs) == 1 {
		return seq.subs[0], nil
	}
	return seq, nil
}

// term parses an assertion or an atom with its quantifier.
func (p *parser) term() (*node, error) {
	start := p.ncap
	var atom *node
	quantifiable := true
	badQuantifier := "Nothing to repeat"
	switch c := p.src[p.pos]; c {
	case '^', '$':
		p.pos++
		atom, quantifiable = &node{kind: kBOL}, false
		if c == '$' {
			atom.kind = kEOL
		}
	case '.':
		p.pos++
		atom = &node{kind: kAny}
	case '*', '+', '?':
		return nil, p.fail("Nothing to repeat")
	case '{':
		if _, _, n := p.braces(); n > 0 {
			return nil, p.fail("Nothing to repeat")
		}
		p.pos++
		atom = &node{kind: kChar, unit: c}
	case '[':
		n, err := p.class()
		if err != nil {
			return nil, err
		}
		atom = n
	case '(':
		n, err := p.group()
		if err != nil {
			return nil, err
		}
		atom = n
		if n.kind == kLook && n.behind {
			quantifiable, badQuantifier = false, "Invalid quantifier"
		}
	case '\\':
		if p.at(1, 'b') || p.at(1, 'B') {
			atom, quantifiable = &node{kind: kWordB}, false
			if p.src[p.pos+1] == 'B' {
				atom.kind = kNotWordB
			}
			p.pos += 2
			break
		}
		n, err := p.atomEscape()
		if err != nil {
			return nil, err
		}
		atom = n
	default:
		p.pos++
		atom = &node{kind: kChar, unit: c}
	}
	if !p.more() {
		return atom, nil
	}
	min, max := 0, 0
	switch p.src[p.pos] {
	case '*':
		min, max = 0, inf
		p.pos++
	case '+':
		min, max = 1, inf
		p.pos++
	case '?':
		min, max = 0, 1
		p.pos++
	case '{':
		lo, hi, n := p.braces()
		if n == 0 {
			return atom, nil
		}
		if hi != inf && lo > hi {
			return nil, p.fail("numbers out of order in {} quantifier")
		}
		min, max = lo, hi
		p.pos += n
	default:
		return atom, nil
	}
	if !quantifiable {
		return nil, p.fail(badQuantifier)
	}
	greedy := true
	if p.at(0, '?') {
		greedy = false
		p.pos++
	}
	return &node{kind: kRepeat, min: min, max: max, greedy: greedy, capLo: start + 1, capHi: p.ncap + 1, subs: []*node{atom}}, nil
}

// braces reads a braced quantifier at p.pos without consuming it: {n},
// {n,} or {n,m}. It returns its bounds and length, or length 0 when the
// brace starts no quantifier (and is then a literal). Bounds too large
// to matter saturate.
func (p *parser) braces() (lo, hi, n int) {
	i := p.pos + 1
	digits := func() (int, bool) {
		v, start := 0, i
		for i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
			if v < math.MaxInt32 {
				v = v*10 + int(p.src[i]-'0')
			}
			i++
		}
		return min(v, math.MaxInt32), i > start
	}
	lo, ok := digits()
	if !ok {
		return 0, 0, 0
	}
	hi = lo
	if i < len(p.src) && p.src[i] == ',' {
		i++
		if hi, ok = digits(); !ok {
			hi = inf
		}
	}
	if i >= len(p.src) || p.src[i] != '}' {
		return 0, 0, 0
	}
	return lo, hi, i + 1 - p.pos
}

// The limits of V8: at most 32 767 capturing groups. Its limit on
// nesting depends on the stack of the process; here groups nest at most
// 50 000 deep.
const (
	maxCaptures = 1<<15 - 1
	maxNesting  = 50_000
)

// group parses a group starting at '('.
func (p *parser) group() (*node, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		return nil, p.fail("Stack overflow")
	}
	p.pos++
	var n *node
	switch {
	case !p.at(0, '?'):
		if p.ncap++; p.ncap > maxCaptures {
			return nil, p.fail("Too many captures")
		}
		n = &node{kind: kGroup, cap: p.ncap}
	case p.at(1, ':'):
		p.pos += 2
		n = &node{kind: kSeq}
	case p.at(1, '=') || p.at(1, '!'):
		n = &node{kind: kLook, neg: p.at(1, '!')}
		p.pos += 2
	case p.at(1, '<') && (p.at(2, '=') || p.at(2, '!')):
		n = &node{kind: kLook, behind: true, neg: p.at(2, '!')}
		p.pos += 3
	case p.at(1, '<'):
		p.pos += 2
		name, err := p.groupName()
		if err != nil {
			return nil, err
		}
		if p.ncap++; p.ncap > maxCaptures {
			return nil, p.fail("Too many captures")
		}
		n = &node{kind: kGroup, cap: p.ncap, name: name}
	default:
		return nil, p.fail("Invalid group")
	}
	sub, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if !p.at(0, ')') {
		return nil, p.fail("Unterminated group")
	}
	p.pos++
	n.subs = []*node{sub}
	if n.name != "" {
		// As in V8, a name is taken when its group closes.
		if _, dup := p.names[n.name]; dup {
			return nil, p.fail("Duplicate capture group name")
		}
		if p.names == nil {
			p.names = map[string]int{}
		}
		p.names[n.name] = n.cap
		n.name = ""
	}
	return n, nil
}

// groupName reads a group name and its closing '>': an identifier whose
// characters may be written as \uXXXX or \u{X...}.
func (p *parser) groupName() (string, error) {
	var rs []rune
	for {
		if !p.more() {
			return "", p.fail("Invalid capture group name")
		}
		c := p.src[p.pos]
		if c == '>' {
			p.pos++
			break
		}
		var r rune
		switch {
		case c == '\\':
			v, ok := p.nameEscape()
			if !ok {
				return "", p.fail("Invalid capture group name")
			}
			r = v
		case utf16.IsSurrogate(rune(c)) && p.pos+1 < len(p.src):
			r = utf16.DecodeRune(rune(c), rune(p.src[p.pos+1]))
			if r == unicode.ReplacementChar {
				r = rune(c)
				p.pos++
			} else {
				p.pos += 2
			}
		default:
			r = rune(c)
			p.pos++
		}
		if !idChar(r, len(rs) == 0) {
			return "", p.fail("Invalid capture group name")
		}
		rs = append(rs, r)
	}
	if len(rs) == 0 {
		return "", p.fail("Invalid capture group name")
	}
	return string(rs), nil
}

// nameEscape reads \uXXXX (a surrogate pair of two such escapes counting
// as one character) or \u{X...} inside a group name.
func (p *parser) nameEscape() (rune, bool) {
	if !p.at(1, 'u') {
		return 0, false
	}
	p.pos += 2
	if p.at(0, '{') {
		v, i := rune(0), p.pos+1
		for ; i < len(p.src) && hexVal(p.src[i]) >= 0; i++ {
			v = v*16 + rune(hexVal(p.src[i]))
			if v > unicode.MaxRune {
				return 0, false
			}
		}
		if i == p.pos+1 || i >= len(p.src) || p.src[i] != '}' {
			return 0, false
		}
		p.pos = i + 1
		return v, true
	}
	v, ok := p.hex(4)
	if !ok {
		return 0, false
	}
	if utf16.IsSurrogate(v) && p.at(0, '\\') && p.at(1, 'u') {
		save := p.pos
		p.pos += 2
		if lo, ok := p.hex(4); ok {
			if r := utf16.DecodeRune(v, lo); r != unicode.ReplacementChar {
				return r, true
			}
		}
		p.pos = save
	}
	return v, true
}

// idChar reports whether r may start (first) or continue an identifier.
func idChar(r rune, first bool) bool {
	if r == '$' || r == '_' || unicode.IsLetter(r) || unicode.In(r, unicode.Nl, unicode.Other_ID_Start) {
		return true
	}
	return !first && (r == 0x200C || r == 0x200D ||
		unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue))
}

func hexVal(c uint16) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// hex reads n hexadecimal digits at p.pos; nothing is consumed when there
// are fewer.
func (p *parser) hex(n int) (rune, bool) {
	if p.pos+n > len(p.src) {
		return 0, false
	}
	v := rune(0)
	for k := 0; k < n; k++ {
		d := hexVal(p.src[p.pos+k])
		if d < 0 {
			return 0, false
		}
		v = v*16 + rune(d)
	}
	p.pos += n
	return v, true
}

// atomEscape parses an escape outside a class, at the backslash.
func (p *parser) atomEscape() (*node, error) {
	if p.pos+1 >= len(p.src) {
		return nil, p.fail("\\ at end of pattern")
	}
	e := p.src[p.pos+1]
	switch {
	case e >= '1' && e <= '9':
		i, v := p.pos+1, 0
		for ; i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9'; i++ {
			if v <= p.totalCaps {
				v = v*10 + int(p.src[i]-'0')
			}
		}
		if v <= p.totalCaps {
			p.pos = i
			return &node{kind: kBackref, cap: v}, nil
		}
	case e == 'k' && p.named:
		p.pos += 2
		if !p.at(0, '<') {
			return nil, p.fail("Invalid named reference")
		}
		p.pos++
		name, err := p.groupName()
		if err != nil {
			return nil, err
		}
		n := &node{kind: kBackref, name: name}
		p.refs = append(p.refs, n)
		return n, nil
	case e == 'd' || e == 'D' || e == 'w' || e == 'W' || e == 's' || e == 'S':
		p.pos += 2
		return &node{kind: kSet, set: escapeSet(e)}, nil
	case e == 'c':
		if p.pos+2 < len(p.src) && isASCIILetter(p.src[p.pos+2]) {
			u := p.src[p.pos+2] % 32
			p.pos += 3
			return &node{kind: kChar, unit: u}, nil
		}
		// A \c without a letter is a backslash; the c is read next.
		p.pos++
		return &node{kind: kChar, unit: '\\'}, nil
	}
	p.pos++
	return &node{kind: kChar, unit: p.characterEscape()}, nil
}

func isASCIILetter(c uint16) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// characterEscape reads the escape whose letter is at p.pos (the
// backslash already consumed) and returns its code unit.
func (p *parser) characterEscape() uint16 {
	e := p.src[p.pos]
	p.pos++
	switch e {
	case 'f':
		return 0x0C
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'v':
		return 0x0B
	case '0', '1', '2', '3', '4', '5', '6', '7':
		// A legacy octal escape: at most three digits, at most 0377.
		v := e - '0'
		limit := 2
		if e > '3' {
			limit = 1
		}
		for k := 0; k < limit && p.more() && p.src[p.pos] >= '0' && p.src[p.pos] <= '7'; k++ {
			v = v*8 + p.src[p.pos] - '0'
			p.pos++
		}
		return v
	case 'x':
		if v, ok := p.hex(2); ok {
			return uint16(v)
		}
	case 'u':
		if v, ok := p.hex(4); ok {
			return uint16(v)
		}
	}
	return e
}

// class parses a character class starting at '['.
func (p *parser) class() (*node, error) {
	p.pos++
	n := &node{kind: kSet}
	if p.at(0, '^') {
		n.neg = true
		p.pos++
	}
	var spans []span
	for {
		if !p.more() {
			return nil, p.fail("Unterminated character class")
		}
		if p.at(0, ']') {
			p.pos++
			break
		}
		a, aSet, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if !p.at(0, '-') || p.at(1, ']') || p.pos+1 >= len(p.src) {
			spans = addAtom(spans, a, aSet)
			continue
		}
		p.pos++
		b, bSet, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if aSet != nil || bSet != nil {
			spans = addAtom(addAtom(spans, a, aSet), b, bSet)
			spans = append(spans, span{'-', '-'})
			continue
		}
		if a > b {
			return nil, p.fail("Range out of order in character class")
		}
		spans = append(spans, span{a, b})
	}
	n.set = normalize(spans)
	return n, nil
}

func addAtom(spans []span, u uint16, set charSet) []span {
	if set != nil {
		return append(spans, set...)
	}
	return append(spans, span{u, u})
}

// classAtom reads one atom of a class: a code unit, or a class escape
// (\d and the like) as a set.
func (p *parser) classAtom() (uint16, charSet, error) {
	c := p.src[p.pos]
	if c != '\\' {
		p.pos++
		return c, nil, nil
	}
	if p.pos+1 >= len(p.src) {
		return 0, nil, p.fail("\\ at end of pattern")
	}
	e := p.src[p.pos+1]
	switch {
	case e == 'b':
		p.pos += 2
		return 0x08, nil, nil
	case e == '-':
		p.pos += 2
		return '-', nil, nil
	case e == 'd' || e == 'D' || e == 'w' || e == 'W' || e == 's' || e == 'S':
		p.pos += 2
		return 0, escapeSet(e), nil
	case e == 'c':
		if p.pos+2 < len(p.src) {
			if d := p.src[p.pos+2]; isASCIILetter(d) || d >= '0' && d <= '9' || d == '_' {
				p.pos += 3
				return d % 32, nil, nil
			}
		}
		p.pos++
		return '\\', nil, nil
	case e == 'k' && p.named:
		return 0, nil, p.fail("Invalid escape")
	}
	p.pos++
	return p.characterEscape(), nil, nil
}

// markBack marks the nodes that match leftwards: those inside a
// look-behind, unless a look-ahead nearer to them turns them forward.
func markBack(n *node, back bool) {
	n.back = back
	if n.kind == kLook {
		back = n.behind
	}
	for _, s := range n.subs {
		markBack(s, back)
	}
}
