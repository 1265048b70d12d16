// Package readfile reads the files the commands are given (exports,
// import bodies, state snapshots, token and URL files, standard input)
// within bounds: only regular files, checked before they are opened, so
// that a FIFO, a device such as /dev/zero, a socket or a directory is
// refused with a clear error instead of blocking the open or filling the
// memory; at most a limit of bytes; and a read that a context ends, so
// that a signal ends the command at any point.
package readfile

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// DefaultLimit is the largest file read when no other limit is given:
// 256 MiB. The reference server refuses import bodies over 500 kB, and
// the largest state snapshots met (tens of thousands of features with
// their configurations) are below 100 MB, so no real file comes near it;
// yet it keeps a file that never ends, or a sparse file of gigabytes,
// from taking more than a bounded amount of memory (the decoded state
// takes a few times its size).
const DefaultLimit = 256 << 20

// FlagName is the name of the flag that sets the limit.
const FlagName = "max-file-size"

// Register adds -max-file-size to fs and returns where its value goes.
func Register(fs *flag.FlagSet) *int64 {
	return fs.Int64(FlagName, DefaultLimit, "largest file (or standard input) read, in `bytes`; a larger one is refused (default 256 MiB, far above any real export or snapshot)")
}

// chunk is how much is read between two looks at the context.
const chunk = 1 << 20

// TooLargeError is the error of a file larger than the limit.
type TooLargeError struct {
	Name  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %d bytes, the limit of -%s", e.Name, e.Limit, FlagName)
}

// NotRegularError is the error of a path that names no regular file.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: only regular files are read", e.Name, kind(e.Mode))
}

// kind names the type of a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// File reads the regular file at path, following symbolic links, when it
// holds at most limit bytes (DefaultLimit when limit <= 0). The file's
// type is checked before it is opened; it is opened without blocking and
// checked again, in case it changed in between. ctx ends the read. The
// error names path once, without the operation.
func File(ctx context.Context, path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, pathError(path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	if st.Size() > limit {
		return nil, &TooLargeError{Name: path, Limit: limit}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, pathError(path, err)
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, pathError(path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	return readAll(ctx, f, path, limit, st.Size())
}

// Reader reads r, such as standard input, to its end when it holds at
// most limit bytes (DefaultLimit when limit <= 0); name names it in
// errors. ctx ends the wait even while r blocks: the read then goes on
// in the background until r returns, and its bytes are dropped.
func Reader(ctx context.Context, r io.Reader, name string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := readAll(ctx, r, name, limit, 0)
		done <- result{b, err}
	}()
	select {
	case res := <-done:
		return res.b, res.err
	case <-ctx.Done():
		return nil, fmt.Errorf("reading %s: %w", name, context.Cause(ctx))
	}
}

// readAll reads r to its end, failing past limit bytes; size is the
// expected size (0 when unknown), which sizes the first buffer. It reads
// in chunks of at most 1 MiB, kept apart and joined at the end, so that
// the memory it takes stays near what it read, and it looks at ctx
// between them.
func readAll(ctx context.Context, r io.Reader, name string, limit, size int64) ([]byte, error) {
	var full [][]byte
	total := int64(0)
	b := make([]byte, 0, min(size, limit)+1)
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, context.Cause(ctx))
		}
		if len(b) == cap(b) {
			full = append(full, b)
			b = make([]byte, 0, chunk)
		}
		n, err := r.Read(b[len(b):min(cap(b), len(b)+chunk)])
		b = b[:len(b)+n]
		if total += int64(n); total > limit {
			return nil, &TooLargeError{Name: name, Limit: limit}
		}
		if errors.Is(err, io.EOF) {
			if full == nil {
				return b, nil
			}
			return bytes.Join(append(full, b), nil), nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
	}
}

// pathError is err without the operation and path of a *fs.PathError,
// prefixed with path once.
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", path, err)
}
