package testutil

import "testing"

func TestEnv(t *testing.T) {
	getenv := Env(map[string]string{"DATABASE_URL": "postgres://h/db", "EMPTY": ""})
	for _, tt := range []struct{ k, want string }{
		{"DATABASE_URL", "postgres://h/db"},
		{"EMPTY", ""},
		{"PATH", ""},
		{"database_url", ""},
	} {
		if got := getenv(tt.k); got != tt.want {
			t.Errorf("getenv(%q) = %q, want %q", tt.k, got, tt.want)
		}
	}
	if got := Env(nil)("HOME"); got != "" {
		t.Errorf("Env(nil)(HOME) = %q", got)
	}
}
