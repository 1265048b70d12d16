package auth

import (
	"context"
	"testing"
)

// permissionChecker has the shape of the interface the import validator
// asks (importvalidate.Permissions); a *Principal must satisfy it.
type permissionChecker interface {
	HasPermission(ctx context.Context, permission, project, environment string) (bool, error)
}

var _ permissionChecker = (*Principal)(nil)

// TestOracleEditorPermissions checks the Editor of oracle-state.json
// against what the reference server reports when that editor validates an
// import (the missing-permissions entries of the recorded answers).
func TestOracleEditorPermissions(t *testing.T) {
	a := &Authenticator{Lookup: oracleLookup(t)}
	editor, err := a.Authenticate(context.Background(), oracleEditorSecret)
	if err != nil {
		t.Fatalf("Authenticate(editor): %v", err)
	}
	var p permissionChecker = editor
	const dev = "development"
	tests := []struct {
		permission, project, environment string
		want                             bool
	}{
		{"CREATE_FEATURE_STRATEGY", "other", dev, false},
		{"DELETE_FEATURE_STRATEGY", "other", dev, false},
		{"CREATE_FEATURE", "other", dev, false},
		{"UPDATE_FEATURE", "other", dev, false},
		{"CREATE_CONTEXT_FIELD", "other", dev, true},
		{"CREATE_TAG_TYPE", "other", dev, true},
		{"CREATE_FEATURE_STRATEGY", "default", dev, true},
		{"DELETE_FEATURE_STRATEGY", "default", dev, true},
		{"CREATE_FEATURE", "default", dev, true},
		{"UPDATE_FEATURE", "default", dev, true},
		{"CREATE_CONTEXT_FIELD", "default", dev, true},
		{"CREATE_TAG_TYPE", "default", dev, true},
		{"UPDATE_FEATURE_ENVIRONMENT_VARIANTS", "default", dev, true},
		{"UPDATE_FEATURE_ENVIRONMENT_VARIANTS", "other", dev, false},
		{"CREATE_FEATURE_STRATEGY", "default", "staging", false},
		{"ADMIN", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.permission+"/"+tt.project+"/"+tt.environment, func(t *testing.T) {
			got, err := p.HasPermission(context.Background(), tt.permission, tt.project, tt.environment)
			if err != nil || got != tt.want {
				t.Errorf("HasPermission = %v, %v; want %v, nil", got, err, tt.want)
			}
		})
	}
}

// TestOracleTokens checks every token of oracle-state.json against the
// permissions the reference server gives it.
func TestOracleTokens(t *testing.T) {
	a := &Authenticator{Lookup: oracleLookup(t)}
	ctx := context.Background()
	tests := []struct {
		name     string
		secret   string
		kind     Kind
		admin    bool // holds ADMIN
		adminAPI bool // may use admin endpoints
	}{
		{"admin token", oracleAdminSecret, KindAdmin, true, true},
		{"backend token", oracleClientSecret, KindClient, false, false},
		{"viewer", oracleViewerSecret, KindUser, false, true},
		{"editor", oracleEditorSecret, KindUser, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := a.Authenticate(ctx, tt.secret)
			if err != nil {
				t.Fatal(err)
			}
			admin, _ := p.HasPermission(ctx, PermissionAdmin, "", "")
			if p.Kind != tt.kind || admin != tt.admin || p.MayUseAdminAPI() != tt.adminAPI {
				t.Errorf("got kind %q, ADMIN %v, admin API %v; want %q, %v, %v",
					p.Kind, admin, p.MayUseAdminAPI(), tt.kind, tt.admin, tt.adminAPI)
			}
		})
	}
}
