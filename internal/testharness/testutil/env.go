package testutil

// Env returns a getenv function that reads vars instead of the process's
// environment: a variable vars does not hold reads as "".
func Env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}
