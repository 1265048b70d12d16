package testutil

// Xorshift is a small deterministic generator (Marsaglia's xorshift64 with
// the shifts 13, 7, 17) for tests that generate cases: the same seed gives
// the same cases on every machine and Go version. It is not safe for
// concurrent use and is no source of secrets.
type Xorshift struct{ state uint64 }

// NewXorshift returns a generator started at seed; seed must not be 0,
// which the generator would never leave.
func NewXorshift(seed uint64) *Xorshift { return &Xorshift{state: seed} }

// Uint64 advances the generator and returns its new state.
func (x *Xorshift) Uint64() uint64 {
	x.state ^= x.state << 13
	x.state ^= x.state >> 7
	x.state ^= x.state << 17
	return x.state
}

// Intn advances the generator and returns its new state modulo n, which
// must be positive.
func (x *Xorshift) Intn(n int) int { return int(x.Uint64() % uint64(n)) }
