package errbody

import (
	"testing"

	"github.com/flagadmin/flagadmin/model/profile"
)

// TestPermissionMessage words the reference's PermissionError for one
// permission and for several, with and without an environment.
func TestPermissionMessage(t *testing.T) {
	const head = "You don't have the required permissions to perform this operation. To perform this action, you need "
	for _, tc := range []struct {
		perms []string
		env   string
		want  string
	}{
		{[]string{"ADMIN"}, "", head + `the "ADMIN" permission.`},
		{[]string{"Create feature flags"}, "production", head + `the "Create feature flags" permission in the "production" environment.`},
		{[]string{"A", "B"}, "", head + `one of the following permissions: "A", "B".`},
		{[]string{"A", "B"}, "dev", head + `one of the following permissions: "A", "B" in the "dev" environment.`},
	} {
		if got := PermissionMessage(tc.perms, tc.env); got != tc.want {
			t.Errorf("PermissionMessage(%q, %q) = %q\nwant %q", tc.perms, tc.env, got, tc.want)
		}
	}
}

// TestBodies writes bodies whose members go beyond the details, in the
// style of 6.x and later and of 5.x.
func TestBodies(t *testing.T) {
	for _, tc := range []struct {
		b     Body
		style profile.ErrorStyle
		want  string
	}{
		{Permission(nil, ""), profile.ErrorStyle{},
			`{"name":"NoAccessError","message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: .","details":[{"message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: ."}],"permissions":[]}`},
		{MethodNotAllowed("GET", []string{"POST", "PUT"}), profile.ErrorStyle{DetailDescription: true},
			`{"name":"MethodNotAllowedError","message":"The method GET is not allowed on this path. Allowed: POST, PUT.","details":[{"message":"The method GET is not allowed on this path. Allowed: POST, PUT.","description":"The method GET is not allowed on this path. Allowed: POST, PUT."}],"allow":["POST","PUT"]}`},
		{BadData(nil), profile.ErrorStyle{}, `{"name":"BadDataError","message":"` + MsgBadData + `","details":[]}`},
	} {
		if got := string(tc.b.Write("", tc.style)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.b.Name, got, tc.want)
		}
	}
}
