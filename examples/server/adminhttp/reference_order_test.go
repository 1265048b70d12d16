package adminhttp_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
)

// The tests of this file hold the handler to the reference server's order
// of checks (routing, then the JSON body, then the credentials, then the
// content type) and to its decoding of bodies: content encodings, charsets,
// paths and the Bearer prefix.

// gzipped is b in gzip's encoding.
func gzipped(t testing.TB, b []byte) []byte {
	t.Helper()
	return compressed(t, b, func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) })
}

// deflated is b in zlib's encoding, which HTTP calls deflate.
func deflated(t testing.TB, b []byte) []byte {
	t.Helper()
	return compressed(t, b, func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) })
}

// compressed writes b through the writer that newWriter puts in front of
// a buffer and returns what the buffer holds.
func compressed(t testing.TB, b []byte, newWriter func(io.Writer) io.WriteCloser) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := newWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// utf16Bytes encodes s in UTF-16 with the given byte order.
func utf16Bytes(s string, big bool) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			out = binary.BigEndian.AppendUint16(out, u)
		} else {
			out = binary.LittleEndian.AppendUint16(out, u)
		}
	}
	return out
}

// utf32Bytes encodes s in UTF-32 with the given byte order.
func utf32Bytes(s string, big bool) []byte {
	var out []byte
	for _, r := range s {
		if big {
			out = binary.BigEndian.AppendUint32(out, uint32(r))
		} else {
			out = binary.LittleEndian.AppendUint32(out, uint32(r))
		}
	}
	return out
}

type orderCase struct {
	name        string
	method      string // POST when empty
	path        string // the validate path when empty
	auth        string
	contentType string
	encoding    string
	body        []byte
	status      int
	errName     string // "" for a 200
	message     string // when not "": the error message
}

func (oc orderCase) run(t *testing.T, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	method, path := oc.method, oc.path
	if method == "" {
		method = http.MethodPost
	}
	if path == "" {
		path = validate
	}
	rec := send(h, method, path, bytes.NewReader(oc.body),
		"Authorization", oc.auth, "Content-Type", oc.contentType, "Content-Encoding", oc.encoding)
	if rec.Code != oc.status {
		t.Fatalf("status %d; want %d: %.400s", rec.Code, oc.status, rec.Body.Bytes())
	}
	if oc.errName != "" {
		e := errorOf(t, rec)
		if e.Name != oc.errName {
			t.Errorf("name %s; want %s", e.Name, oc.errName)
		}
		if oc.message != "" && e.Message != oc.message {
			t.Errorf("message %q; want %q", e.Message, oc.message)
		}
	}
	return rec
}

func TestReferenceOrderBodyBeforeCredentials(t *testing.T) {
	const limit = 2048
	h := newHandler(t, oracleSnapshot(t), setup{maxBody: limit})
	malformed := []byte(`{"project":"default",` + "\n")
	big := []byte(`{"project":"` + strings.Repeat("x", limit) + `"}`)
	for _, tc := range []orderCase{
		{name: "malformed JSON without a token is 400", contentType: "application/json", body: malformed, status: 400, errName: nameBadDataError},
		{name: "malformed JSON with an unknown token is 400", auth: "nope", contentType: "application/json", body: malformed, status: 400, errName: nameBadDataError},
		{name: "malformed JSON with a client token is 400", auth: clientToken, contentType: "application/json", body: malformed, status: 400, errName: nameBadDataError},
		{name: "malformed +json without a token is 400", contentType: "application/merge-patch+json", body: malformed, status: 400, errName: nameBadDataError},
		{name: "malformed +json with the admin is 400, not 415", auth: adminToken, contentType: "application/merge-patch+json", body: malformed, status: 400, errName: nameBadDataError},
		{name: "well-formed +json with the admin is 415", auth: adminToken, contentType: "application/merge-patch+json", body: []byte(minimalBody), status: 415, errName: nameContentTypeError},
		{name: "oversized JSON without a token is 413", contentType: "application/json", body: big, status: 413, errName: namePayloadTooLargeError},
		{name: "oversized JSON with a client token is 413", auth: clientToken, contentType: "application/json; charset=utf-8", body: big, status: 413, errName: namePayloadTooLargeError},
		{name: "oversized text without a token is 401", contentType: "text/plain", body: big, status: 401, errName: nameAuthenticationRequired},
		{name: "oversized text with the admin is 415, never 413", auth: adminToken, contentType: "text/plain", body: big, status: 415, errName: nameContentTypeError},
		{name: "malformed text without a token is 401", contentType: "text/plain", body: malformed, status: 401, errName: nameAuthenticationRequired},
		{name: "valid JSON without a token is 401", contentType: "application/json", body: []byte(minimalBody), status: 401, errName: nameAuthenticationRequired},
		{name: "empty JSON body without a token is 401", contentType: "application/json", status: 401, errName: nameAuthenticationRequired},
		{name: "schema failure without a token is 401", contentType: "application/json", body: []byte(`{}`), status: 401, errName: nameAuthenticationRequired},
		{name: "schema failure with a client token is 403", auth: clientToken, contentType: "application/json", body: []byte(`{}`), status: 403, errName: nameNoAccessError},
		{name: "byte order mark and valid JSON without a token is 401", contentType: "application/json", body: []byte("\xef\xbb\xbf" + minimalBody), status: 401, errName: nameAuthenticationRequired},
		{name: "500 kB of brackets without a token is 400", contentType: "application/json", body: []byte(strings.Repeat("[", limit)), status: 400, errName: nameBadDataError},
		{name: "unsupported charset without a token is 415", contentType: "application/json; charset=latin1", body: []byte(minimalBody), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported charset "LATIN1"`},
		{name: "br without a token is 415", contentType: "application/json", encoding: "br", body: []byte(minimalBody), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported content encoding "br"`},
		{name: "a wrong method is 405 whatever the body", method: http.MethodGet, contentType: "application/json", body: malformed, status: 405, errName: nameMethodNotAllowedError},
		{name: "an unknown path is 404 whatever the body", path: "/api/admin/nope", contentType: "application/json", body: big, status: 404, errName: nameNotFoundError},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, h) })
	}
}

func TestReferenceOrderSyntaxDetail(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	// Without a token the 400 is the same as with one: the structural
	// tier's detail, naming line, column and byte.
	for _, token := range []string{"", adminToken} {
		rec := orderCase{auth: token, contentType: "application/json", body: []byte(`{"project":"default",` + "\n"), status: 400, errName: nameBadDataError}.run(t, h)
		e := errorOf(t, rec)
		if len(e.Details) != 1 || !strings.Contains(e.Details[0].Message, "line 2, column 1") || !strings.Contains(e.Details[0].Message, "byte 22") {
			t.Errorf("token %q: details %+v", token, e.Details)
		}
	}
}

func TestContentEncodings(t *testing.T) {
	const limit = 4096
	h := newHandler(t, oracleSnapshot(t), setup{maxBody: limit})
	body := []byte(minimalBody)
	padded := append(append([]byte{}, body...), bytes.Repeat([]byte(" "), limit-len(body))...)
	over := append(append([]byte{}, padded...), ' ')
	corrupt := gzipped(t, body)
	corrupt[len(corrupt)/2] ^= 0xff
	for _, tc := range []orderCase{
		{name: "identity", encoding: "identity", body: body, status: 200},
		{name: "gzip", encoding: "gzip", body: gzipped(t, body), status: 200},
		{name: "GZIP in upper case", encoding: "GZIP", body: gzipped(t, body), status: 200},
		{name: "deflate (zlib)", encoding: "deflate", body: deflated(t, body), status: 200},
		{name: "gzip inflating to the limit", encoding: "gzip", body: gzipped(t, padded), status: 200},
		{name: "gzip inflating one byte over the limit", encoding: "gzip", body: gzipped(t, over), status: 413, errName: namePayloadTooLargeError},
		{name: "deflate inflating one byte over the limit", encoding: "deflate", body: deflated(t, over), status: 413, errName: namePayloadTooLargeError},
		{name: "gzip over the limit without a token", auth: "-", encoding: "gzip", body: gzipped(t, over), status: 413, errName: namePayloadTooLargeError},
		{name: "br", encoding: "br", body: body, status: 415, errName: nameUnsupportedEncodingError, message: `unsupported content encoding "br"`},
		{name: "compress", encoding: "compress", body: body, status: 415, errName: nameUnsupportedEncodingError, message: `unsupported content encoding "compress"`},
		{name: "two codings", encoding: "gzip, deflate", body: body, status: 415, errName: nameUnsupportedEncodingError, message: `unsupported content encoding "gzip, deflate"`},
		{name: "gzip header on plain bytes", encoding: "gzip", body: body, status: 400, errName: nameBadDataError},
		{name: "corrupt gzip", encoding: "gzip", body: corrupt, status: 400, errName: nameBadDataError},
		{name: "truncated gzip", encoding: "gzip", body: gzipped(t, body)[:20], status: 400, errName: nameBadDataError},
		{name: "br on another content type is 415 for the type", contentType: "text/plain", encoding: "br", body: body, status: 415, errName: nameContentTypeError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.contentType == "" {
				tc.contentType = "application/json"
			}
			switch tc.auth {
			case "":
				tc.auth = adminToken
			case "-":
				tc.auth = ""
			}
			rec := tc.run(t, h)
			if tc.status == 400 {
				if e := errorOf(t, rec); bytes.Contains(rec.Body.Bytes(), []byte("default")) || !strings.Contains(e.Details[0].Message, "inflated") {
					t.Errorf("detail of a bad compressed body: %s", rec.Body.Bytes())
				}
			}
		})
	}
}

// TestZipBombCostsNothing posts 64 MB of zeros compressed to about 64 kB:
// the answer is 413, and the handler allocates about the limit, not the
// inflated size.
func TestZipBombCostsNothing(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	bomb := gzipped(t, make([]byte, 64<<20))
	oc := orderCase{contentType: "application/json", encoding: "gzip", body: bomb, status: 413, errName: namePayloadTooLargeError}
	oc.run(t, h) // warm up
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	oc.run(t, h)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 4*uint64(adminhttp.DefaultMaxBody) {
		t.Errorf("a 64 MB zip bomb allocated %d bytes; want at most 4 times the %d-byte limit", got, adminhttp.DefaultMaxBody)
	}
}

func TestCharsets(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	// A name beyond ASCII and beyond the BMP shows that the text is
	// decoded, not only its ASCII.
	named := `{"project":"default","environment":"development","data":{"features":[{"name":"f-é-😀"}],"featureStrategies":[],"tagTypes":[]}}`
	for _, tc := range []orderCase{
		{name: "no charset", contentType: "application/json", body: []byte(named), status: 200},
		{name: "utf-8", contentType: "application/json; charset=utf-8", body: []byte(named), status: 200},
		{name: "UTF-8 in upper case", contentType: "application/json; charset=UTF-8", body: []byte(named), status: 200},
		{name: "utf-16le", contentType: "application/json; charset=utf-16le", body: utf16Bytes(named, false), status: 200},
		{name: "utf-16be", contentType: "application/json; charset=utf-16be", body: utf16Bytes(named, true), status: 200},
		{name: "utf-16, big-endian by its ASCII", contentType: "application/json; charset=utf-16", body: utf16Bytes(named, true), status: 200},
		{name: "utf-16, little-endian by its ASCII", contentType: "application/json; charset=utf-16", body: utf16Bytes(named, false), status: 200},
		{name: "utf-32le", contentType: "application/json; charset=utf-32le", body: utf32Bytes(named, false), status: 200},
		{name: "utf-32be", contentType: "application/json; charset=utf-32be", body: utf32Bytes(named, true), status: 200},
		{name: "utf-7", contentType: "application/json; charset=utf-7", body: []byte(strings.ReplaceAll(named, "é-😀", "+AOk--+2D3eAA-")), status: 200},
		{name: "utf-16le read as utf-8 is no JSON", contentType: "application/json", body: utf16Bytes(named, false), status: 400, errName: nameBadDataError},
		{name: "latin1", contentType: "application/json; charset=latin1", body: []byte(named), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported charset "LATIN1"`},
		{name: "iso-8859-1", contentType: "application/json; charset=ISO-8859-1", body: []byte(named), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported charset "ISO-8859-1"`},
		{name: "utf8 without the dash", contentType: "application/json; charset=utf8", body: []byte(named), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported charset "UTF8"`},
		{name: "an unknown utf-", contentType: "application/json; charset=utf-9", body: []byte(named), status: 415, errName: nameUnsupportedEncodingError, message: `unsupported charset "UTF-9"`},
		{name: "unknown charset of another type is 415 for the type", contentType: "text/plain; charset=latin1", body: []byte(named), status: 415, errName: nameContentTypeError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.auth = adminToken
			tc.run(t, h)
		})
	}
}

func TestPathMatching(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/admin/user-admin", 200},
		{"GET", "/api/admin/USER-ADMIN", 200},
		{"GET", "/Api/Admin/User-Admin", 200},
		{"GET", "/api/admin/user-admin/", 200},
		{"GET", "//api//admin///user-admin", 200},
		{"GET", "/api/admin/user-admin//", 200},
		{"GET", "/api/admin/user-admin?x=1", 200},
		{"POST", "/API/ADMIN/FEATURES-BATCH/VALIDATE/", 200},
		{"POST", "//api/admin/features-batch//validate", 200},
		{"GET", "/API/ADMIN/FEATURES-BATCH/VALIDATE/", 405},
		{"GET", "/api/admin/user-admin/x", 404},
		{"GET", "/api/admin/user-admin-", 404},
		{"GET", "/api/admin/user%2Dadmin", 404},
		{"GET", "/api/admin", 404},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			orderCase{method: tc.method, path: tc.path, auth: adminToken, contentType: "application/json", body: []byte(minimalBody), status: tc.status}.run(t, h)
		})
	}
}

func TestBearerPrefixOverHTTP(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, tc := range []struct {
		name, header string
		status       int
		message      string
	}{
		{"space", "Bearer " + adminToken, 200, ""},
		{"tab", "Bearer\t" + adminToken, 200, ""},
		{"the byte A0 (no-break space as the reference reads header bytes)", "Bearer\xa0" + adminToken, 200, ""},
		{"several", "bearer \xa0\t " + adminToken, 200, ""},
		{"the UTF-8 bytes of U+00A0 are two characters, not white space", "Bearer\u00a0" + adminToken, 401, msgUnknownToken},
		{"Bearer alone is an unknown token", "Bearer", 401, msgUnknownToken},
		{"Bearer and a no-break space is no token", "Bearer\xa0", 401, msgNoHeader},
		{"glued", "Bearer" + adminToken, 401, msgUnknownToken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			oc := orderCase{method: http.MethodGet, path: adminhttp.PathUserAdmin, auth: tc.header, status: tc.status, message: tc.message}
			if tc.status != 200 {
				oc.errName = nameAuthenticationRequired
			}
			oc.run(t, h)
		})
	}
}
