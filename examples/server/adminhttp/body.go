package adminhttp

import (
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/model"
)

// The reading of a JSON body follows the reference server's body parser:
// the content encoding is inflated, the size limit counts the inflated
// bytes, and the charset is decoded to UTF-8 before the JSON is looked at.
// Nothing is allocated from a declared Content-Length: the body is read in
// chunks that grow with what actually arrives, and the limit is enforced
// while reading.

// firstChunk is the size of the first read buffer of a body; it doubles as
// bytes arrive.
const firstChunk = 4 << 10

// isJSONType reports whether the content type is one the reference
// server's body parser reads as JSON: application/json or
// application/*+json, with any parameters. A content type that does not
// parse is none.
func isJSONType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	sub, ok := strings.CutPrefix(mt, "application/")
	return ok && (sub == "json" || strings.HasSuffix(sub, "+json"))
}

// readJSONBody reads the body of a request with a JSON content type: it
// inflates gzip and deflate (zlib) bodies, refuses other encodings (415),
// stops at maxBody inflated bytes (413), and decodes the charset to UTF-8
// (415 for one that the reference server does not know). raw is the
// connection's own ResponseWriter, which http.MaxBytesReader tells to close
// the connection after a body that is too large.
func (h *handler) readJSONBody(raw http.ResponseWriter, r *http.Request) ([]byte, error) {
	charset, err := h.charsetOf(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, err
	}
	coding := strings.ToLower(strings.Join(r.Header.Values("Content-Encoding"), ", "))
	if coding == "" {
		coding = "identity"
	}
	if coding != "identity" && coding != "gzip" && coding != "deflate" {
		return nil, NewUnsupportedEncodingError(h.rand, false, coding)
	}
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	// The limit on the bytes on the wire: the body limit, or for a
	// compressed body twice that (a compressed body larger than its
	// content is pathological, and an endless one that inflates to
	// nothing must not be read for ever).
	wire := h.maxBody
	if coding != "identity" {
		wire = 2*h.maxBody + 1024
	}
	if r.ContentLength > wire {
		return nil, NewPayloadTooLargeError(h.rand, h.maxBody)
	}
	in := http.MaxBytesReader(raw, r.Body, wire)
	var src io.Reader = in
	switch coding {
	case "gzip":
		zr, err := gzip.NewReader(in)
		if err != nil {
			return nil, h.inflateError(coding, err)
		}
		defer zr.Close()
		src = zr
	case "deflate":
		zr, err := zlib.NewReader(in)
		if err != nil {
			return nil, h.inflateError(coding, err)
		}
		defer zr.Close()
		src = zr
	}
	body, err := readLimited(src, h.maxBody)
	if err != nil {
		return nil, h.inflateError(coding, err)
	}
	return decodeCharset(charset, body), nil
}

// errTooLarge is readLimited's error for a body over the limit.
var errTooLarge = errors.New("body over the limit")

// readLimited reads r to its end, in chunks that grow with what arrives,
// and fails with errTooLarge as soon as more than limit bytes arrived.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	buf := make([]byte, 0, min(int64(firstChunk), limit+1))
	for {
		if len(buf) == cap(buf) {
			next := min(int64(2*cap(buf)), limit+1)
			if int64(cap(buf)) >= next {
				return nil, errTooLarge
			}
			grown := make([]byte, len(buf), next)
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, errTooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// msgBodyUnreadable is the detail when reading the body fails for another
// reason than its size.
const msgBodyUnreadable = "The request body could not be read."

// inflateError turns an error of reading the body into its answer: 413
// for a body over the limit (on the wire or inflated), 400 otherwise.
func (h *handler) inflateError(coding string, err error) error {
	var tooLarge *http.MaxBytesError
	if errors.Is(err, errTooLarge) || errors.As(err, &tooLarge) {
		return NewPayloadTooLargeError(h.rand, h.maxBody)
	}
	msg := msgBodyUnreadable
	if coding != "identity" {
		// Only the library's own wording: never bytes of the body.
		msg = fmt.Sprintf("The request body could not be inflated (%s): %s.", coding, inflateReason(err))
	}
	return NewBadDataError(h.rand, []model.ErrorDetail{{Message: msg}})
}

// inflateReason names what was wrong with compressed data without quoting
// it.
func inflateReason(err error) string {
	switch {
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, zlib.ErrHeader):
		return "invalid header"
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, zlib.ErrChecksum):
		return "invalid checksum"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "unexpected end of data"
	}
	var corrupt flate.CorruptInputError
	if errors.As(err, &corrupt) {
		return "corrupt data"
	}
	return "unreadable data"
}

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
func (h *handler) charsetOf(ct string) (string, error) {
	_, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return csUTF8, nil
	}
	cs, ok := params["charset"]
	if !ok {
		return csUTF8, nil
	}
	cs = strings.ToLower(cs)
	if !strings.HasPrefix(cs, "utf-") {
		return "", NewUnsupportedEncodingError(h.rand, true, cs)
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
	return "", NewUnsupportedEncodingError(h.rand, true, cs)
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
	w := utf8Writer{out: make([]byte, 0, len(body)+len(body)/2)}
	for i := 0; i+1 < len(body); i += 2 {
		var u uint16
		if big {
			u = binary.BigEndian.Uint16(body[i:])
		} else {
			u = binary.LittleEndian.Uint16(body[i:])
		}
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
	w := utf8Writer{out: make([]byte, 0, len(body))}
	for i := 0; i+3 < len(body); i += 4 {
		var c uint32
		if big {
			c = binary.BigEndian.Uint32(body[i:])
		} else {
			c = binary.LittleEndian.Uint32(body[i:])
		}
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
	switch {
	case w.escaped:
		w.escaped = false
	case w.inString && c == '\\':
		w.escaped = true
	case c == '"':
		w.inString = !w.inString
	}
}

// rune writes r and follows the JSON string state.
func (w *utf8Writer) rune(r rune) {
	if r < utf8.RuneSelf {
		w.ascii(byte(r))
		return
	}
	w.out = utf8.AppendRune(w.out, r)
	switch {
	case w.escaped:
		w.escaped = false
	case w.inString && r == '\\':
		w.escaped = true
	case r == '"':
		w.inString = !w.inString
	}
}
