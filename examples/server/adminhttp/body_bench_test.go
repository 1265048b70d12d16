package adminhttp_test

import (
	"bytes"
	"net/http"
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
				rec := send(h, http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body),
					"Authorization", adminToken, "Content-Type", bc.contentType, "Content-Encoding", bc.encoding)
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
				rec := do(h, http.MethodPost, adminhttp.PathValidate, bc.token, "application/json", bytes.NewReader(bc.body))
				if rec.Code != bc.status {
					b.Fatalf("status %d; want %d", rec.Code, bc.status)
				}
			}
		})
	}
}
