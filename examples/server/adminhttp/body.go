package adminhttp

import (
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
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

// contentType is the Content-Type of a request, parsed once.
type contentType struct {
	// raw is the header's value, "" when there is none.
	raw string
	// media is the media type in lower case, "" when raw does not parse;
	// params are its parameters, names in lower case.
	media  string
	params map[string]string
}

func parseContentType(raw string) contentType {
	mt, params, err := mime.ParseMediaType(raw)
	if err != nil {
		return contentType{raw: raw}
	}
	return contentType{raw: raw, media: mt, params: params}
}

// isJSON reports whether the content type is one the reference server's
// body parser reads as JSON: application/json or application/*+json, with
// any parameters. A content type that does not parse is none.
func (ct contentType) isJSON() bool {
	sub, ok := strings.CutPrefix(ct.media, "application/")
	return ok && (sub == "json" || strings.HasSuffix(sub, "+json"))
}

// check accepts application/json with any parameters; otherwise it
// returns the 415.
func (ct contentType) check() error {
	if ct.media != "application/json" {
		return contentTypeError(ct.raw)
	}
	return nil
}

// readJSONBody reads the body of a request with a JSON content type: it
// inflates gzip and deflate (zlib) bodies, refuses other encodings (415),
// stops at maxBody inflated bytes (413), and decodes the charset to UTF-8
// (415 for one that the reference server does not know). raw is the
// connection's own ResponseWriter, which http.MaxBytesReader tells to close
// the connection after a body that is too large. The body may share held,
// a buffer of h.buffers, which the caller gives back once nothing refers
// to the body.
func (h *validation) readJSONBody(raw http.ResponseWriter, r *http.Request, ct contentType) (body []byte, held *[]byte, err error) {
	charset, err := charsetOf(ct)
	if err != nil {
		return nil, nil, err
	}
	coding := strings.ToLower(strings.Join(r.Header.Values("Content-Encoding"), ", "))
	if coding == "" {
		coding = "identity"
	}
	if coding != "identity" && coding != "gzip" && coding != "deflate" {
		return nil, nil, unsupportedEncoding(false, coding)
	}
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil, nil
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
		return nil, nil, tooLarge(h.maxBody)
	}
	in := http.MaxBytesReader(raw, r.Body, wire)
	var src io.Reader = in
	if coding != "identity" {
		zr, err := inflater(coding, in)
		if err != nil {
			return nil, nil, h.inflateError(coding, err)
		}
		defer zr.Close()
		src = zr
	}
	body, held, err = readLimited(src, h.maxBody, h.buffers)
	if err != nil {
		return nil, nil, h.inflateError(coding, err)
	}
	if charset != csUTF8 {
		// The decoded text is a copy: the raw bytes are done with.
		body = decodeCharset(charset, body)
		h.buffers.put(held)
		held = nil
	}
	return body, held, nil
}

// inflater returns the reader that inflates in for coding, gzip or
// deflate (zlib).
func inflater(coding string, in io.Reader) (io.ReadCloser, error) {
	if coding == "gzip" {
		return gzip.NewReader(in)
	}
	return zlib.NewReader(in)
}

// errTooLarge is readLimited's error for a body over the limit.
var errTooLarge = errors.New("body over the limit")

// readLimited reads r to its end, in chunks that grow with what arrives,
// and fails with errTooLarge as soon as more than limit bytes arrived.
// The first firstChunk bytes are read into a buffer of their own; a body
// that fills it goes on in a buffer of bufs, which the returned slice then
// shares. held is that buffer (nil when the body fitted the first chunk or
// reading failed); the caller gives it back with bufs.put once nothing
// refers to the body any more.
func readLimited(r io.Reader, limit int64, bufs *bufferPool) (body []byte, held *[]byte, err error) {
	buf := make([]byte, 0, min(int64(firstChunk), limit+1))
	for {
		end := int(min(int64(cap(buf)), limit+1))
		if len(buf) == end {
			if int64(end) > limit {
				bufs.put(held)
				return nil, nil, errTooLarge
			}
			if held == nil {
				// Only bytes that arrived lead here: a connection that
				// sends nothing never takes a kept buffer, whatever
				// length it declared.
				held = bufs.get()
			}
			if cap(*held) <= cap(buf) { // too small, or the full one
				*held = make([]byte, 0, min(int64(2*cap(buf)), limit+1))
			}
			*held = append((*held)[:0], buf...)
			buf = *held
			continue
		}
		n, err := r.Read(buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			bufs.put(held)
			return nil, nil, errTooLarge
		}
		if err == io.EOF {
			return buf, held, nil
		}
		if err != nil {
			bufs.put(held)
			return nil, nil, err
		}
	}
}

// msgBodyUnreadable is the detail when reading the body fails for another
// reason than its size.
const msgBodyUnreadable = "The request body could not be read."

// inflateError turns an error of reading the body into its answer: 413
// for a body over the limit (on the wire or inflated), 400 otherwise.
func (h *validation) inflateError(coding string, err error) error {
	var overWire *http.MaxBytesError
	if errors.Is(err, errTooLarge) || errors.As(err, &overWire) {
		return tooLarge(h.maxBody)
	}
	msg := msgBodyUnreadable
	if coding != "identity" {
		// Only the library's own wording: never bytes of the body.
		msg = fmt.Sprintf("The request body could not be inflated (%s): %s.", coding, inflateReason(err))
	}
	return badDataMessage(msg)
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
