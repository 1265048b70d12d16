// Package instance holds one source of an Unleash instance's state as a
// single value: what the import rules and an import plan read (the one
// importvalidate.State), what resolves API tokens (auth.TokenLookup) and
// what lists users and roles (users.Store), released together by Close.
//
// FromSnapshot and FromFile hold a state snapshot in memory;
// unleashdb.DB.Instance and unleashapi.Client.Instance read a database or
// a live instance. docs/SNAPSHOT.md describes the snapshot format.
package instance

import (
	"fmt"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/users"
)

// Instance is one source of an instance's state. Its readers only read,
// and are safe for concurrent use.
type Instance struct {
	// State answers the import rules and the import plans
	// (importvalidate.State, plan.Options.Source).
	State importvalidate.State
	// Tokens resolves API token secrets to callers.
	Tokens auth.TokenLookup
	// Users lists the users and roles.
	Users users.Store
	// OnClose, when not nil, releases what the source holds (a
	// database's connections); Close calls it.
	OnClose func()
	// Version is the instance's Unleash version and the profile that
	// answers for it: where it came from (an override, the instance, the
	// database, the snapshot, or nothing: the default) and a note to show
	// when the profile was not verified on that version. The zero value
	// means the default version.
	Version profile.Resolved
}

// Profile is the profile of the instance's version, the default's when
// Version is the zero value.
func (i *Instance) Profile() profile.Profile {
	if i.Version.Profile.Name == "" {
		return profile.Default()
	}
	return i.Version.Profile
}

// Close releases the source. The readers must not be used after it.
func (i *Instance) Close() {
	if i.OnClose != nil {
		i.OnClose()
	}
}

// FromSnapshot holds s in memory: its State is an
// importvalidate.MemoryState, its Tokens an auth.MemoryLookup and its
// Users a users.MemoryStore, all of s. It
// fails where one of them refuses s (a feature named twice, a negative
// feature limit, a token of an unknown user, a configuration of an
// unknown feature, ...) and where s.Version is not a supported version
// (5.12.0 to 8.x); an empty s.Version is the default version. s must not
// change while the instance is in use; a nil s is an empty instance.
func FromSnapshot(s *model.Snapshot) (*Instance, error) {
	var v string
	if s != nil {
		v = s.Version
	}
	version, err := profile.Resolve(v, profile.FromSnapshot)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	st, err := importvalidate.NewMemoryState(s)
	if err != nil {
		return nil, err
	}
	tokens, err := auth.NewMemoryLookup(s)
	if err != nil {
		return nil, err
	}
	return &Instance{State: st, Tokens: tokens, Users: users.NewMemoryStore(s), Version: version}, nil
}
