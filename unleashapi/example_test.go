package unleashapi_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// A validator over a live instance, read with an API token, and the
// instance's state as a snapshot (README.md and docs/UNLEASHAPI.md show
// these lines).
func ExampleNew() {
	ctx := context.Background()
	c, err := unleashapi.New("https://unleash.example.com", os.Getenv("UNLEASH_API_TOKEN"), unleashapi.Options{})
	if err != nil {
		log.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: c})
	if err != nil {
		log.Fatal(err)
	}
	snap, err := c.Snapshot(ctx) // a model.Snapshot, as far as the API shows it
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v != nil, len(snap.Projects) > 0)
}
