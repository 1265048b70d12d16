package pgtest

import (
	"context"
	"errors"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTB records what Need does with a test.
type fakeTB struct {
	testing.TB
	mu      sync.Mutex
	skipped string
	failed  string
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Skip(args ...any) {
	f.mu.Lock()
	f.skipped = toString(args)
	f.mu.Unlock()
	runtime.Goexit()
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	f.failed = format
	f.mu.Unlock()
	runtime.Goexit()
}

func toString(args []any) string {
	var b strings.Builder
	for _, a := range args {
		if s, ok := a.(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

func needIn(env *Env) *fakeTB {
	f := &fakeTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Need(f, env)
	}()
	<-done
	return f
}

// TestNeedWithoutServer: without a cluster, Need skips with the reason,
// and fails when FLAGADMIN_REQUIRE_POSTGRES=1.
func TestNeedWithoutServer(t *testing.T) {
	env := &Env{Reason: ErrNoServer.Error()}
	t.Setenv(RequireEnv, "")
	f := needIn(env)
	if f.skipped != "PostgreSQL tests skipped: "+env.Reason || f.failed != "" {
		t.Errorf("skipped %q, failed %q; want a skip with the reason", f.skipped, f.failed)
	}
	t.Setenv(RequireEnv, "1")
	f = needIn(env)
	if f.failed == "" || f.skipped != "" {
		t.Errorf("with %s=1: skipped %q, failed %q; want a failure", RequireEnv, f.skipped, f.failed)
	}
}

// TestFindBinOverride: FLAGADMIN_PG_BIN names the binaries; a directory
// without them is no server.
func TestFindBinOverride(t *testing.T) {
	t.Setenv(BinEnv, t.TempDir())
	if _, err := FindBin(); !errors.Is(err, ErrNoServer) || !strings.Contains(err.Error(), BinEnv) {
		t.Errorf("FindBin with an empty %s: %v", BinEnv, err)
	}
}

// TestStartStop: a cluster answers on its port and leaves nothing behind.
func TestStartStop(t *testing.T) {
	if _, err := FindBin(); err != nil {
		Need(t, &Env{Reason: err.Error()})
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir, port := c.dir, c.Port()
	if err := c.CreateDB(ctx, "x", ""); err != nil {
		t.Error(err)
	}
	if err := c.Exec(ctx, "x", "CREATE TABLE t (a int); INSERT INTO t VALUES (1)"); err != nil {
		t.Error(err)
	}
	c.Stop()
	c.Stop()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is still there: %v", dir, err)
	}
	if conn, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), time.Second); err == nil {
		conn.Close()
		t.Errorf("port %d still answers after Stop", port)
	}
}

// FreePort answers ports below the ephemeral range, free when it answers.
func TestFreePortBelowEphemeralRange(t *testing.T) {
	for range 20 {
		port, err := FreePort()
		if err != nil {
			t.Fatal(err)
		}
		if port < minPort || port > maxPort {
			t.Fatalf("FreePort() = %d, want %d to %d", port, minPort, maxPort)
		}
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			t.Fatalf("port %d is not free: %v", port, err)
		}
		l.Close()
	}
}
