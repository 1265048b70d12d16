package importvalidate

import "testing"

// TestReferenceShapes checks the first problem, the one the reference
// server reports, for each shape import.schema.json takes from the
// reference's schemas beyond admin-api.md: the release plans and
// safeguards of a feature environment, the closed links of a feature, the
// required links of data.links[], the reference's property order, and
// date-times as ajv-formats 2.1.1 (full mode) checks them. Each expected
// place and keyword is the first error ajv 8 (coerceTypes, ajv-formats
// 2.1.1) gives for the body against unleash-server 8.2.0's own schemas.
func TestReferenceShapes(t *testing.T) {
	s := stNew(t, Options{})
	for _, tt := range referenceShapeCases {
		t.Run(tt.name, func(t *testing.T) {
			_, ps := s.Check([]byte(tt.body))
			if tt.ptr == "" {
				if len(ps) > 0 {
					t.Fatalf("want no problem, got %v", ps)
				}
				return
			}
			if len(ps) == 0 {
				t.Fatal("no problem")
			}
			if p := ps[0]; p.Code != tt.code || p.Location.Pointer != tt.ptr {
				t.Errorf("first problem %s at %s (%s), want %s at %s", p.Code, p.Location.Pointer, p.Message(), tt.code, tt.ptr)
			}
			d := ps.Details()[0]
			if want := "/body" + tt.ptr; tt.code != CodeEnum && d.Path != want {
				t.Errorf("detail path %q, want %q", d.Path, want)
			}
			if d.Message != ps[0].Message() {
				t.Errorf("detail message %q, problem message %q", d.Message, ps[0].Message())
			}
		})
	}
}

// referenceShapeCases are the bodies of TestReferenceShapes with the code
// and place of their first problem.
var referenceShapeCases = []struct {
	name, body string
	code       Code
	ptr        string // "" for a body without problems
}{
	{name: "data.links item without links", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"links":[{"feature":"f"}]}}`,
		code: CodeRequired, ptr: "/data/links/0/links"},
	{name: "feature link closed", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","links":[{"id":"1","url":"u","domain":"d"}]}],"featureStrategies":[],"tagTypes":[]}}`,
		code: CodeAdditionalProperty, ptr: "/data/features/0/links/0/domain"},
	{name: "release plan required id", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{}]}]}}`,
		code: CodeRequired, ptr: "/data/featureEnvironments/0/releasePlans/0/id"},
	{name: "release plan discriminator enum", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"template","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"2024-01-01T00:00:00Z","milestones":[],"releasePlanTemplateId":"t"}]}]}}`,
		code: CodeEnum, ptr: "/data/featureEnvironments/0/releasePlans/0/discriminator"},
	{name: "release plan createdAt format", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"plan","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"yesterday","milestones":[],"releasePlanTemplateId":"t"}]}]}}`,
		code: CodeFormat, ptr: "/data/featureEnvironments/0/releasePlans/0/createdAt"},
	{name: "milestone sortOrder integer", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"plan","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"2024-01-01 00:00:00","milestones":[{"id":"m","name":"m","sortOrder":1.5,"releasePlanDefinitionId":"r"}],"releasePlanTemplateId":"t"}]}]}}`,
		code: CodeType, ptr: "/data/featureEnvironments/0/releasePlans/0/milestones/0/sortOrder"},
	{name: "milestone transitionCondition object", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"plan","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"2024-01-01T00:00:00","milestones":[{"id":"m","name":"m","sortOrder":1,"releasePlanDefinitionId":"r","transitionCondition":"soon"}],"releasePlanTemplateId":"t"}]}]}}`,
		code: CodeType, ptr: "/data/featureEnvironments/0/releasePlans/0/milestones/0/transitionCondition"},
	{name: "milestone strategy variant maximum (open variant)", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"plan","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"2024-01-01T00:00:00Z","milestones":[{"id":"m","name":"m","sortOrder":1,"releasePlanDefinitionId":"r","strategies":[{"id":"s","milestoneId":"m","sortOrder":0,"name":"default","strategyName":"default","variants":[{"name":"v","weight":2000,"weightType":"fix","stickiness":"default","extra":true}]}]}],"releasePlanTemplateId":"t"}]}]}}`,
		code: CodeMaximum, ptr: "/data/featureEnvironments/0/releasePlans/0/milestones/0/strategies/0/variants/0/weight"},
	{name: "feature environment safeguard operator enum", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"safeguards":[{"id":"s","action":{"type":"t","featureName":"f","environment":"e","project":"p"},"triggerCondition":{"operator":"=","threshold":1},"impactMetric":{"id":"i","metricName":"m","timeRange":"hour","aggregationMode":"avg","labelSelectors":{}}}]}]}}`,
		code: CodeEnum, ptr: "/data/featureEnvironments/0/safeguards/0/triggerCondition/operator"},
	{name: "feature environment safeguard action required", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"safeguards":[{"id":"s","action":{"type":"t","featureName":"f","environment":"e"},"triggerCondition":{"operator":">","threshold":1},"impactMetric":{"id":"i","metricName":"m","timeRange":"hour","aggregationMode":"avg","labelSelectors":{}}}]}]}}`,
		code: CodeRequired, ptr: "/data/featureEnvironments/0/safeguards/0/action/project"},
	{name: "impact metric timeRange enum before labelSelectors", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"safeguards":[{"id":"s","action":{"type":"t","featureName":"f","environment":"e","project":"p"},"triggerCondition":{"operator":">","threshold":1},"impactMetric":{"id":"i","metricName":"m","timeRange":"year","aggregationMode":"avg","labelSelectors":{"a":{}}}}]}]}}`,
		code: CodeEnum, ptr: "/data/featureEnvironments/0/safeguards/0/impactMetric/timeRange"},
	{name: "impact metric labelSelectors arrays", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"safeguards":[{"id":"s","action":{"type":"t","featureName":"f","environment":"e","project":"p"},"triggerCondition":{"operator":">","threshold":1},"impactMetric":{"id":"i","metricName":"m","timeRange":"hour","aggregationMode":"avg","labelSelectors":{"a":{}}}}]}]}}`,
		code: CodeType, ptr: "/data/featureEnvironments/0/safeguards/0/impactMetric/labelSelectors/a"},
	{name: "release plan safeguard action required", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"releasePlans":[{"id":"r","discriminator":"plan","name":"n","featureName":"f","environment":"e","createdByUserId":1,"createdAt":"2024-01-01T00:00:00Z","milestones":[],"releasePlanTemplateId":"t","safeguards":[{"id":"s","action":{"type":"t","featureName":"f"},"triggerCondition":{"operator":">","threshold":1},"impactMetric":{"id":"i","metricName":"m","timeRange":"hour","aggregationMode":"avg","labelSelectors":{}}}]}]}]}}`,
		code: CodeRequired, ptr: "/data/featureEnvironments/0/releasePlans/0/safeguards/0/action/id"},
	{name: "feature environment: changeRequestIds before lastSeenAt", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"featureEnvironments":[{"name":"f","enabled":true,"lastSeenAt":"never","changeRequestIds":["x"]}]}}`,
		code: CodeType, ptr: "/data/featureEnvironments/0/changeRequestIds/0"},
	{name: "lifecycle: status before enteredStageAt", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","lifecycle":{"stage":"live","enteredStageAt":"bad","status":{}}}],"featureStrategies":[],"tagTypes":[]}}`,
		code: CodeType, ptr: "/data/features/0/lifecycle/status"},
	{name: "date-times ajv accepts and RFC 3339 does not", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","createdAt":"2024-01-02\u00a003:04:05+0130","archivedAt":"2024-01-02T03:04:05.5+01","lastSeenAt":"2024-01-02t03:04:05z"}],"featureStrategies":[],"tagTypes":[]}}`},
	{name: "date-time offset out of range (not checked)", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","createdAt":"2024-01-02T03:04:05+24:00"}],"featureStrategies":[],"tagTypes":[]}}`},
}
