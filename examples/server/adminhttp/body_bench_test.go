package adminhttp_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
)

// benchBody is an import of n features with a strategy each.
func benchBody(n int) string {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"bench-` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `-` + itoa(i) + `","project":"default","type":"release"}`)
	}
	b.WriteString(`],"featureStrategies":[],"tagTypes":[]}}`)
	return b.String()
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// BenchmarkServeValidate serves one validation through the handler, the
// body as it arrives on the wire: plain, gzip, or UTF-16.
func BenchmarkServeValidate(b *testing.B) {
	h := newHandler(b, oracleSnapshot(b), setup{})
	plain := []byte(benchBody(500))
	for _, bc := range []struct {
		name, contentType, encoding string
		body                        []byte
	}{
		{"identity", "application/json", "", plain},
		{"gzip", "application/json", "gzip", gzipped(b, plain)},
		{"utf-16le", "application/json; charset=utf-16le", "", utf16Bytes(string(plain), false)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(plain)))
			for b.Loop() {
				r := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body))
				r.Header.Set("Authorization", adminToken)
				r.Header.Set("Content-Type", bc.contentType)
				if bc.encoding != "" {
					r.Header.Set("Content-Encoding", bc.encoding)
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, r)
				if rec.Code != 200 {
					b.Fatalf("status %d: %.300s", rec.Code, rec.Body.Bytes())
				}
			}
		})
	}
}

// BenchmarkRefusedBeforeValidation measures the answers that never reach
// the validation: a malformed body without credentials (parsed first, as
// the reference does) and an unknown token.
func BenchmarkRefusedBeforeValidation(b *testing.B) {
	h := newHandler(b, oracleSnapshot(b), setup{})
	valid := []byte(benchBody(500))
	malformed := append(bytes.Clone(valid[:len(valid)-2]), ',')
	for _, bc := range []struct {
		name, token string
		body        []byte
		status      int
	}{
		{"malformed without token", "", malformed, 400},
		{"valid with unknown token", "nope", valid, 401},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.body)))
			for b.Loop() {
				r := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body))
				if bc.token != "" {
					r.Header.Set("Authorization", bc.token)
				}
				r.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, r)
				if rec.Code != bc.status {
					b.Fatalf("status %d; want %d", rec.Code, bc.status)
				}
			}
		})
	}
}
