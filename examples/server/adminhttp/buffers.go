package adminhttp

// Bounds of the kept read buffers.
const (
	// keptBuffers is how many read buffers wait for another request at
	// most: with the default body limit, 4 MB held at the most.
	keptBuffers = 8
	// maxKeptBuffer is the capacity above which a read buffer is not
	// kept: a body limit raised far above the default must not leave
	// large buffers behind.
	maxKeptBuffer = 1 << 20
)

// bufferPool keeps the read buffers of request bodies between requests,
// so that reading a body of the usual sizes allocates nearly nothing. It
// is a bounded free list rather than a sync.Pool: what it holds is known
// (at most keptBuffers buffers of at most maxKeptBuffer bytes), and a
// buffer given back is there for the next request.
//
// A buffer goes back only when nothing refers to the body it held. The
// validator copies every string its report keeps, the answer is written
// before the buffer is given back, and the log line holds nothing of the
// body. A validation left running after its client went away still reads
// its body: that buffer is not given back.
type bufferPool struct {
	free chan *[]byte
}

// newBufferPool returns an empty pool.
func newBufferPool() *bufferPool {
	return &bufferPool{free: make(chan *[]byte, keptBuffers)}
}

// get returns a kept buffer of length 0, or a new empty one when none is
// kept (or p is nil).
func (p *bufferPool) get() *[]byte {
	if p != nil {
		select {
		case b := <-p.free:
			return b
		default:
		}
	}
	return new([]byte)
}

// put gives b back for another request; b must not be used afterwards. A
// nil pool or buffer, an empty one, one over maxKeptBuffer or one beyond
// keptBuffers is dropped.
func (p *bufferPool) put(b *[]byte) {
	if p == nil || b == nil || cap(*b) == 0 || cap(*b) > maxKeptBuffer {
		return
	}
	*b = (*b)[:0]
	select {
	case p.free <- b:
	default:
	}
}
