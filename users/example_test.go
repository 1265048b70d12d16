package users_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// List the users of the embedded default state for an admin caller. A
// service gets the caller from auth.Authenticator (see the auth package's
// example); here it is built directly.
func Example() {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		panic(err)
	}
	l := &users.Lister{Store: users.NewMemoryStore(snap)}
	admin := &auth.Principal{Kind: auth.KindAdmin}
	listing, err := l.List(context.Background(), admin)
	if err != nil {
		panic(err)
	}
	b, err := listing.MarshalJSON()
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"users":[{"accountType":"User","id":1,"username":"admin","imageUrl":"https://gravatar.com/avatar/8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918?s=42&d=retro&r=g","seenAt":null,"loginAttempts":0,"createdAt":"2026-11-22T05:27:39.938Z","scimId":null,"seatType":null,"companyRole":null,"productUpdatesEmailConsent":null,"rootRole":1,"inviteLink":""}],"rootRoles":[{"id":1,"name":"Admin","type":"root","description":"Users with the root admin role have superuser access to Unleash and can perform any operation within the Unleash platform."},{"id":2,"name":"Editor","type":"root","description":"Users with the root editor role have access to most features in Unleash, but can not manage users and roles in the root scope. Editors will be added as project owners when creating projects and get superuser rights within the context of these projects. Users with the editor role will also get access to most permissions on the default project by default."},{"id":3,"name":"Viewer","type":"root","description":"Users with the root viewer role can only read root resources in Unleash. Viewers can be added to specific projects as project members. Users with the viewer role may not view API tokens."}]}
}

// A caller without ADMIN gets an auth.PermissionError; the store is not
// asked.
func ExampleLister_List_forbidden() {
	l := &users.Lister{Store: users.NewMemoryStore(nil)}
	viewer := &auth.Principal{Kind: auth.KindUser, UserID: 2}
	_, err := l.List(context.Background(), viewer)
	var pe *auth.PermissionError
	if errors.As(err, &pe) {
		fmt.Println(pe.Permissions)
	}
	// Output:
	// [ADMIN]
}

// A user without a stored image gets a Gravatar URL built from the first
// of email, username and id that is set.
func ExampleGravatarURL() {
	username := "admin"
	fmt.Println(users.GravatarURL(model.User{ID: 1, Username: &username}))
	// Output:
	// https://gravatar.com/avatar/8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918?s=42&d=retro&r=g
}
