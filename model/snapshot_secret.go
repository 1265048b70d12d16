package model

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// The problems of a token's secret (SnapshotToken.Digest). None of them
// holds the secret.
var (
	// errNoSecret: the token has neither secretSha256 nor secret.
	errNoSecret = errors.New("the token has neither secretSha256 nor secret")
	// errBothSecrets: the token has both; it is told by one.
	errBothSecrets = errors.New("the token has both secret and secretSha256: give only secretSha256, the SHA-256 of the secret")
	// errDigestForm: secretSha256 is not 64 hexadecimal digits.
	errDigestForm = errors.New("secretSha256 is not a SHA-256 in hexadecimal (64 digits from 0-9 and a-f)")
)

// TokenDigest returns the lower-case hexadecimal SHA-256 of the bytes of
// secret: how a snapshot tells a token (SnapshotToken.SecretSHA256), as
// `printf %s "$SECRET" | sha256sum` prints it.
func TokenDigest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Digest returns the SHA-256 of t's secret: SecretSHA256 decoded (in
// either case), or the digest of Secret. It fails when t has neither or
// both, or a SecretSHA256 that is not 64 hexadecimal digits; the error
// never holds the secret.
func (t SnapshotToken) Digest() ([sha256.Size]byte, error) {
	var d [sha256.Size]byte
	switch {
	case t.SecretSHA256 != "" && t.Secret != "":
		return d, errBothSecrets
	case t.SecretSHA256 != "":
		if len(t.SecretSHA256) != hex.EncodedLen(sha256.Size) {
			return d, errDigestForm
		}
		if _, err := hex.Decode(d[:], []byte(t.SecretSHA256)); err != nil {
			return d, errDigestForm
		}
		return d, nil
	case t.Secret != "":
		return sha256.Sum256([]byte(t.Secret)), nil
	}
	return d, errNoSecret
}

// WithoutSecret returns t with its clear secret, if it has one, replaced
// by the secret's digest; what SnapshotToken.MarshalJSON writes.
func (t SnapshotToken) WithoutSecret() SnapshotToken {
	if t.Secret != "" {
		if t.SecretSHA256 == "" {
			t.SecretSHA256 = TokenDigest(t.Secret)
		}
		t.Secret = ""
	}
	return t
}

// WithoutSecrets replaces the clear secret of every token of s by its
// digest (SnapshotToken.WithoutSecret), in a new slice, so that a
// snapshot sharing the tokens is left as it is. It is what writing s
// does; a nil s is left alone.
func (s *Snapshot) WithoutSecrets() {
	if s == nil || len(s.Tokens) == 0 {
		return
	}
	tokens := make([]SnapshotToken, len(s.Tokens))
	for i, t := range s.Tokens {
		tokens[i] = t.WithoutSecret()
	}
	s.Tokens = tokens
}

// checkTokenDigests fails, at its place in the document b, on the first
// token of s whose secretSha256 Digest refuses. A token with neither
// member is left to the token lookup, which names it by its index.
func checkTokenDigests(b []byte, s *Snapshot) error {
	for i, t := range s.Tokens {
		if t.SecretSHA256 == "" {
			continue
		}
		if _, err := t.Digest(); err != nil {
			pointer := "/tokens/" + strconv.Itoa(i) + "/secretSha256"
			return decodeError(b, pointer, jsonwire.LocateMember(b, pointer), err.Error())
		}
	}
	return nil
}
