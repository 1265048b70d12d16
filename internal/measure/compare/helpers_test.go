package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
)

// adminToken is the admin token of the recorded reference state, the one
// the reference server accepted.
const adminToken = "*:*.unleash-insecure-admin-api-token"

// oracleValidator returns a validator on the recorded reference state.
func oracleValidator(tb testing.TB, strict bool) *importvalidate.Validator {
	tb.Helper()
	return statetest.Validator(tb, conformance.MustState(tb), importvalidate.Options{Strict: strict})
}

// command is the flagadmin command the tests run.
var command serveproc.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	if err := command.Remove(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// oracleServer starts the flagadmin command's server (flagadmin serve, in
// a child process) on the recorded reference state for the test, and
// returns its base URL.
func oracleServer(tb testing.TB) string {
	tb.Helper()
	program, err := command.Program()
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := serveproc.Start(program, nil, "-state", conformance.StatePath())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			tb.Error(err)
		}
	})
	return srv.URL
}

// serve starts h on a loopback port for the test.
func serve(tb testing.TB, h http.Handler) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	return srv
}
