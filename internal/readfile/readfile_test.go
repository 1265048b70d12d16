package readfile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.json")
	if err := os.WriteFile(small, []byte(`{"features":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, p := range []string{small, link} {
		b, err := File(ctx, p, 0)
		if err != nil || string(b) != `{"features":[]}` {
			t.Errorf("File(%s) = %q, %v", p, b, err)
		}
	}
	// At the limit is read; one byte past it is refused.
	if b, err := File(ctx, small, 15); err != nil || len(b) != 15 {
		t.Errorf("File at the limit = %q, %v", b, err)
	}
	var tl *TooLargeError
	if _, err := File(ctx, small, 14); !errors.As(err, &tl) || !strings.Contains(err.Error(), "-max-file-size") {
		t.Errorf("File past the limit: %v", err)
	}
	if _, err := File(ctx, filepath.Join(dir, "none.json"), 0); !errors.Is(err, os.ErrNotExist) || strings.Count(err.Error(), "none.json") != 1 {
		t.Errorf("File of a missing file: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := File(cancelled, small, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("File with an ended context: %v", err)
	}
}

// TestFileSparse: a file of 2 GiB that takes no room on disk is refused
// from its size, before any of it is read.
func TestFileSparse(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sparse.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		t.Skip("no sparse file here:", err)
	}
	f.Close()
	var tl *TooLargeError
	if _, err := File(context.Background(), p, 0); !errors.As(err, &tl) {
		t.Errorf("File(sparse) = %v, want a *TooLargeError", err)
	}
}

// TestNotRegular: a directory, and on Unix a device, a FIFO without a
// writer (which must not be opened: the open would block) and a link to
// a device, are each refused at once with their kind.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{dir: "a directory"}
	for path, kind := range specialFiles(t, dir) {
		cases[path] = kind
	}
	for path, kind := range cases {
		done := make(chan error, 1)
		go func() {
			_, err := File(context.Background(), path, 0)
			done <- err
		}()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), kind) {
				t.Errorf("File(%s) = %v, want it refused as %s", path, err, kind)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("File(%s) blocks", path)
		}
	}
}

// endless is a reader that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// failing is a reader that fails.
type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("broken pipe") }

// blocked is a reader that blocks until closed.
type blocked chan struct{}

func (b blocked) Read([]byte) (int, error) {
	<-b
	return 0, io.EOF
}

func TestReader(t *testing.T) {
	ctx := context.Background()
	if b, err := Reader(ctx, strings.NewReader("{}"), "standard input", 0); err != nil || string(b) != "{}" {
		t.Errorf("Reader = %q, %v", b, err)
	}
	var tl *TooLargeError
	if _, err := Reader(ctx, endless{}, "standard input", 3<<20); !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), "standard input is larger than 3145728 bytes") {
		t.Errorf("Reader(endless) = %v", err)
	}
	if _, err := Reader(ctx, io.MultiReader(bytes.NewReader(make([]byte, 10)), failing{}), "in", 0); err == nil || !strings.HasPrefix(err.Error(), "reading in: ") {
		t.Errorf("Reader(failing) = %v", err)
	}
	b := make(blocked)
	defer close(b)
	cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := Reader(cctx, b, "standard input", 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Reader(blocked) = %v, want the context's end", err)
	}
}
