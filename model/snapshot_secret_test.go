package model

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTokenDigest: the digest is the SHA-256 that sha256sum prints.
func TestTokenDigest(t *testing.T) {
	if got, want := TokenDigest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Errorf("TokenDigest(abc) = %s, want %s", got, want)
	}
}

// TestSnapshotNeverWritesASecret: a token held with its secret in clear is
// written with the secret's digest only, whichever way the snapshot is
// marshalled, and reads back as that digest; the snapshot written is
// unchanged.
func TestSnapshotNeverWritesASecret(t *testing.T) {
	const secret = "*:*.a-secret-that-must-not-be-written"
	s := &Snapshot{Tokens: []SnapshotToken{{Secret: secret, Type: TokenAdmin}, {SecretSHA256: TokenDigest("other"), Type: TokenClient}}}
	for name, marshal := range map[string]func(any) ([]byte, error){
		"Marshal":       json.Marshal,
		"MarshalIndent": func(v any) ([]byte, error) { return json.MarshalIndent(v, "", " ") },
	} {
		b, err := marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "a-secret") || strings.Contains(string(b), `"secret"`) {
			t.Errorf("%s wrote the secret: %s", name, b)
		}
		back, err := DecodeSnapshot(b)
		if err != nil {
			t.Fatal(err)
		}
		want := []SnapshotToken{{SecretSHA256: TokenDigest(secret), Type: TokenAdmin}, {SecretSHA256: TokenDigest("other"), Type: TokenClient}}
		if d := cmp.Diff(want, back.Tokens); d != "" {
			t.Errorf("%s: read back (-want +got):\n%s", name, d)
		}
	}
	if s.Tokens[0].Secret != secret {
		t.Errorf("writing changed the snapshot: %+v", s.Tokens[0])
	}
}

// TestSnapshotTokenForms: a token is told by its digest (either case) or,
// in an old or hand-written snapshot, by its secret; a digest that is
// none, or one beside a secret, is an error at its place that does not
// hold the secret.
func TestSnapshotTokenForms(t *testing.T) {
	digest := TokenDigest("s3cret-value")
	for name, tc := range map[string]struct {
		doc     string
		wantErr string
	}{
		"digest":            {doc: `{"tokens":[{"secretSha256":"` + digest + `","type":"admin"}]}`},
		"upper-case digest": {doc: `{"tokens":[{"secretSha256":"` + strings.ToUpper(digest) + `","type":"admin"}]}`},
		"old clear secret":  {doc: `{"tokens":[{"secret":"s3cret-value","type":"admin"}]}`},
		"short digest": {doc: "{\"tokens\": [\n {\"type\":\"admin\", \"secretSha256\":\"abc\"}]}",
			wantErr: "/tokens/0/secretSha256 (byte 31): secretSha256 is not a SHA-256 in hexadecimal"},
		"digest of no hexadecimal": {doc: `{"tokens":[{"secretSha256":"` + strings.Repeat("z", 64) + `","type":"admin"}]}`,
			wantErr: "/tokens/0/secretSha256 (byte 12): secretSha256 is not a SHA-256 in hexadecimal"},
		"both": {doc: `{"tokens":[{"secretSha256":"` + digest + `","type":"admin"},{"secret":"s3cret-value","secretSha256":"` + digest + `","type":"admin"}]}`,
			wantErr: "/tokens/1/secretSha256 (byte 135): the token has both secret and secretSha256"},
	} {
		t.Run(name, func(t *testing.T) {
			s, err := DecodeSnapshot([]byte(tc.doc))
			if tc.wantErr != "" {
				var de *DecodeError
				if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), tc.wantErr) || strings.Contains(err.Error(), "s3cret") {
					t.Fatalf("DecodeSnapshot = %v; want a *DecodeError starting %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			d, err := s.Tokens[0].Digest()
			if err != nil {
				t.Fatal(err)
			}
			if got := hex.EncodeToString(d[:]); got != digest {
				t.Errorf("Digest = %s, want %s", got, digest)
			}
		})
	}
	if _, err := (SnapshotToken{Type: TokenAdmin}).Digest(); err == nil {
		t.Error("a token without a secret has a digest")
	}
}

// TestWithoutPersonalData: e-mail addresses and invitation links are left
// out, the rest of each user stays, and a snapshot sharing the users is
// not changed.
func TestWithoutPersonalData(t *testing.T) {
	email, name, role := "ann@example.com", "Ann", int64(2)
	orig := &Snapshot{Users: []User{{ID: 1, Name: &name, Email: &email, RootRole: &role, InviteLink: "http://x/new-user?token=abc",
		Grants: []Grant{{Permission: "CREATE_FEATURE"}}}}}
	s := *orig
	s.WithoutPersonalData()
	want := []User{{ID: 1, Name: &name, RootRole: &role, Grants: []Grant{{Permission: "CREATE_FEATURE"}}}}
	if d := cmp.Diff(want, s.Users); d != "" {
		t.Errorf("users (-want +got):\n%s", d)
	}
	if orig.Users[0].Email == nil || orig.Users[0].InviteLink == "" {
		t.Errorf("the snapshot sharing the users changed: %+v", orig.Users[0])
	}
	var none *Snapshot
	none.WithoutPersonalData()
	none.WithoutSecrets()
}
