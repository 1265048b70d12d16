package auth

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

func TestGrantMatches(t *testing.T) {
	const perm = "CREATE_FEATURE"
	tests := []struct {
		name                 string
		grant                model.Grant
		permission           string
		project, environment string
		want                 bool
	}{
		{"absent/absent", model.Grant{Permission: perm}, perm, "p", "e", true},
		{"absent/star", model.Grant{Permission: perm, Environment: "*"}, perm, "p", "e", true},
		{"absent/equal", model.Grant{Permission: perm, Environment: "e"}, perm, "p", "e", true},
		{"absent/other", model.Grant{Permission: perm, Environment: "x"}, perm, "p", "e", false},
		{"star/absent", model.Grant{Permission: perm, Project: "*"}, perm, "p", "e", true},
		{"star/star", model.Grant{Permission: perm, Project: "*", Environment: "*"}, perm, "p", "e", true},
		{"star/equal", model.Grant{Permission: perm, Project: "*", Environment: "e"}, perm, "p", "e", true},
		{"star/other", model.Grant{Permission: perm, Project: "*", Environment: "x"}, perm, "p", "e", false},
		{"equal/absent", model.Grant{Permission: perm, Project: "p"}, perm, "p", "e", true},
		{"equal/star", model.Grant{Permission: perm, Project: "p", Environment: "*"}, perm, "p", "e", true},
		{"equal/equal", model.Grant{Permission: perm, Project: "p", Environment: "e"}, perm, "p", "e", true},
		{"equal/other", model.Grant{Permission: perm, Project: "p", Environment: "x"}, perm, "p", "e", false},
		{"other/absent", model.Grant{Permission: perm, Project: "x"}, perm, "p", "e", false},
		{"other/star", model.Grant{Permission: perm, Project: "x", Environment: "*"}, perm, "p", "e", false},
		{"other/equal", model.Grant{Permission: perm, Project: "x", Environment: "e"}, perm, "p", "e", false},
		{"other/other", model.Grant{Permission: perm, Project: "x", Environment: "x"}, perm, "p", "e", false},
		{"other permission", model.Grant{Permission: "UPDATE_FEATURE"}, perm, "p", "e", false},
		{"permission names are case-sensitive", model.Grant{Permission: "create_feature"}, perm, "p", "e", false},
		{"scoped grant does not give an unscoped right", model.Grant{Permission: perm, Project: "p"}, perm, "", "", false},
		{"ADMIN implies any permission", model.Grant{Permission: PermissionAdmin}, perm, "p", "e", true},
		{"ADMIN implies ADMIN", model.Grant{Permission: PermissionAdmin}, PermissionAdmin, "", "", true},
		{"project ADMIN implies permissions in its project", model.Grant{Permission: PermissionAdmin, Project: "p"}, perm, "p", "e", true},
		{"project ADMIN not in another project", model.Grant{Permission: PermissionAdmin, Project: "p"}, perm, "x", "e", false},
		{"project ADMIN is not root ADMIN", model.Grant{Permission: PermissionAdmin, Project: "p"}, PermissionAdmin, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GrantMatches(tt.grant, tt.permission, tt.project, tt.environment); got != tt.want {
				t.Errorf("GrantMatches(%+v, %q, %q, %q) = %v, want %v",
					tt.grant, tt.permission, tt.project, tt.environment, got, tt.want)
			}
			p := &Principal{Kind: KindUser, Grants: []model.Grant{tt.grant}}
			got, err := p.HasPermission(context.Background(), tt.permission, tt.project, tt.environment)
			if err != nil || got != tt.want {
				t.Errorf("HasPermission = %v, %v; want %v, nil", got, err, tt.want)
			}
		})
	}
}

func TestPrincipalKinds(t *testing.T) {
	adminGrant := []model.Grant{{Permission: PermissionAdmin}}
	checks := []struct{ permission, project, environment string }{
		{PermissionAdmin, "", ""},
		{"CREATE_FEATURE", "default", "development"},
		{"UPDATE_FEATURE", "any-project", ""},
		{"SOMETHING_NEW", "", "production"},
	}
	tests := []struct {
		name     string
		p        *Principal
		want     bool
		adminAPI bool
	}{
		{"admin token holds all", &Principal{Kind: KindAdmin}, true, true},
		{"user with ADMIN holds all", &Principal{Kind: KindUser, UserID: 1, Grants: adminGrant}, true, true},
		{"user without grants holds none", &Principal{Kind: KindUser, UserID: 2}, false, true},
		{"client token holds none", &Principal{Kind: KindClient, Grants: adminGrant}, false, false},
		{"frontend token holds none", &Principal{Kind: KindFrontend, Grants: adminGrant}, false, false},
		{"zero principal holds none", &Principal{}, false, false},
		{"nil principal holds none", nil, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range checks {
				got, err := tt.p.HasPermission(context.Background(), c.permission, c.project, c.environment)
				if err != nil || got != tt.want {
					t.Errorf("HasPermission(%q, %q, %q) = %v, %v; want %v, nil",
						c.permission, c.project, c.environment, got, err, tt.want)
				}
			}
			if got := tt.p.MayUseAdminAPI(); got != tt.adminAPI {
				t.Errorf("MayUseAdminAPI() = %v, want %v", got, tt.adminAPI)
			}
		})
	}
}
