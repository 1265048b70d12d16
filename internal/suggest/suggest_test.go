package suggest

import "testing"

func TestNearest(t *testing.T) {
	strategies := []string{"default", "userWithId", "gradualRolloutUserId", "flexibleRollout", "remoteAddress"}
	for _, tc := range []struct {
		name       string
		candidates []string
		want       string
	}{
		{"flexibleRolout", strategies, "flexibleRollout"},
		{"FlexibleRollout", strategies, "flexibleRollout"},
		{"regoin", []string{"region", "appName"}, "region"},
		{"impresionData", []string{"name", "impressionData", "description"}, "impressionData"},
		{"userid", []string{"userId", "sessionId"}, "userId"},
		{"defualt", strategies, "default"},
		{"my-custom-rollout", strategies, ""},
		{"ab", []string{"xy"}, ""},
		{"default", strategies, ""},
		{"x", nil, ""},
	} {
		if got := Nearest(tc.name, tc.candidates); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
