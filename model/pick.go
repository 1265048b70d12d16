package model

// Pick is the values of m under names, in the order of names, the names
// m lacks left out: how a state held in memory answers a batched lookup
// by name.
func Pick[T any](m map[string]T, names []string) []T {
	var out []T
	for _, n := range names {
		if v, ok := m[n]; ok {
			out = append(out, v)
		}
	}
	return out
}
