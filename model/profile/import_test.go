package profile_test

import (
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/model/profile"
)

// The parameters each line's import stores for a strategy it creates, as
// read in each version's feature-toggle-service.js and
// feature-toggle-strategies-store.js (createStrategy, parametersWithDefaults)
// and checked by the plan's proof on 5.12.8, 6.10.1, 7.6.5 and 8.2.0. The
// feature is "f", the project's default stickiness "userId".
func TestStrategyParameters(t *testing.T) {
	type want struct{ v512, v610, v76, v8 string }
	for _, tc := range []struct {
		name, strategy, params string
		want                   want
	}{
		{"no parameters", "flexibleRollout", `null`, want{`null`,
			`{"groupId":"f","rollout":"100","stickiness":"userId"}`,
			`{"groupId":"f","rollout":"100","stickiness":"userId"}`,
			`{"groupId":"f","rollout":"100","stickiness":"userId"}`}},
		{"empty members", "flexibleRollout", `{"rollout":"","stickiness":"","groupId":""}`, want{
			`{"groupId":"","rollout":"","stickiness":"default"}`,
			`{"groupId":"","rollout":"","stickiness":"default"}`,
			`{"groupId":"","rollout":"","stickiness":"userId"}`,
			`{"groupId":"f","rollout":"","stickiness":"userId"}`}},
		{"complete", "flexibleRollout", `{"rollout":"25","stickiness":"default","groupId":"g"}`, want{
			`{"groupId":"g","rollout":"25","stickiness":"default"}`,
			`{"groupId":"g","rollout":"25","stickiness":"default"}`,
			`{"groupId":"g","rollout":"25","stickiness":"default"}`,
			`{"groupId":"g","rollout":"25","stickiness":"default"}`}},
		{"another strategy's empty stickiness", "default", `{"stickiness":""}`, want{
			`{"stickiness":"default"}`, `{"stickiness":"default"}`, `{"stickiness":""}`, `{"stickiness":""}`}},
		{"another strategy without parameters", "remoteAddress", `{"IPs":"10.0.0.1"}`, want{
			`{"IPs":"10.0.0.1"}`, `{"IPs":"10.0.0.1"}`, `{"IPs":"10.0.0.1"}`, `{"IPs":"10.0.0.1"}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for name, w := range map[string]string{"5.12": tc.want.v512, "6.10": tc.want.v610, "7.6": tc.want.v76, "8": tc.want.v8} {
				p, _ := profile.Named(name)
				var params map[string]string
				if err := json.Unmarshal([]byte(tc.params), &params); err != nil {
					t.Fatal(err)
				}
				before, _ := json.Marshal(params)
				got, _ := json.Marshal(p.Import.StrategyParameters(tc.strategy, "f", params, "userId"))
				if string(got) != w {
					t.Errorf("%s: %s; want %s", name, got, w)
				}
				if after, _ := json.Marshal(params); string(after) != string(before) {
					t.Errorf("%s: the given parameters changed to %s", name, after)
				}
			}
		})
	}
}
