package cli

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// runServe runs the serve subcommand without environment variables.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return Serve(ctx, args, Env{Stdout: stdout, Stderr: stderr})
}

// TestServeAndShutDown starts the server on a free port with the default
// state, uses the printed token, and stops it through the context.
func TestServeAndShutDown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr testutil.Buffer
	done := make(chan int, 1)
	go func() { done <- runServe(ctx, []string{"-addr", "127.0.0.1:0"}, &stdout, &stderr) }()

	var base, token string
	deadline := time.Now().Add(10 * time.Second)
	for base == "" && time.Now().Before(deadline) {
		for _, line := range strings.Split(stdout.String(), "\n") {
			if v, ok := strings.CutPrefix(line, "Listening on "); ok {
				base = v
			}
			if v, ok := strings.CutPrefix(line, "Using the embedded default state. Admin token: "); ok {
				token = v
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if base == "" || token != "*:*.flagadmin-demo-admin-token" {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	if n := strings.Count(stdout.String(), token); n != 1 {
		t.Errorf("token printed %d times", n)
	}

	req, _ := http.NewRequest(http.MethodGet, base+"/api/admin/user-admin", nil)
	req.Header.Set("Authorization", token)
	resp, body, err := testutil.Fetch(http.DefaultClient, req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), `{"users":[`) {
		t.Errorf("status %d: %s", resp.StatusCode, body)
	}

	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not shut down")
	}
	logs := stderr.String()
	if !strings.Contains(logs, `"path":"/api/admin/user-admin","status":200`) {
		t.Errorf("no request line in the log:\n%s", logs)
	}
	if strings.Contains(logs, token) {
		t.Errorf("the log holds the token:\n%s", logs)
	}
}

func TestSetupErrors(t *testing.T) {
	dir := t.TempDir()
	badState := testutil.WriteFile(t, dir, "state.json", `{"tokens":[{"secret":"x","type":"nope"}]}`)
	unknownMember := testutil.WriteFile(t, dir, "unknown.json", `{"flags":[]}`)
	for name, args := range map[string][]string{
		"unknown flag":          {"-nope"},
		"argument":              {"extra"},
		"zero max-body":         {"-max-body", "0"},
		"negative max-inflight": {"-max-inflight", "-1"},
		"zero queue-timeout":    {"-queue-timeout", "0s"},
		"missing state":         {"-state", filepath.Join(dir, "missing.json")},
		"invalid tokens":        {"-state", badState},
		"unknown member":        {"-state", unknownMember},
		"bad address":           {"-addr", "127.0.0.1:notaport"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runServe(context.Background(), args, &stdout, &stderr); code != 2 {
			t.Errorf("%s: exit %d; want 2 (stderr %s)", name, code, stderr.String())
		}
		if stdout.Len() != 0 && !strings.HasPrefix(stdout.String(), "Using the embedded default state.") {
			t.Errorf("%s: stdout %q", name, stdout.String())
		}
	}
}

// TestUnknownFlagReportedOnce: an unknown flag is reported once, with a
// line of usage; the server does not say it again.
func TestServeUnknownFlagReportedOnce(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runServe(context.Background(), []string{"-nope"}, &stdout, &stderr); code != 2 {
		t.Fatalf("exit %d; want 2", code)
	}
	if n := strings.Count(stderr.String(), "-nope"); n != 1 {
		t.Errorf("the unknown flag is named %d times:\n%s", n, stderr.String())
	}
	if !strings.Contains(stderr.String(), "usage: flagadmin serve [flags]; 'flagadmin serve -h' for help") {
		t.Errorf("no usage after the unknown flag:\n%s", stderr.String())
	}
	// -h is no error.
	stderr.Reset()
	if code := runServe(context.Background(), []string{"-h"}, &stdout, &stderr); code != 0 {
		t.Errorf("-h: exit %d; want 0", code)
	}
}

// TestBusyPortNamesTheFlag: an address in use is reported with the flag
// that changes it.
func TestBusyPortNamesTheFlag(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var stdout, stderr bytes.Buffer
	if code := runServe(context.Background(), []string{"-addr", ln.Addr().String()}, &stdout, &stderr); code != 2 {
		t.Fatalf("exit %d; want 2", code)
	}
	msg := stderr.String()
	if !strings.Contains(msg, ln.Addr().String()+" is in use") || !strings.Contains(msg, "-addr") {
		t.Errorf("message %q does not name the address in use and -addr", msg)
	}
	if n := strings.Count(msg, "\n"); n != 1 {
		t.Errorf("%d lines; want one:\n%s", n, msg)
	}
}

func TestStateFileDoesNotPrintAToken(t *testing.T) {
	state := testutil.WriteFile(t, t.TempDir(), "state.json", `{"tokens":[{"secret":"*:*.secret-of-the-file","type":"admin"}]}`)
	var stdout, stderr bytes.Buffer
	srv, ln, err := setupServer([]string{"-addr", "127.0.0.1:0", "-state", state, "-strict", "-max-body", "100", "-max-inflight", "3", "-queue-timeout", "500ms"}, Env{Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 {
		t.Errorf("a timeout is not set: %+v", srv)
	}
	if strings.Contains(stdout.String(), "secret-of-the-file") {
		t.Errorf("printed the token of a state file: %s", stdout.String())
	}
}
