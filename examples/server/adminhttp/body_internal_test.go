package adminhttp

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadLimited reads bodies of the limit's size and one byte either
// side of it, for a limit under the first chunk and one well over it.
func TestReadLimited(t *testing.T) {
	for _, limit := range []int64{10, 100000} {
		for _, size := range []int64{0, limit - 1, limit, limit + 1} {
			in := bytes.Repeat([]byte("x"), int(size))
			// One byte at a time: the limit holds across many reads.
			got, _, err := readLimited(iotest.OneByteReader(bytes.NewReader(in)), limit, nil)
			if size <= limit && (err != nil || !bytes.Equal(got, in)) {
				t.Errorf("size %d, limit %d: len %d, err %v; want the body", size, limit, len(got), err)
			}
			if size > limit && err != errTooLarge {
				t.Errorf("size %d, limit %d: err %v; want errTooLarge", size, limit, err)
			}
		}
	}
	// An endless reader stops one byte past the limit.
	var counted countingReader
	if _, _, err := readLimited(&counted, 5000, nil); err != errTooLarge || counted.n > 5001 {
		t.Errorf("endless: err %v after %d bytes", err, counted.n)
	}
	// A failing reader's error comes through.
	if _, _, err := readLimited(io.MultiReader(strings.NewReader("ab"), iotest.ErrReader(io.ErrUnexpectedEOF)), 10, nil); err != io.ErrUnexpectedEOF {
		t.Errorf("err %v; want the reader's", err)
	}
}

type countingReader struct{ n int }

func (c *countingReader) Read(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// TestReadLimitedKeepsBuffers reads bodies through a pool: a body that
// fits the first chunk takes no kept buffer, a larger one does and shares
// it, the next body reuses it, and the limit holds with a kept buffer
// larger than the limit.
func TestReadLimitedKeepsBuffers(t *testing.T) {
	bufs := newBufferPool()
	small := bytes.Repeat([]byte("s"), firstChunk-1)
	got, held, err := readLimited(bytes.NewReader(small), 1<<20, bufs)
	if err != nil || held != nil || !bytes.Equal(got, small) {
		t.Fatalf("small body: len %d, held %v, err %v; want the body, no kept buffer", len(got), held != nil, err)
	}

	large := bytes.Repeat([]byte("l"), 300000)
	got, held, err = readLimited(iotest.HalfReader(bytes.NewReader(large)), 1<<20, bufs)
	if err != nil || held == nil || !bytes.Equal(got, large) {
		t.Fatalf("large body: len %d, held %v, err %v; want the body in a kept buffer", len(got), held != nil, err)
	}
	if &got[0] != &(*held)[:1][0] {
		t.Fatal("the body does not share the kept buffer")
	}
	first := &(*held)[:1][0]
	bufs.put(held)

	// Over the limit with the kept buffer, larger than the limit.
	if _, held, err := readLimited(bytes.NewReader(large), 200000, bufs); err != errTooLarge || held != nil {
		t.Fatalf("over the limit: held %v, err %v; want errTooLarge", held != nil, err)
	}
	// The buffer given back after the refused body serves the next.
	other := bytes.Repeat([]byte("o"), 250000)
	got, held, err = readLimited(bytes.NewReader(other), 1<<20, bufs)
	if err != nil || !bytes.Equal(got, other) {
		t.Fatalf("second large body: len %d, err %v", len(got), err)
	}
	if &(*held)[:1][0] != first {
		t.Error("the second large body did not reuse the kept buffer")
	}
	bufs.put(held)

	// A buffer over maxKeptBuffer is dropped, and no more than
	// keptBuffers are kept.
	huge := make([]byte, 0, maxKeptBuffer+1)
	bufs.put(&huge)
	for range keptBuffers + 2 {
		b := make([]byte, 0, 10)
		bufs.put(&b)
	}
	if n := len(bufs.free); n != keptBuffers {
		t.Errorf("%d buffers kept; want %d", n, keptBuffers)
	}
	for range keptBuffers + 1 {
		if b := bufs.get(); cap(*b) > maxKeptBuffer {
			t.Fatalf("got a kept buffer of %d bytes; want none over %d", cap(*b), maxKeptBuffer)
		}
	}
}

// TestReadLimitedAllocatesLittleWithAPool reads a 400 kB body again and
// again through a pool: after the first, each read allocates about the
// first chunk, not the body (without the pool, about 1 MB: the doubling
// buffers up to the limit).
func TestReadLimitedAllocatesLittleWithAPool(t *testing.T) {
	bufs := newBufferPool()
	body := bytes.Repeat([]byte("x"), 400000)
	r := bytes.NewReader(body)
	read := func() {
		r.Reset(body)
		got, held, err := readLimited(r, 512000, bufs)
		if err != nil || len(got) != len(body) {
			t.Fatalf("len %d, err %v", len(got), err)
		}
		bufs.put(held)
	}
	read()
	var before, after runtime.MemStats
	const runs = 20
	runtime.ReadMemStats(&before)
	for range runs {
		read()
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("%d bytes allocated per read of %d", per, len(body))
	if per > 2*firstChunk {
		t.Errorf("%d bytes allocated per read of %d bytes; want at most twice the first chunk, %d", per, len(body), 2*firstChunk)
	}
}
