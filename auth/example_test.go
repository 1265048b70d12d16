package auth_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

// Authenticate a request's authorization header against the embedded
// default state, then check a permission.
func Example() {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		panic(err)
	}
	lookup, err := auth.NewMemoryLookup(snap)
	if err != nil {
		panic(err)
	}
	a := &auth.Authenticator{Lookup: lookup}
	ctx := context.Background()

	p, err := a.Authenticate(ctx, "Bearer *:*.flagadmin-demo-admin-token")
	if err != nil {
		panic(err)
	}
	ok, _ := p.HasPermission(ctx, "CREATE_FEATURE", "default", "development")
	fmt.Println(p.Kind, ok)
	fmt.Println(auth.Authorize(ctx, p, auth.RequireAdmin()))

	_, err = a.Authenticate(ctx, "")
	fmt.Println(errors.Is(err, auth.ErrNoToken))
	// Output:
	// admin true
	// <nil>
	// true
}

// A user lacking ADMIN gets a PermissionError that names the permission.
func ExampleAuthorize() {
	viewer := &auth.Principal{Kind: auth.KindUser, UserID: 2}
	err := auth.Authorize(context.Background(), viewer, auth.RequireAdmin())
	var pe *auth.PermissionError
	if errors.As(err, &pe) {
		fmt.Println(pe.Permissions, err)
	}
	// Output:
	// [ADMIN] auth: missing permission ADMIN
}

func ExampleParseAuthorization() {
	for _, h := range []string{"  BEARER abc ", "abc", "Bearer\u00a0abc", "Bearer", "Bearer\u3000", ""} {
		token, ok := auth.ParseAuthorization(h)
		fmt.Printf("%q %v\n", token, ok)
	}
	// Output:
	// "abc" true
	// "abc" true
	// "abc" true
	// "Bearer" true
	// "" false
	// "" false
}

func ExamplePrincipal_HasPermission() {
	editor := &auth.Principal{Kind: auth.KindUser, UserID: 3, Grants: []model.Grant{
		{Permission: "CREATE_FEATURE", Project: "default"},
		{Permission: "CREATE_TAG_TYPE"},
	}}
	ctx := context.Background()
	for _, project := range []string{"default", "other"} {
		f, _ := editor.HasPermission(ctx, "CREATE_FEATURE", project, "development")
		tt, _ := editor.HasPermission(ctx, "CREATE_TAG_TYPE", project, "development")
		fmt.Println(project, f, tt)
	}
	// Output:
	// default true true
	// other false true
}
