package importmodel

// plainJSON reports whether s is a JSON text of a plain subset:
// strings of printable ASCII without escapes, at most 32 levels deep.
// It never accepts a text that encoding/json's Valid refuses; a text
// outside the subset is refused, for Valid to decide.
func plainJSON(s string) bool {
	p := jsonScanner{s: s}
	p.ws()
	if !p.value(0) {
		return false
	}
	p.ws()
	return p.i == len(s)
}

// jsonScanner reads s from i.
type jsonScanner struct {
	s string
	i int
}

// ws skips JSON white space.
func (p *jsonScanner) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value reads one value at depth.
func (p *jsonScanner) value(depth int) bool {
	if p.i >= len(p.s) || depth > 32 {
		return false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.container('}', depth, true)
	case c == '[':
		return p.container(']', depth, false)
	case c == '"':
		return p.str()
	case c == '-' || '0' <= c && c <= '9':
		return p.number()
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(p.s)-p.i >= len(lit) && p.s[p.i:p.i+len(lit)] == lit {
			p.i += len(lit)
			return true
		}
	}
	return false
}

// container reads an object (members) or an array up to end.
func (p *jsonScanner) container(end byte, depth int, members bool) bool {
	p.i++
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == end {
		p.i++
		return true
	}
	for {
		if members {
			if p.i >= len(p.s) || p.s[p.i] != '"' || !p.str() {
				return false
			}
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return false
			}
			p.i++
			p.ws()
		}
		if !p.value(depth + 1) {
			return false
		}
		p.ws()
		if p.i >= len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case ',':
			p.i++
			p.ws()
		case end:
			p.i++
			return true
		default:
			return false
		}
	}
}

// str reads a string of printable ASCII without escapes.
func (p *jsonScanner) str() bool {
	for p.i++; p.i < len(p.s); p.i++ {
		switch c := p.s[p.i]; {
		case c == '"':
			p.i++
			return true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return false
		}
	}
	return false
}

// number reads -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?.
func (p *jsonScanner) number() bool {
	if p.s[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.s) && p.s[p.i] == '0':
		p.i++
	case p.digits() == 0:
		return false
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return false
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return false
		}
	}
	return true
}

// digits reads decimal digits and returns how many.
func (p *jsonScanner) digits() int {
	start := p.i
	for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}
