package importvalidate

// countsLimits reports whether the instance's import counts constraints,
// constraint values, strategies per feature and environment, and active
// features against its resource limits. Versions whose profile has no
// import limits (5.x) create them without counting; their one limit is
// the segments of a strategy, which every version checks.
func (in *Input) countsLimits() bool {
	return in.versionProfile().Import.Limits != nil
}
