package adminhttp

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadLimited(t *testing.T) {
	for _, tc := range []struct {
		name  string
		size  int
		limit int64
		ok    bool
	}{
		{"empty", 0, 10, true},
		{"under", 9, 10, true},
		{"at", 10, 10, true},
		{"over", 11, 10, false},
		{"at a large limit", 100000, 100000, true},
		{"over a large limit", 100001, 100000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := bytes.Repeat([]byte("x"), tc.size)
			// One byte at a time: the limit holds across many reads.
			got, err := readLimited(iotest.OneByteReader(bytes.NewReader(in)), tc.limit)
			if tc.ok != (err == nil) || (tc.ok && !bytes.Equal(got, in)) {
				t.Errorf("len %d, err %v", len(got), err)
			}
			if !tc.ok && err != errTooLarge {
				t.Errorf("err %v; want errTooLarge", err)
			}
		})
	}
	// An endless reader stops one byte past the limit.
	var counted countingReader
	if _, err := readLimited(&counted, 5000); err != errTooLarge || counted.n > 5001 {
		t.Errorf("endless: err %v after %d bytes", err, counted.n)
	}
	// A failing reader's error comes through.
	if _, err := readLimited(io.MultiReader(strings.NewReader("ab"), iotest.ErrReader(io.ErrUnexpectedEOF)), 10); err != io.ErrUnexpectedEOF {
		t.Errorf("err %v; want the reader's", err)
	}
}

type countingReader struct{ n int }

func (c *countingReader) Read(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}
