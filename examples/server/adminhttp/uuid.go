package adminhttp

import (
	"crypto/rand"
	"encoding/hex"
	"io"
)

// newUUID returns a random UUID v4 in its canonical textual form, reading 16
// bytes from r. When r is nil, or when reading from r fails, the bytes come
// from crypto/rand instead, so that an id is always produced.
func newUUID(r io.Reader) string {
	var b [16]byte
	if r == nil {
		rand.Read(b[:]) // never fails since Go 1.24
	} else if _, err := io.ReadFull(r, b[:]); err != nil {
		rand.Read(b[:])
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // variant 10 (RFC 9562)
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:36], b[10:16])
	return string(out[:])
}
