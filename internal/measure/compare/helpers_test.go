package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/users"
)

// adminToken is the admin token of the recorded reference state, the one
// the reference server accepted.
const adminToken = "*:*.unleash-insecure-admin-api-token"

// oracleValidator returns a validator on the recorded reference state.
func oracleValidator(tb testing.TB, strict bool) *importvalidate.Validator {
	tb.Helper()
	st, err := importvalidate.NewMemoryState(conformance.MustState(tb))
	if err != nil {
		tb.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: st, Strict: strict})
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// oracleHandler returns the example server's handler on the recorded
// reference state, logging as the example server does (one JSON line per
// request), into io.Discard.
func oracleHandler(tb testing.TB) http.Handler {
	tb.Helper()
	snap := conformance.MustState(tb)
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		tb.Fatal(err)
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{
		Validator: oracleValidator(tb, false),
		Tokens:    tokens,
		Users:     users.NewMemoryStore(snap),
		Logger:    slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// serve starts h on a loopback port for the test.
func serve(tb testing.TB, h http.Handler) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	return srv
}
