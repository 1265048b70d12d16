package importvalidate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// The places the errors of the in-memory implementations name: a JSON
// pointer into the snapshot, or a token, user or role by index or id.
var (
	stateErrPlace = regexp.MustCompile(`^importvalidate: state: /((projects|features|featureConfigs)/\d+/\w+|resourceLimits): `)
	authErrPlace  = regexp.MustCompile(`^auth: (token|tokens|personal token|user|user id|role id) -?\d+ `)
)

// FuzzDecodeSnapshot decodes state snapshots with model.DecodeStrict and
// builds the in-memory state, token lookup and user store from each one
// that decodes. It checks that nothing panics; that a decoding error is a
// *model.DecodeError naming a place (a JSON pointer, or the byte offset of
// a syntax error); that the errors of importvalidate.NewMemoryState and
// auth.NewMemoryLookup name the offending item and never a token secret;
// that every token of a built lookup authenticates as its type says; that
// the admin's user listing encodes as JSON; and that a validation of the
// snapshot's own names against the built state runs.
func FuzzDecodeSnapshot(f *testing.F) {
	f.Add([]byte(`{"projects":[{"id":"default"}],"tokens":[{"secret":"s3cr3t-token","type":"admin"}]}`))
	f.Add([]byte(`{"tokens":[{"secretSha256":"` + model.TokenDigest("s3cr3t-token") + `","type":"admin"}]}`))
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, data []byte) {
		var snap model.Snapshot
		if err := model.DecodeStrict(data, &snap); err != nil {
			checkDecodeError(t, data, err)
			return
		}

		st, err := importvalidate.NewMemoryState(&snap)
		if err != nil && !stateErrPlace.MatchString(err.Error()) {
			t.Fatalf("NewMemoryState error names no place: %v", err)
		}

		lookup, err := auth.NewMemoryLookup(&snap)
		if err != nil {
			if !authErrPlace.MatchString(err.Error()) {
				t.Fatalf("NewMemoryLookup error names no place: %v", err)
			}
			checkNoSecret(t, &snap, err.Error())
		} else {
			checkTokens(t, ctx, &snap, lookup)
		}

		store := users.NewMemoryStore(&snap)
		listing, err := (&users.Lister{Store: store}).List(ctx, &auth.Principal{Kind: auth.KindAdmin})
		if err != nil {
			t.Fatalf("List: %v", err)
		}
		b, err := listing.MarshalJSON()
		if err != nil || !json.Valid(b) {
			t.Fatalf("listing: %v: %q", err, b)
		}

		if st != nil {
			validateOwnNames(t, ctx, st, &snap)
		}
	})
}

// checkDecodeError checks that err is a *model.DecodeError that names a
// place: a pointer, an offset inside data, or the root of a JSON text.
func checkDecodeError(t *testing.T, data []byte, err error) {
	t.Helper()
	var de *model.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("DecodeStrict error %T is no *model.DecodeError: %v", err, err)
	}
	if de.Location.Offset < -1 || de.Location.Offset > int64(len(data)) {
		t.Fatalf("offset %d outside the %d bytes: %v", de.Location.Offset, len(data), err)
	}
	if de.Location.Pointer != "" && !strings.HasPrefix(de.Location.Pointer, "/") {
		t.Fatalf("pointer %q does not start with /: %v", de.Location.Pointer, err)
	}
	if de.Location.Pointer == "" && de.Location.Offset < 0 && !json.Valid(data) {
		t.Fatalf("error of a body that is no JSON text names no place: %v", err)
	}
	if de.Msg == "" {
		t.Fatalf("error without a message: %#v", de)
	}
}

// checkNoSecret fails when msg holds a token secret of s. Secrets shorter
// than 8 bytes, and secrets that also occur elsewhere in the snapshot (as a
// token type, say), are not checked: they may be in msg for another reason.
func checkNoSecret(t *testing.T, s *model.Snapshot, msg string) {
	t.Helper()
	blank := *s
	blank.Tokens = make([]model.SnapshotToken, len(s.Tokens))
	for i, tok := range s.Tokens {
		blank.Tokens[i] = tok
		blank.Tokens[i].Secret = ""
	}
	rest, err := json.Marshal(&blank)
	if err != nil {
		t.Fatal(err)
	}
	for i, tok := range s.Tokens {
		if len(tok.Secret) < 8 || bytes.Contains(rest, []byte(tok.Secret)) || strings.Contains("auth: tokens have the same secret personal token refers to unknown user has no userId", tok.Secret) {
			continue
		}
		if strings.Contains(msg, tok.Secret) {
			t.Fatalf("error holds the secret of token %d: %s", i, msg)
		}
	}
}

// checkTokens checks that every token of s authenticates through l as its
// type says, except those of deleted users, and that an unknown secret
// does not.
func checkTokens(t *testing.T, ctx context.Context, s *model.Snapshot, l *auth.MemoryLookup) {
	t.Helper()
	deleted := map[int64]bool{}
	for _, u := range s.Users {
		if u.Deleted {
			deleted[u.ID] = true
		}
	}
	kinds := map[string]auth.Kind{model.TokenAdmin: auth.KindAdmin, model.TokenClient: auth.KindClient,
		model.TokenFrontend: auth.KindFrontend, model.TokenPersonal: auth.KindUser}
	secrets := map[string]bool{}
	for i, tok := range s.Tokens {
		if tok.Secret == "" {
			continue // told by its digest: whose secret is not known here
		}
		secrets[tok.Secret] = true
		p, ok, err := l.LookupToken(ctx, tok.Secret)
		if err != nil {
			t.Fatalf("token %d: %v", i, err)
		}
		gone := tok.Type == model.TokenPersonal && tok.UserID != nil && deleted[*tok.UserID]
		if gone {
			// Another user with the same id may be live; ids are unique
			// in a snapshot that NewMemoryLookup accepts.
			if ok {
				t.Fatalf("token %d of a deleted user authenticates", i)
			}
			continue
		}
		if !ok || p.Kind != kinds[tok.Type] {
			t.Fatalf("token %d (%s) authenticates as %v, %v", i, tok.Type, p, ok)
		}
		if p.Kind == auth.KindUser && p.UserID != *tok.UserID {
			t.Fatalf("token %d acts as user %d, not %d", i, p.UserID, *tok.UserID)
		}
	}
	unknown := "no-such-token"
	for secrets[unknown] {
		unknown += "!"
	}
	if _, ok, _ := l.LookupToken(ctx, unknown); ok {
		t.Fatalf("an unknown secret authenticates")
	}
}

// validateOwnNames validates an import made of the snapshot's own names
// (its features, strategies, context fields, segments and tag types, into
// its first project and environment) against the state built from it.
func validateOwnNames(t *testing.T, ctx context.Context, st *importvalidate.MemoryState, s *model.Snapshot) {
	t.Helper()
	imp := &model.ImportRequest{Project: "default", Environment: "development"}
	if len(s.Projects) > 0 {
		imp.Project = s.Projects[0].ID
	}
	if len(s.Environments) > 0 {
		imp.Environment = s.Environments[0].Name
	}
	const most = 8
	for i, f := range s.Features {
		if i == most {
			break
		}
		imp.Data.Features = append(imp.Data.Features, model.Feature{Name: f.Name})
		dep := []model.ParentDependency{{Feature: f.Name + "-parent"}}
		if i%2 == 1 {
			imp.Data.Features[i].Dependencies = &dep
		}
	}
	for i, sg := range s.Segments {
		if i == most {
			break
		}
		imp.Data.Segments = append(imp.Data.Segments, model.Segment{ID: float64(sg.ID), Name: sg.Name})
	}
	for i, st := range s.Strategies {
		if i == most {
			break
		}
		name := "f"
		if len(imp.Data.Features) > 0 {
			name = imp.Data.Features[i%len(imp.Data.Features)].Name
		}
		imp.Data.FeatureStrategies = append(imp.Data.FeatureStrategies, model.Strategy{Name: st.Name, FeatureName: &name})
	}
	for i, cf := range s.ContextFields {
		if i == most {
			break
		}
		lv := append([]model.LegalValue{{Value: "imported"}}, cf.LegalValues...)
		imp.Data.ContextFields = append(imp.Data.ContextFields, model.ContextField{Name: cf.Name, LegalValues: &lv})
	}
	for i, tt := range s.TagTypes {
		if i == most {
			break
		}
		imp.Data.TagTypes = append(imp.Data.TagTypes, model.TagType{Name: tt.Name})
	}
	v := mustNew(t, importvalidate.Options{State: st, Strict: true})
	if _, err := v.ValidateImport(ctx, imp, importvalidate.Target{Permissions: &auth.Principal{Kind: auth.KindUser}}); err != nil {
		t.Fatalf("ValidateImport: %v", err)
	}
}
