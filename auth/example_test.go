package auth_test

import (
	"bytes"
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
	fmt.Println(auth.Authorize(ctx, nil, p, auth.RequireAdmin()))

	_, err = a.Authenticate(ctx, "")
	var he auth.HTTPError
	if errors.As(err, &he) {
		fmt.Println(he.HTTPStatus(), err)
	}
	// Output:
	// admin true
	// <nil>
	// 401 AuthenticationRequired: You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login
}

// A user lacking ADMIN gets a NoAccessError whose body names the
// permission. The id comes from the given reader, here fixed for the
// example; pass nil to use crypto/rand.
func ExampleAuthorize() {
	viewer := &auth.Principal{Kind: auth.KindUser, UserID: 2}
	rand := bytes.NewReader(make([]byte, 16))
	err := auth.Authorize(context.Background(), rand, viewer, auth.RequireAdmin())
	var na *auth.NoAccessError
	if errors.As(err, &na) {
		fmt.Println(na.HTTPStatus())
		fmt.Println(string(na.Body()))
	}
	// Output:
	// 403
	// {"id":"00000000-0000-4000-8000-000000000000","name":"NoAccessError","message":"You don't have the required permissions to perform this operation. To perform this action, you need the \"ADMIN\" permission.","details":[{"message":"You don't have the required permissions to perform this operation. To perform this action, you need the \"ADMIN\" permission."}],"permissions":["ADMIN"]}
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
