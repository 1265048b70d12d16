package adminhttp_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// unknownKeysBody is the costliest body under the default limit: data
// with unknown keys up to about 496 kB.
func unknownKeysBody() []byte { return hostilebody.UnknownKeys(hostilebody.UnknownKeysSize) }

// BenchmarkWorkBeforeSlot measures what a large body costs before it
// takes a validation slot: reading it (inflating a gzip body) and looking
// at the token, which here is unknown, so the answer is 401 and no
// validation runs. (It also checks that the body is JSON, as an answer
// without credentials does, which a request with them does not.) BenchmarkLargeValidation beside
// it is the work in the slot.
func BenchmarkWorkBeforeSlot(b *testing.B) {
	h := newHandler(b, oracleSnapshot(b), setup{})
	plain := unknownKeysBody()
	for _, bc := range []struct {
		name, contentType, encoding string
		body                        []byte
	}{
		{"identity", "application/json", "", plain},
		{"gzip", "application/json", "gzip", gzipped(b, plain)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(plain)))
			for b.Loop() {
				rec := send(h, http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body),
					"Authorization", "nope", "Content-Type", bc.contentType, "Content-Encoding", bc.encoding)
				if rec.Code != http.StatusUnauthorized {
					b.Fatalf("status %d; want 401", rec.Code)
				}
			}
		})
	}
}

// BenchmarkLargeValidation serves the costliest body under the limit
// with a valid token: the work before the slot and the validation.
func BenchmarkLargeValidation(b *testing.B) {
	h := newHandler(b, oracleSnapshot(b), setup{})
	body := unknownKeysBody()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	cpu := testutil.StartCPU(b, len(body))
	defer cpu.Report()
	for b.Loop() {
		rec := send(h, http.MethodPost, adminhttp.PathValidate, bytes.NewReader(body),
			"Authorization", adminToken, "Content-Type", "application/json")
		if rec.Code != http.StatusBadRequest {
			b.Fatalf("status %d; want 400", rec.Code)
		}
	}
}

// BenchmarkPlanEndpoint serves 500 features and each hostile plan body
// (internal/testharness/hostilebody) at the plan endpoint and at the validation's,
// with a valid token: what the limiter weighs (see planWeight). Against
// BenchmarkLargeValidation, the costliest validation.
func BenchmarkPlanEndpoint(b *testing.B) {
	h := hostileHandler(b, setup{plan: true})
	type body struct {
		name string
		b    []byte
	}
	bodies := []body{{"500 features", []byte(benchBody(500))}}
	for _, pb := range hostilebody.PlanBodies() {
		for _, size := range []int{40 << 10, hostilebody.PlanSize} {
			bodies = append(bodies, body{pb.Name + "/size=" + itoa(size>>10) + "k", pb.Build(size)})
		}
	}
	for _, bb := range bodies {
		for _, path := range []string{adminhttp.PathPlan, adminhttp.PathValidate} {
			b.Run(bb.name+"/"+path[strings.LastIndexByte(path, '/')+1:], func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(bb.b)))
				cpu := testutil.StartCPU(b, len(bb.b))
				for b.Loop() {
					rec := send(h, http.MethodPost, path, bytes.NewReader(bb.b),
						"Authorization", hostileAdmin, "Content-Type", "application/json")
					if rec.Code != http.StatusOK || (path == adminhttp.PathPlan && !bytes.Contains(rec.Body.Bytes(), []byte(`"plan":`))) {
						b.Fatalf("status %d: %.300s", rec.Code, rec.Body.Bytes())
					}
				}
				cpu.Report()
			})
		}
	}
}
