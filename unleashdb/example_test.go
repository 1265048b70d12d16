package unleashdb_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// Open an Unleash database and use it as the one source of the
// instance's state: the import rules' State, the token lookup, the user
// store and the plan's source. The role in the URL needs SELECT on the
// tables only.
func ExampleOpen() {
	ctx := context.Background()
	db, err := unleashdb.Open(ctx, os.Getenv("DATABASE_URL"), unleashdb.Options{UnleashURL: "https://unleash.example.com"})
	if err != nil {
		log.Fatal(err) // e.g. "unleashdb: open: not a supported Unleash database (5.12 to 8.x): ..."
	}
	inst := db.Instance()
	defer inst.Close() // closes db
	v, err := importvalidate.New(importvalidate.Options{State: inst.State})
	if err != nil {
		log.Fatal(err)
	}
	users, err := inst.Users.Users(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v != nil, len(users) > 0)
}

// Validate an export file against the instance, with the rights of one of
// its tokens.
func ExampleDB_LookupToken() {
	ctx := context.Background()
	db, err := unleashdb.Open(ctx, os.Getenv("DATABASE_URL"), unleashdb.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	caller, ok, err := db.LookupToken(ctx, os.Getenv("UNLEASH_TOKEN"))
	if err != nil || !ok {
		log.Fatal("unknown token or lookup failure: ", err)
	}
	body, err := os.ReadFile("export.json")
	if err != nil {
		log.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		log.Fatal(err)
	}
	rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: caller})
	if err != nil {
		log.Fatal(err) // the database failed; there is no partial report
	}
	fmt.Println(rep.HasErrors())
}
