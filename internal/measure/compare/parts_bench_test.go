package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// BenchmarkLatencyParts splits the latency of the flagadmin command's
// server on the bodies that compare sends, each part including the ones
// before it:
//
//   - jsonValid: encoding/json.Valid on the body, a floor for any reader;
//   - validate: the Validator on the body's bytes (the whole validation);
//   - loopback: a keep-alive client posting to 'flagadmin serve' (in a
//     child process) on 127.0.0.1, the answer read to its end (what
//     compare measures); the CPU time it reports is the client's alone;
//   - loopbackFloor: the same client posting to a handler in this process
//     that only reads the body to its end and writes the same answer, the
//     least any server on net/http spends on the request.
//
// The HTTP handler alone, on an in-memory request, is
// BenchmarkServeValidate of package adminhttp. Run with -cpuprofile to see
// where each in-process part's time goes.
func BenchmarkLatencyParts(b *testing.B) {
	v := oracleValidator(b, false)
	client := newClient()
	defer client.CloseIdleConnections()
	ep := endpoint{name: "loopback", validate: oracleServer(b) + validatePath, token: adminToken}
	floor := serve(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = io.WriteString(w, `{"errors":[],"warnings":[],"permissions":[]}`)
	}))
	floorEp := endpoint{name: "floor", validate: floor.URL + validatePath, token: adminToken}
	ctx := context.Background()

	for _, size := range []struct {
		name  string
		bytes int
	}{{"small", 5000}, {"large", 490000}} {
		body := cleanBodyOfSize(size.bytes)
		b.Run(size.name+"/jsonValid", func(b *testing.B) {
			loop(b, len(body), func() {
				if !json.Valid(body) {
					b.Fatal("invalid body")
				}
			})
		})
		b.Run(size.name+"/validate", func(b *testing.B) {
			loop(b, len(body), func() {
				rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
				if err != nil || rep.HasErrors() {
					b.Fatalf("err %v, errors %v", err, rep.HasErrors())
				}
			})
		})
		b.Run(size.name+"/loopback", func(b *testing.B) {
			loop(b, len(body), func() {
				a, err := ep.send(ctx, client, body)
				if err != nil || a.status != http.StatusOK {
					b.Fatalf("status %d, err %v", a.status, err)
				}
			})
		})
		b.Run(size.name+"/loopbackFloor", func(b *testing.B) {
			loop(b, len(body), func() {
				a, err := floorEp.send(ctx, client, body)
				if err != nil || a.status != http.StatusOK {
					b.Fatalf("status %d, err %v", a.status, err)
				}
			})
		})
	}
}

// loop runs op b.N times and reports, besides the wall time, the CPU time
// of the whole process per operation (cpu-ns/op: every goroutine, the
// garbage collector's included), which moves less than the wall time on a
// shared machine.
func loop(b *testing.B, size int, op func()) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	cpu := testutil.StartCPU(b, size)
	for b.Loop() {
		op()
	}
	cpu.Report()
}
