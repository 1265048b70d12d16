package model

import "encoding/json"

// ReleasePlan is a release plan of a feature in one environment, as an
// export lists it in featureEnvironments[].releasePlans.
type ReleasePlan struct {
	ID                    string                  `json:"id"`
	Discriminator         string                  `json:"discriminator"`
	Name                  string                  `json:"name"`
	Description           Nullable[string]        `json:"description,omitzero"`
	FeatureName           string                  `json:"featureName"`
	Environment           string                  `json:"environment"`
	CreatedByUserID       float64                 `json:"createdByUserId"`
	CreatedAt             DateTime                `json:"createdAt"`
	ActiveMilestoneID     Nullable[string]        `json:"activeMilestoneId,omitzero"`
	Milestones            []ReleasePlanMilestone  `json:"milestones"`
	ReleasePlanTemplateID string                  `json:"releasePlanTemplateId"`
	Safeguards            *[]ReleasePlanSafeguard `json:"safeguards,omitempty"`
}

// ReleasePlanMilestone is one milestone of a release plan.
type ReleasePlanMilestone struct {
	ID                      string             `json:"id"`
	Name                    string             `json:"name"`
	SortOrder               int64              `json:"sortOrder"`
	ReleasePlanDefinitionID string             `json:"releasePlanDefinitionId"`
	StartedAt               Nullable[DateTime] `json:"startedAt,omitzero"`
	// TransitionCondition is an object of any content, kept as written.
	TransitionCondition   Nullable[json.RawMessage]       `json:"transitionCondition,omitzero"`
	ProgressionExecutedAt Nullable[DateTime]              `json:"progressionExecutedAt,omitzero"`
	PausedAt              Nullable[DateTime]              `json:"pausedAt,omitzero"`
	Strategies            *[]ReleasePlanMilestoneStrategy `json:"strategies,omitempty"`
}

// ReleasePlanMilestoneStrategy is a strategy a milestone applies.
type ReleasePlanMilestoneStrategy struct {
	ID           string           `json:"id"`
	MilestoneID  string           `json:"milestoneId"`
	SortOrder    float64          `json:"sortOrder"`
	Title        Nullable[string] `json:"title,omitzero"`
	Name         string           `json:"name"`
	StrategyName string           `json:"strategyName"`
	// Parameters maps a parameter name to its value.
	Parameters  *map[string]string          `json:"parameters,omitempty"`
	Constraints *[]Constraint               `json:"constraints,omitempty"`
	Variants    *[]MilestoneStrategyVariant `json:"variants,omitempty"`
	Segments    *[]float64                  `json:"segments,omitempty"`
	Disabled    Nullable[bool]              `json:"disabled,omitzero"`
}

// MilestoneStrategyVariant is a variant of a milestone's strategy. Unlike a
// StrategyVariant it is an open object: members other than the named ones
// are kept in Extra.
type MilestoneStrategyVariant struct {
	Name       string           `json:"name"`
	Weight     int64            `json:"weight"`
	WeightType WeightType       `json:"weightType"`
	Stickiness string           `json:"stickiness"`
	Payload    *StrategyPayload `json:"payload,omitempty"`
	Extra      Extra            `json:"-"`
}

// UnmarshalJSON decodes the variant and keeps unknown members.
func (v *MilestoneStrategyVariant) UnmarshalJSON(b []byte) error {
	return decodeOpen(b, (*milestoneStrategyVariantFields)(v))
}

// MarshalJSON encodes the variant with its unknown members.
func (v MilestoneStrategyVariant) MarshalJSON() ([]byte, error) {
	return encodeOpen(milestoneStrategyVariantFields(v), v.Extra)
}

// ReleasePlanSafeguard is a safeguard of a release plan.
type ReleasePlanSafeguard struct {
	ID               string                     `json:"id"`
	Action           ReleasePlanSafeguardAction `json:"action"`
	TriggerCondition SafeguardTriggerCondition  `json:"triggerCondition"`
	ImpactMetric     ImpactMetric               `json:"impactMetric"`
}

// ReleasePlanSafeguardAction is what a release plan's safeguard does.
type ReleasePlanSafeguardAction struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// FeatureEnvironmentSafeguard is a safeguard of a feature in one
// environment.
type FeatureEnvironmentSafeguard struct {
	ID               string                    `json:"id"`
	Action           FeatureSafeguardAction    `json:"action"`
	TriggerCondition SafeguardTriggerCondition `json:"triggerCondition"`
	ImpactMetric     ImpactMetric              `json:"impactMetric"`
}

// FeatureSafeguardAction is what a feature environment's safeguard does.
type FeatureSafeguardAction struct {
	Type        string `json:"type"`
	FeatureName string `json:"featureName"`
	Environment string `json:"environment"`
	Project     string `json:"project"`
}

// SafeguardTriggerCondition says when a safeguard fires: Operator is ">"
// or "<".
type SafeguardTriggerCondition struct {
	Operator  string  `json:"operator"`
	Threshold float64 `json:"threshold"`
}

// ImpactMetric is the metric a safeguard watches. TimeRange is one of
// hour, day, week, month; AggregationMode one of rps, count, avg, sum, p95,
// p99, p50; Source, when present, internal or external.
type ImpactMetric struct {
	ID              string `json:"id"`
	MetricName      string `json:"metricName"`
	TimeRange       string `json:"timeRange"`
	AggregationMode string `json:"aggregationMode"`
	// LabelSelectors maps a label to the values selected.
	LabelSelectors map[string][]string `json:"labelSelectors"`
	Source         *string             `json:"source,omitempty"`
}
