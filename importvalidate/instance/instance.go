// Package instance holds one source of an Unleash instance's state as a
// single value: what the import rules read (importvalidate.State), what
// resolves API tokens (auth.TokenLookup), what lists users and roles
// (users.Store) and what an import plan compares a file with
// (plan.Source), released together by Close.
//
// FromSnapshot and FromFile hold a state snapshot in memory;
// unleashdb.DB.Instance and unleashapi.Client.Instance read a database or
// a live instance. docs/SNAPSHOT.md describes the snapshot format.
package instance

import (
	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// Instance is one source of an instance's state. Its readers only read,
// and are safe for concurrent use.
type Instance struct {
	// State answers the import rules.
	State importvalidate.State
	// Tokens resolves API token secrets to callers.
	Tokens auth.TokenLookup
	// Users lists the users and roles.
	Users users.Store
	// Plan is the features' current configuration, for import plans.
	Plan plan.Source
	// OnClose, when not nil, releases what the source holds (a
	// database's connections); Close calls it.
	OnClose func()
}

// Close releases the source. The readers must not be used after it.
func (i *Instance) Close() {
	if i.OnClose != nil {
		i.OnClose()
	}
}

// FromSnapshot holds s in memory: its State is an
// importvalidate.MemoryState, its Tokens an auth.MemoryLookup, its Users
// a users.MemoryStore and its Plan a plan.MemorySource, all of s. It
// fails where one of them refuses s (a feature named twice, a negative
// feature limit, a token of an unknown user, a configuration of an
// unknown feature, ...). s must not change while the instance is in use;
// a nil s is an empty instance.
func FromSnapshot(s *model.Snapshot) (*Instance, error) {
	st, err := importvalidate.NewMemoryState(s)
	if err != nil {
		return nil, err
	}
	tokens, err := auth.NewMemoryLookup(s)
	if err != nil {
		return nil, err
	}
	configs, err := plan.NewMemorySource(s)
	if err != nil {
		return nil, err
	}
	return &Instance{State: st, Tokens: tokens, Users: users.NewMemoryStore(s), Plan: configs}, nil
}
