package schema

import (
	"bytes"
	"context"
	"strconv"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// A body with one problem among thousands of valid items would cost the
// decoding of every item into Go values, a walk for coercion, one for the
// copy the library checks and one for the counter. So before decoding,
// the items of each long array (more than splitAt items, the arrays
// checked item by item) are read along the schema as bytes, and an item
// that is certainly valid as it stands is not decoded: it is read as a
// placeholder, validItem, that every later step knows has nothing to
// coerce, to double or to report. "Certainly" is narrower than valid: an
// item whose every value is of a type its schema admits (nothing to
// coerce), whose strings hold no escaped surrogate (nothing to replace),
// whose numbers are plain integers of at most 15 digits (nothing to
// double) and which passes every keyword as the counter judges it. Any
// other item is decoded and checked as before.
// TestValidBytesAgreesWithLibrary holds the byte reading to the library.

// validItem stands for an item of a long array that is valid as it
// stands; it is never handed to the library.
type validItem struct{}

// skippedArray is a long array of the body and the indexes of its items
// read as validItem.
type skippedArray struct {
	toks  []string
	items []int
}

// skipper finds the certainly valid items of the long arrays of a body.
type skipper struct {
	ctx   context.Context
	items int  // items read, for the looks at ctx
	stop  bool // ctx ended: read nothing more
	d     []byte
	buf   []byte
	steps []skipStep
	spans [][2]int // byte spans of the items skipped, in body order
	found []skippedArray
}

// skipStep is one step of the path to the value at hand: a member name
// (as a byte span of the body) or an index.
type skipStep struct {
	from, to int // the name's quoted bytes; to == 0 for an index
	idx      int
}

// maxSkipDepth bounds the recursion of the reading along the schema.
const maxSkipDepth = 64

// decodeSkipping decodes body (a JSON text the scanner accepted, without
// shadowed members or invalid UTF-8) as jsonwire.Value does, with the
// certainly valid items of its long arrays read as validItem. When ctx
// ends it stops looking for them (the caller then sees ctx's error).
func decodeSkipping(ctx context.Context, root *Node, body []byte) (any, error) {
	s := skipper{ctx: ctx, d: body}
	s.value(root, jsonwire.SkipWS(body, jsonwire.BOMLen(body)), 0)
	if len(s.spans) == 0 {
		return jsonwire.Value(body)
	}
	// The body with each skipped item written as 0, a number no item can
	// be mistaken for once it is replaced by the placeholder.
	short := make([]byte, 0, len(body)/4)
	at := 0
	for _, sp := range s.spans {
		short = append(short, body[at:sp[0]]...)
		short = append(short, '0')
		at = sp[1]
	}
	short = append(short, body[at:]...)
	v, err := jsonwire.Value(short)
	if err != nil {
		return nil, err
	}
	for _, a := range s.found {
		arr, _ := lookupValue(v, a.toks).([]any)
		for _, i := range a.items {
			if i < len(arr) {
				arr[i] = validItem{}
			}
		}
	}
	return v, nil
}

// value reads the value at i, whose schema is n, and returns the offset
// past it, recording the certainly valid items of the long arrays in it.
func (s *skipper) value(n *Node, i, depth int) int {
	if s.stop {
		return len(s.d) // nothing more is read
	}
	n = n.Resolve()
	if n == nil || depth > maxSkipDepth || i >= len(s.d) {
		return jsonwire.SkipValue(s.d, i)
	}
	switch s.d[i] {
	case '{':
		j := jsonwire.SkipWS(s.d, i+1)
		for j < len(s.d) && s.d[j] == '"' {
			keyAt, keyEnd := j, jsonwire.SkipValue(s.d, j)
			sub := n.Child(string(s.unquoted(s.d[j+1 : keyEnd-1])))
			j = jsonwire.SkipWS(s.d, jsonwire.SkipWS(s.d, keyEnd)+1) // past ':'
			if sub != nil {
				s.steps = append(s.steps, skipStep{from: keyAt, to: keyEnd})
				j = s.value(sub, j, depth+1)
				s.steps = s.steps[:len(s.steps)-1]
			} else {
				j = jsonwire.SkipValue(s.d, j)
			}
			j = jsonwire.SkipWS(s.d, j)
			if j < len(s.d) && s.d[j] == ',' {
				j = jsonwire.SkipWS(s.d, j+1)
			}
		}
		return j + 1
	case '[':
		if n.Items == nil {
			return jsonwire.SkipValue(s.d, i)
		}
		// The first splitAt+1 items are kept until it is known whether
		// the array is long; then each item is read as it comes.
		var first [splitAt + 1]int
		var skipped []int
		k := 0
		item := func(at int) {
			if s.stop {
				return
			}
			if s.items++; s.items%cancelEvery == 0 && s.ctx.Err() != nil {
				s.stop = true
				return
			}
			if itemEnd, ok := s.valid(n.Items, at, depth+1); ok {
				s.spans = append(s.spans, [2]int{at, itemEnd})
				skipped = append(skipped, k)
				return
			}
			// Long arrays further in are read alike.
			s.steps = append(s.steps, skipStep{idx: k})
			s.value(n.Items, at, depth+1)
			s.steps = s.steps[:len(s.steps)-1]
		}
		j := jsonwire.SkipWS(s.d, i+1)
		for ; j < len(s.d) && s.d[j] != ']'; k++ {
			if s.stop {
				return len(s.d)
			}
			switch {
			case k < splitAt:
				first[k] = j
			case k == splitAt:
				first[k] = j
				for m, at := range first {
					k = m
					item(at)
				}
			default:
				item(j)
			}
			j = jsonwire.SkipWS(s.d, jsonwire.SkipValue(s.d, j))
			if j < len(s.d) && s.d[j] == ',' {
				j = jsonwire.SkipWS(s.d, j+1)
			}
		}
		end := j + 1
		if k <= splitAt {
			// A short array: the long arrays may be further in.
			for m, at := range first[:k] {
				s.steps = append(s.steps, skipStep{idx: m})
				s.value(n.Items, at, depth+1)
				s.steps = s.steps[:len(s.steps)-1]
			}
		}
		if len(skipped) > 0 {
			s.found = append(s.found, skippedArray{toks: s.tokens(), items: skipped})
		}
		return end
	}
	return jsonwire.SkipValue(s.d, i)
}

// unquoted returns the text of the string whose bytes between the quotes
// are raw: raw itself when it has no escape (the body is UTF-8 by now),
// else its unescaped copy in s.buf.
func (s *skipper) unquoted(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw
	}
	s.buf = jsonwire.AppendUnquoted(s.buf[:0], raw)
	return s.buf
}

// tokens is the decoded path of the value at hand.
func (s *skipper) tokens() []string {
	out := make([]string, len(s.steps))
	for i, st := range s.steps {
		if st.to == 0 {
			out[i] = strconv.Itoa(st.idx)
		} else {
			out[i] = string(jsonwire.AppendUnquoted(nil, s.d[st.from+1:st.to-1]))
		}
	}
	return out
}

// valid reports whether the value at i is certainly valid against n (see
// above), and returns the offset past it.
func (s *skipper) valid(n *Node, i, depth int) (int, bool) {
	n, judged := countedTarget(n)
	if !judged {
		return 0, false
	}
	if n == nil {
		return jsonwire.SkipValue(s.d, i), true
	}
	if depth > maxSkipDepth || i >= len(s.d) {
		return 0, false
	}
	admits := func(kind string) bool {
		if len(n.Types) == 0 {
			return true
		}
		for _, t := range n.Types {
			if t == kind {
				return true
			}
		}
		return false
	}
	c := s.d[i]
	if c != '"' && len(n.Enum) > 0 {
		return 0, false // enum values are strings
	}
	switch c {
	case '{':
		if !admits("object") {
			return 0, false
		}
		required := 0
		j := jsonwire.SkipWS(s.d, i+1)
		for j < len(s.d) && s.d[j] == '"' {
			keyEnd := jsonwire.SkipValue(s.d, j)
			idx, listed := n.propIdx[string(s.unquoted(s.d[j+1:keyEnd-1]))]
			if listed && len(n.Required) > 0 {
				for _, r := range n.Required {
					if r == n.Props[idx] {
						required++
						break
					}
				}
			}
			j = jsonwire.SkipWS(s.d, jsonwire.SkipWS(s.d, keyEnd)+1) // past ':'
			var ok bool
			switch {
			case listed:
				j, ok = s.valid(n.PropNodes[idx], j, depth+1)
			case n.Closed:
				return 0, false
			case n.Addl != nil:
				j, ok = s.valid(n.Addl, j, depth+1)
			default:
				j, ok = jsonwire.SkipValue(s.d, j), true
			}
			if !ok {
				return 0, false
			}
			j = jsonwire.SkipWS(s.d, j)
			if j < len(s.d) && s.d[j] == ',' {
				j = jsonwire.SkipWS(s.d, j+1)
			}
		}
		// The body has no repeated names (they were dropped), so each
		// required name present counts once.
		return j + 1, required == len(n.Required)
	case '[':
		if !admits("array") {
			return 0, false
		}
		j := jsonwire.SkipWS(s.d, i+1)
		for j < len(s.d) && s.d[j] != ']' {
			if n.Items == nil {
				j = jsonwire.SkipValue(s.d, j)
			} else {
				var ok bool
				if j, ok = s.valid(n.Items, j, depth+1); !ok {
					return 0, false
				}
			}
			j = jsonwire.SkipWS(s.d, j)
			if j < len(s.d) && s.d[j] == ',' {
				j = jsonwire.SkipWS(s.d, j+1)
			}
		}
		return j + 1, true
	case '"':
		if !admits("string") {
			return 0, false
		}
		end := jsonwire.SkipValue(s.d, i)
		raw := s.d[i+1 : end-1]
		if hasEscapedSurrogate(raw) {
			return 0, false // a surrogate may need replacing
		}
		str := s.unquoted(raw)
		if len(n.Enum) > 0 {
			in := false
			for _, e := range n.Enum {
				if e == string(str) {
					in = true
					break
				}
			}
			if !in {
				return 0, false
			}
		}
		if n.MinLength >= 0 || n.MaxLength >= 0 {
			runes := utf8.RuneCount(str)
			if n.MinLength >= 0 && runes < n.MinLength || n.MaxLength >= 0 && runes > n.MaxLength {
				return 0, false
			}
		}
		if n.re != nil && !n.re.Match(str) {
			return 0, false
		}
		if n.Format != "" && !isDateTime(string(str)) {
			return 0, false
		}
		return end, true
	case 't', 'f':
		return jsonwire.SkipValue(s.d, i), admits("boolean")
	case 'n':
		return jsonwire.SkipValue(s.d, i), admits("null")
	}
	end := jsonwire.SkipValue(s.d, i)
	num := string(s.d[i:end])
	if !plainSmallInteger(num) || !admits("number") && !admits("integer") {
		return 0, false
	}
	if n.Minimum != "" {
		if cmp, known := compareNumbers(num, n.Minimum); !known || cmp < 0 {
			return 0, false
		}
	}
	if n.Maximum != "" {
		if cmp, known := compareNumbers(num, n.Maximum); !known || cmp > 0 {
			return 0, false
		}
	}
	return end, true
}
