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
// one of those names wins. The result implements EnvironmentState and
// ImportState, and asks st about environments and the import's facts
// when st answers them (else every environment exists, and the facts are
// unknown).
func WithBuiltIns(st State) EnvironmentState { return builtIns{st} }

// builtIns is the State of WithBuiltIns.
type builtIns struct{ State }

// Strategies implements State.
func (b builtIns) Strategies(ctx context.Context, names []string) ([]model.SnapshotStrategy, error) {
	got, err := b.State.Strategies(ctx, names)
	if err != nil {
		return nil, err
	}
	return addMissing(got, names, BuiltInStrategies(), func(s model.SnapshotStrategy) string { return s.Name },
		func(n string) model.SnapshotStrategy { return model.SnapshotStrategy{Name: n, BuiltIn: true} }), nil
}

// ContextFields implements State.
func (b builtIns) ContextFields(ctx context.Context, names []string) ([]model.SnapshotContextField, error) {
	got, err := b.State.ContextFields(ctx, names)
	if err != nil {
		return nil, err
	}
	return addMissing(got, names, BuiltInContextFields(), func(c model.SnapshotContextField) string { return c.Name },
		func(n string) model.SnapshotContextField { return model.SnapshotContextField{Name: n} }), nil
}

// Environment implements EnvironmentState.
func (b builtIns) Environment(ctx context.Context, name string) (bool, error) {
	if es, ok := b.State.(EnvironmentState); ok {
		return es.Environment(ctx, name)
	}
	return true, nil
}

// ImportFacts implements ImportState: st's answer when st is one, else
// none (every fact unknown).
func (b builtIns) ImportFacts(ctx context.Context, q ImportQuery) (*ImportFacts, error) {
	if is, ok := b.State.(ImportState); ok {
		return is.ImportFacts(ctx, q)
	}
	return nil, nil
}

// SourceName names st in findings, as st names itself.
func (b builtIns) SourceName() string {
	if n, ok := b.State.(sourceNamer); ok {
		return n.SourceName()
	}
	return "the state"
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
