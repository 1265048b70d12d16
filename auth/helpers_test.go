package auth

import (
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/model"
)

// Secrets of oracle-state.json.
const (
	oracleAdminSecret   = "*:*.unleash-insecure-admin-api-token"
	oracleClientSecret  = "default:development.unleash-insecure-backend-api-token"
	oracleViewerSecret  = "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"
	oracleEditorSecret  = "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf"
	oracleViewerUserID  = 2
	oracleEditorUserID  = 3
	testFrontendSecret  = "default:development.frontend-secret-0123456789"
	testDeletedSecret   = "user:deleted-user-secret-0123456789"
	testNoRoleSecret    = "user:no-root-role-secret-0123456789"
	testOwnGrantsSecret = "user:own-grants-secret-0123456789"
)

// readOracleState loads the snapshot behind the recorded answers. It fails
// the test when the material is missing.
func readOracleState(t *testing.T) *model.Snapshot { return conformance.MustState(t) }

// oracleLookup builds a MemoryLookup over oracle-state.json.
func oracleLookup(t *testing.T) *MemoryLookup {
	t.Helper()
	l, err := NewMemoryLookup(readOracleState(t))
	if err != nil {
		t.Fatalf("NewMemoryLookup(oracle-state.json): %v", err)
	}
	return l
}

// extendedState is oracle-state.json plus a frontend token, a deleted
// user's token, a user without a root role and a user with own grants.
func extendedState(t *testing.T) *model.Snapshot {
	t.Helper()
	s := readOracleState(t)
	ptr := func(v int64) *int64 { return &v }
	s.Users = append(s.Users,
		model.User{ID: 10, Deleted: true, RootRole: ptr(1)},
		model.User{ID: 11},
		model.User{ID: 12, RootRole: ptr(3), Grants: []model.Grant{
			{Permission: "CREATE_FEATURE", Project: "other", Environment: "*"},
		}},
	)
	s.Tokens = append(s.Tokens,
		model.SnapshotToken{Secret: testFrontendSecret, Type: model.TokenFrontend},
		model.SnapshotToken{Secret: testDeletedSecret, Type: model.TokenPersonal, UserID: ptr(10)},
		model.SnapshotToken{Secret: testNoRoleSecret, Type: model.TokenPersonal, UserID: ptr(11)},
		model.SnapshotToken{Secret: testOwnGrantsSecret, Type: model.TokenPersonal, UserID: ptr(12)},
	)
	return s
}
