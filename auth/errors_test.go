package auth

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

func TestAuthorize(t *testing.T) {
	ctx := context.Background()
	editor := &Principal{Kind: KindUser, UserID: 3, Grants: []model.Grant{
		{Permission: "CREATE_FEATURE", Project: "default"},
		{Permission: "UPDATE_FEATURE_STRATEGY", Project: "default", Environment: "development"},
	}}
	admin := []string{PermissionAdmin}
	tests := []struct {
		name string
		p    *Principal
		req  Requirement
		want error // nil for success
	}{
		{"admin token, ADMIN route", &Principal{Kind: KindAdmin}, RequireAdmin(), nil},
		{"admin user, ADMIN route", &Principal{Kind: KindUser, Grants: []model.Grant{{Permission: "ADMIN"}}}, RequireAdmin(), nil},
		{"editor, ADMIN route", editor, RequireAdmin(), &PermissionError{Permissions: admin}},
		{"viewer, ADMIN route", &Principal{Kind: KindUser, UserID: 2}, RequireAdmin(), &PermissionError{Permissions: admin}},
		{"client token, ADMIN route", &Principal{Kind: KindClient}, RequireAdmin(), ErrTokenKind},
		{"frontend token, ADMIN route", &Principal{Kind: KindFrontend}, RequireAdmin(), ErrTokenKind},
		{"client token, route without permission", &Principal{Kind: KindClient}, Requirement{}, ErrTokenKind},
		{"frontend token, route without permission", &Principal{Kind: KindFrontend}, Requirement{}, ErrTokenKind},
		{"viewer, route without permission", &Principal{Kind: KindUser}, Requirement{}, nil},
		{"no principal", nil, Requirement{}, ErrNoToken},
		{"editor holds one of several", editor, Requirement{Permissions: []string{"ADMIN", "CREATE_FEATURE"}, Project: "default"}, nil},
		{"editor lacks all of several", editor, Requirement{Permissions: []string{"ADMIN", "CREATE_FEATURE"}, Project: "other"},
			&PermissionError{Permissions: []string{"ADMIN", "CREATE_FEATURE"}, Project: "other"}},
		{"editor in its environment", editor, Requirement{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "development"}, nil},
		{"editor in another environment", editor, Requirement{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "production"},
			&PermissionError{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "production"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Authorize(ctx, tt.p, tt.req)
			if want, ok := tt.want.(*PermissionError); ok {
				var got *PermissionError
				if !errors.As(err, &got) {
					t.Fatalf("Authorize error = %v, want a *PermissionError", err)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("PermissionError (-want +got):\n%s", d)
				}
				return
			}
			if err != tt.want {
				t.Errorf("Authorize error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestPermissionErrorText(t *testing.T) {
	for _, tc := range []struct {
		err  PermissionError
		want string
	}{
		{PermissionError{Permissions: []string{"ADMIN"}}, "auth: missing permission ADMIN"},
		{PermissionError{Permissions: []string{"A", "B"}, Project: "p", Environment: "dev"},
			"auth: missing permission A or B in project p in environment dev"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
	// The requirement's slice is not shared with the error.
	req := RequireAdmin()
	err := Authorize(context.Background(), &Principal{Kind: KindUser}, req)
	req.Permissions[0] = "changed"
	if !strings.Contains(err.Error(), "ADMIN") {
		t.Errorf("error %q changed with the requirement", err)
	}
}

// TestSecretsNeverEchoed drives every failure with a recognisable secret
// and checks that the error text does not contain it.
func TestSecretsNeverEchoed(t *testing.T) {
	ctx := context.Background()
	a := &Authenticator{Lookup: oracleLookup(t)}
	const unknown = "unknown-secret-c0ffee-0123456789abcdef"
	cases := []struct {
		name, header, secret string
		req                  Requirement
	}{
		{"unknown token", unknown, unknown, RequireAdmin()},
		{"Bearer unknown token", "Bearer " + unknown, unknown, RequireAdmin()},
		{"client token", oracleClientSecret, oracleClientSecret, RequireAdmin()},
		{"client token, route without permission", oracleClientSecret, oracleClientSecret, Requirement{}},
		{"viewer token", oracleViewerSecret, oracleViewerSecret, RequireAdmin()},
		{"editor token", "bearer " + oracleEditorSecret, oracleEditorSecret, RequireAdmin()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := a.Authenticate(ctx, c.header)
			if err == nil {
				err = Authorize(ctx, p, c.req)
			}
			if err == nil {
				t.Fatal("no error")
			}
			// The distinctive part of a secret must not appear anywhere,
			// not even in part.
			_, tail, _ := strings.Cut(c.secret, ".")
			if tail == "" {
				tail = c.secret
			}
			if s := err.Error(); strings.Contains(s, c.secret) || strings.Contains(s, tail) {
				t.Errorf("Error() reveals the secret: %s", s)
			}
		})
	}
}
