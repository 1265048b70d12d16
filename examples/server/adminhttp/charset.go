package adminhttp

import (
	"encoding/binary"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The charsets of a JSON body are decoded as the reference server's body
// parser decodes them: UTF-8, UTF-16, UTF-32 and UTF-7 in their variants;
// any other charset is refused.

// Charsets of a JSON body, as the reference server's decoder names them
// once lower-cased and stripped of everything but letters and digits.
const (
	csUTF8     = "utf8"
	csUTF16    = "utf16"
	csUTF16LE  = "utf16le"
	csUTF16BE  = "utf16be"
	csUTF32    = "utf32"
	csUTF32LE  = "utf32le"
	csUTF32BE  = "utf32be"
	csUTF7     = "utf7"
	csUTF7IMAP = "utf7imap"
)

// charsetOf returns the normalised charset of a JSON content type
// ("utf8" when none is given). As in the reference server, a charset that
// does not start with "utf-" or is not one of the UTF encodings above is
// refused with 415.
func charsetOf(ct contentType) (string, error) {
	cs, ok := ct.params["charset"]
	if !ok {
		return csUTF8, nil
	}
	cs = strings.ToLower(cs)
	if !strings.HasPrefix(cs, "utf-") {
		return "", unsupportedEncoding(true, cs)
	}
	norm := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, cs)
	switch norm {
	case csUTF8, csUTF16, csUTF16LE, csUTF16BE, csUTF32, csUTF32LE, csUTF32BE, csUTF7, csUTF7IMAP:
		return norm, nil
	}
	return "", unsupportedEncoding(true, cs)
}

// decodeCharset returns body decoded from charset to UTF-8. UTF-8 is
// returned as it is (the structural tier judges its byte order mark and
// invalid bytes). A byte order mark of another encoding becomes UTF-8's.
// A lone UTF-16 surrogate inside a JSON string is written as its \u escape,
// so that it stays the distinct value the reference server keeps; outside
// a string it becomes U+FFFD, which is a syntax error as it would be
// there. Trailing bytes that make no whole code unit are dropped.
func decodeCharset(charset string, body []byte) []byte {
	switch charset {
	case csUTF8:
		return body
	case csUTF16, csUTF16LE, csUTF16BE:
		return decodeUTF16(charset, body)
	case csUTF32, csUTF32LE, csUTF32BE:
		return decodeUTF32(charset, body)
	default: // utf-7 and its IMAP variant
		return decodeUTF7(charset == csUTF7IMAP, body)
	}
}

// decodeUTF16 decodes UTF-16. Without a byte order, "utf16" takes the
// byte order mark, or else the order in which more ASCII characters show
// among the first 100 bytes, little-endian on a tie.
func decodeUTF16(charset string, body []byte) []byte {
	big := charset == csUTF16BE
	if charset == csUTF16 {
		switch {
		case len(body) >= 2 && body[0] == 0xfe && body[1] == 0xff:
			big = true
		case len(body) >= 2 && body[0] == 0xff && body[1] == 0xfe:
		default:
			le, be := 0, 0
			for i := 0; i+1 < len(body) && i < 100; i += 2 {
				if body[i] == 0 && body[i+1] != 0 {
					be++
				}
				if body[i] != 0 && body[i+1] == 0 {
					le++
				}
			}
			big = be > le
		}
	}
	order := byteOrder(big)
	w := utf8Writer{out: make([]byte, 0, len(body)+len(body)/2)}
	for i := 0; i+1 < len(body); i += 2 {
		u := order.Uint16(body[i:])
		if u < utf8.RuneSelf && w.high == 0 {
			w.ascii(byte(u)) // the common case, without the rune machinery
			continue
		}
		w.unit(u)
	}
	w.flush()
	return w.out
}

// decodeUTF32 decodes UTF-32; without a byte order, "utf32" takes the byte
// order mark, little-endian without one. A value beyond U+10FFFF becomes
// U+FFFD.
func decodeUTF32(charset string, body []byte) []byte {
	big := charset == csUTF32BE
	if charset == csUTF32 && len(body) >= 4 && body[0] == 0 && body[1] == 0 && body[2] == 0xfe && body[3] == 0xff {
		big = true
	}
	order := byteOrder(big)
	w := utf8Writer{out: make([]byte, 0, len(body))}
	for i := 0; i+3 < len(body); i += 4 {
		c := order.Uint32(body[i:])
		switch {
		case c > utf8.MaxRune:
			w.rune(utf8.RuneError)
		case c >= 0xd800 && c <= 0xdfff:
			w.unit(uint16(c))
		default:
			w.rune(rune(c))
		}
	}
	w.flush()
	return w.out
}

// byteOrder returns big-endian when big is set, else little-endian.
func byteOrder(big bool) binary.ByteOrder {
	if big {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// decodeUTF7 decodes UTF-7 (RFC 2152) or its IMAP variant (RFC 3501: "&"
// starts a shifted run and "," replaces "/"). Characters outside a shifted
// run stand for themselves.
func decodeUTF7(imap bool, body []byte) []byte {
	shift, slash := byte('+'), byte('/')
	if imap {
		shift, slash = '&', ','
	}
	value := func(c byte) int {
		switch {
		case c >= 'A' && c <= 'Z':
			return int(c - 'A')
		case c >= 'a' && c <= 'z':
			return int(c-'a') + 26
		case c >= '0' && c <= '9':
			return int(c-'0') + 52
		case c == '+' && !imap:
			return 62
		case c == slash:
			return 63
		}
		return -1
	}
	w := utf8Writer{out: make([]byte, 0, len(body))}
	for i := 0; i < len(body); {
		c := body[i]
		if c != shift {
			w.byteRune(c)
			i++
			continue
		}
		i++
		if i < len(body) && body[i] == '-' {
			w.byteRune(shift)
			i++
			continue
		}
		var bits uint32
		n := 0
		for i < len(body) {
			v := value(body[i])
			if v < 0 {
				break
			}
			bits = bits<<6 | uint32(v)
			n += 6
			if n >= 16 {
				n -= 16
				w.unit(uint16(bits >> n))
				bits &= 1<<n - 1
			}
			i++
		}
		if i < len(body) && body[i] == '-' {
			i++
		}
	}
	w.flush()
	return w.out
}

// utf8Writer writes UTF-16 code units as UTF-8, pairing surrogates, and
// tracks whether it is inside a JSON string so that a lone surrogate there
// is written as a \u escape.
type utf8Writer struct {
	out      []byte
	high     uint16 // a pending high surrogate, 0 when none
	inString bool
	escaped  bool
}

// unit writes one UTF-16 code unit.
func (w *utf8Writer) unit(u uint16) {
	switch {
	case u >= 0xd800 && u <= 0xdbff:
		w.flush()
		w.high = u
	case u >= 0xdc00 && u <= 0xdfff:
		if w.high != 0 {
			r := utf16.DecodeRune(rune(w.high), rune(u))
			w.high = 0
			w.rune(r)
			return
		}
		w.lone(u)
	default:
		w.flush()
		w.rune(rune(u))
	}
}

// flush writes a pending high surrogate, which has no partner.
func (w *utf8Writer) flush() {
	if w.high != 0 {
		u := w.high
		w.high = 0
		w.lone(u)
	}
}

// lone writes a surrogate without its partner.
func (w *utf8Writer) lone(u uint16) {
	if !w.inString {
		w.rune(utf8.RuneError)
		return
	}
	const hex = "0123456789abcdef"
	if w.escaped {
		// A backslash before it escapes nothing valid; keep the text
		// invalid as it was.
		w.rune(utf8.RuneError)
		return
	}
	w.out = append(w.out, '\\', 'u', hex[u>>12], hex[u>>8&0xf], hex[u>>4&0xf], hex[u&0xf])
}

// byteRune writes a character of UTF-7's direct set, a byte.
func (w *utf8Writer) byteRune(c byte) {
	w.flush()
	if c < utf8.RuneSelf {
		w.rune(rune(c))
		return
	}
	w.rune(utf8.RuneError)
}

// ascii writes the ASCII character c and follows the JSON string state.
func (w *utf8Writer) ascii(c byte) {
	w.out = append(w.out, c)
	w.follow(rune(c))
}

// rune writes r and follows the JSON string state.
func (w *utf8Writer) rune(r rune) {
	w.out = utf8.AppendRune(w.out, r)
	w.follow(r)
}

// follow moves the JSON string state past r, just written.
func (w *utf8Writer) follow(r rune) {
	switch {
	case w.escaped:
		w.escaped = false
	case w.inString && r == '\\':
		w.escaped = true
	case r == '"':
		w.inString = !w.inString
	}
}
