package importmodel

import "github.com/flagadmin/flagadmin/model/profile"

// statuses is importToggleStatuses: each item sets enabled on the feature
// its name (not its featureName) says; enabling a feature without an
// active strategy adds the project's default strategy.
func (r *replay) statuses() {
	for i := range r.d.FeatureEnvironments {
		if r.stop() {
			return
		}
		fe := &r.d.FeatureEnvironments[i]
		if r.featureEnvTarget(fe) == "" {
			continue
		}
		c := r.want[fe.Name]
		if c == nil {
			continue
		}
		if c.Archived {
			continue // the import refuses it (import-archived-feature-enabled)
		}
		c.Enabled = fe.Enabled
		r.enableCalls[fe.Name] = fe.Enabled
	}
	for name, on := range r.enableCalls {
		if r.stop() {
			return
		}
		c := r.want[name]
		if on && EnablingAddsStrategy(on, active(c.Strategies)) {
			c.Strategies = append(c.Strategies, r.before.StrategyEnablingAdds(r.imp, name))
		}
	}
}

// active counts the strategies of ss that are not disabled.
func active(ss []Strategy) int {
	n := 0
	for i := range ss {
		if !ss[i].Disabled {
			n++
		}
	}
	return n
}

// EnablingAddsStrategy reports whether a status item that sets a
// feature's enabled to enabled adds a strategy to it
// (StrategyEnablingAdds), active being the number of the feature's
// strategies that are not disabled once the import created the file's:
// enabling a feature without an active strategy adds the project's
// default one. The replay (statuses) and the validation's finding that
// says so (checkImportDefaultStrategyAdded) both read it.
func EnablingAddsStrategy(enabled bool, active int) bool {
	return enabled && active == 0
}

// StrategyEnablingAdds is the strategy that enabling feature adds
// (EnablingAddsStrategy), as the import of imp's version makes it: the
// project's default strategy in the environment
// (getProjectDefaultStrategy: an empty groupId is the feature's name, an
// absent one is empty), or a 100% flexibleRollout (getDefaultStrategy),
// completed as the import completes the file's strategies. It comes
// after the feature's other strategies. The validation's finding
// (checkImportDefaultStrategyAdded) says when enabling adds it
// (EnablingAddsStrategy) and names it the project's default strategy: the
// facts of a validation do not hold the project's defaults.
func (b *Before) StrategyEnablingAdds(imp profile.Import, feature string) Strategy {
	var s Strategy
	if b.DefaultStrategy != nil {
		s = b.DefaultStrategy.Clone()
		if s.Parameters == nil {
			s.Parameters = map[string]string{}
		}
		if g, ok := s.Parameters["groupId"]; !ok {
			s.Parameters["groupId"] = ""
		} else if g == "" {
			s.Parameters["groupId"] = feature
		}
	} else {
		s = Strategy{Name: "flexibleRollout", Parameters: map[string]string{"rollout": "100", "stickiness": "default", "groupId": feature}}
	}
	s.Disabled = false
	s.Parameters = imp.StrategyParameters(s.Name, feature, s.Parameters, b.DefaultStickiness)
	return s
}
