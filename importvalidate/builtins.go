package importvalidate

import (
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// BuiltInStrategies returns the names of the strategy types every Unleash
// 8.2 instance has built in: a State of a real instance answers them, and
// a custom State must too, or every strategy of an export that uses them
// is an unknown-strategy error. WithBuiltIns adds them to a State.
func BuiltInStrategies() []string {
	return []string{"default", "userWithId", "gradualRolloutUserId", "gradualRolloutRandom",
		"gradualRolloutSessionId", "remoteAddress", "applicationHostname", "flexibleRollout"}
}

// BuiltInContextFields returns the names of the context fields every
// Unleash 8.2 instance has (global, without legal values), which
// constraints may use without importing them.
func BuiltInContextFields() []string {
	return []string{"environment", "userId", "appName", "currentTime", "sessionId", "remoteAddress"}
}

// WithBuiltIns returns st answering, in addition to its own, Unleash's
// built-in strategy types (BuiltInStrategies, marked BuiltIn) and context
// fields (BuiltInContextFields, global without legal values), for a
// custom State that lists only an organisation's own. What st answers for
// one of those names wins; every other part of a Reading is st's.
func WithBuiltIns(st State) State { return builtIns{st} }

// builtIns is the State of WithBuiltIns.
type builtIns struct{ st State }

// Read implements State: st's Reading, with the built-in strategy types
// and context fields among q's names that st left out.
func (b builtIns) Read(ctx context.Context, q Query) (*Reading, error) {
	r, err := b.st.Read(ctx, q)
	if err != nil {
		return nil, err
	}
	var out Reading
	if r != nil {
		out = *r
	}
	out.Strategies = addMissing(slices.Clip(out.Strategies), q.Strategies, BuiltInStrategies(), func(s model.SnapshotStrategy) string { return s.Name },
		func(n string) model.SnapshotStrategy { return model.SnapshotStrategy{Name: n, BuiltIn: true} })
	out.ContextFields = addMissing(slices.Clip(out.ContextFields), q.ContextFields, BuiltInContextFields(), func(c model.SnapshotContextField) string { return c.Name },
		func(n string) model.SnapshotContextField { return model.SnapshotContextField{Name: n} })
	return &out, nil
}

// addMissing appends to got, for each name of builtIn asked for in names
// and absent from got, the value make gives.
func addMissing[T any](got []T, names, builtIn []string, name func(T) string, make func(string) T) []T {
	for _, n := range builtIn {
		if !slices.Contains(names, n) || slices.ContainsFunc(got, func(v T) bool { return name(v) == n }) {
			continue
		}
		got = append(got, make(n))
	}
	return got
}
