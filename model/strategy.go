package model

// Strategy is an activation strategy instance.
type Strategy struct {
	ID          *string            `json:"id,omitempty"`
	Name        string             `json:"name"`
	Title       Nullable[string]   `json:"title,omitzero"`
	Disabled    Nullable[bool]     `json:"disabled,omitzero"`
	FeatureName *string            `json:"featureName,omitempty"`
	SortOrder   *float64           `json:"sortOrder,omitempty"`
	Segments    *[]float64         `json:"segments,omitempty"`
	Constraints *[]Constraint      `json:"constraints,omitempty"`
	Variants    *[]StrategyVariant `json:"variants,omitempty"`
	// Parameters maps a parameter name to its value.
	Parameters *map[string]string `json:"parameters,omitempty"`
}

// Constraint narrows the audience of a strategy.
type Constraint struct {
	ContextName     string    `json:"contextName"`
	Operator        Operator  `json:"operator"`
	CaseInsensitive *bool     `json:"caseInsensitive,omitempty"`
	Inverted        *bool     `json:"inverted,omitempty"`
	Values          *[]string `json:"values,omitempty"`
	Value           *string   `json:"value,omitempty"`
}

// StrategyVariant is a variant of a strategy.
type StrategyVariant struct {
	Name       string           `json:"name"`
	Weight     int64            `json:"weight"`
	WeightType WeightType       `json:"weightType"`
	Stickiness string           `json:"stickiness"`
	Payload    *StrategyPayload `json:"payload,omitempty"`
}

// StrategyPayload is the payload of a strategy variant. It is an open object:
// members other than type and value are kept in Extra.
type StrategyPayload struct {
	Type  PayloadType `json:"type"`
	Value string      `json:"value"`
	Extra Extra       `json:"-"`
}

// UnmarshalJSON decodes the payload and keeps unknown members.
func (p *StrategyPayload) UnmarshalJSON(b []byte) error {
	return decodeOpen(b, (*strategyPayloadFields)(p))
}

// MarshalJSON encodes the payload with its unknown members.
func (p StrategyPayload) MarshalJSON() ([]byte, error) {
	return encodeOpen(strategyPayloadFields(p), p.Extra)
}

// Variant is a variant of a feature or of a feature environment.
type Variant struct {
	Name       string      `json:"name"`
	Weight     float64     `json:"weight"`
	WeightType *WeightType `json:"weightType,omitempty"`
	Stickiness *string     `json:"stickiness,omitempty"`
	Payload    *Payload    `json:"payload,omitempty"`
	Overrides  *[]Override `json:"overrides,omitempty"`
}

// Payload is extra data of a variant.
type Payload struct {
	Type  PayloadType `json:"type"`
	Value string      `json:"value"`
}

// Override assigns a variant to specific context values.
type Override struct {
	ContextName string   `json:"contextName"`
	Values      []string `json:"values"`
}

// FeatureEnvironment is the configuration of a feature in one environment.
type FeatureEnvironment struct {
	Name                 string                         `json:"name"`
	FeatureName          *string                        `json:"featureName,omitempty"`
	Environment          *string                        `json:"environment,omitempty"`
	Type                 *string                        `json:"type,omitempty"`
	Enabled              bool                           `json:"enabled"`
	SortOrder            *float64                       `json:"sortOrder,omitempty"`
	VariantCount         *float64                       `json:"variantCount,omitempty"`
	Strategies           *[]Strategy                    `json:"strategies,omitempty"`
	Variants             *[]Variant                     `json:"variants,omitempty"`
	LastSeenAt           Nullable[DateTime]             `json:"lastSeenAt,omitzero"`
	HasStrategies        *bool                          `json:"hasStrategies,omitempty"`
	HasEnabledStrategies *bool                          `json:"hasEnabledStrategies,omitempty"`
	ChangeRequestIDs     *[]float64                     `json:"changeRequestIds,omitempty"`
	MilestoneName        *string                        `json:"milestoneName,omitempty"`
	MilestoneOrder       *float64                       `json:"milestoneOrder,omitempty"`
	TotalMilestones      *float64                       `json:"totalMilestones,omitempty"`
	Yes                  *int64                         `json:"yes,omitempty"`
	No                   *int64                         `json:"no,omitempty"`
	ReleasePlans         *[]ReleasePlan                 `json:"releasePlans,omitempty"`
	Safeguards           *[]FeatureEnvironmentSafeguard `json:"safeguards,omitempty"`
}

// ContextField is a context field definition.
type ContextField struct {
	Name           string             `json:"name"`
	Description    Nullable[string]   `json:"description,omitzero"`
	Stickiness     *bool              `json:"stickiness,omitempty"`
	SortOrder      *int64             `json:"sortOrder,omitempty"`
	CreatedAt      Nullable[DateTime] `json:"createdAt,omitzero"`
	UsedInFeatures Nullable[int64]    `json:"usedInFeatures,omitzero"`
	UsedInProjects Nullable[int64]    `json:"usedInProjects,omitzero"`
	LegalValues    *[]LegalValue      `json:"legalValues,omitempty"`
	Project        *string            `json:"project,omitempty"`
}

// LegalValue is an allowed value of a context field.
type LegalValue struct {
	Value       string  `json:"value"`
	Description *string `json:"description,omitempty"`
}

// FeatureTag is a tag applied to a feature.
type FeatureTag struct {
	FeatureName     string            `json:"featureName"`
	TagType         *string           `json:"tagType,omitempty"`
	TagValue        string            `json:"tagValue"`
	Type            *string           `json:"type,omitempty"`
	Value           *string           `json:"value,omitempty"`
	CreatedByUserID Nullable[float64] `json:"createdByUserId,omitzero"`
}

// Segment is a segment used by strategies.
type Segment struct {
	ID   float64 `json:"id"`
	Name string  `json:"name"`
}

// TagType is a tag type.
type TagType struct {
	Name        string           `json:"name"`
	Description *string          `json:"description,omitempty"`
	Icon        Nullable[string] `json:"icon,omitzero"`
	Color       Nullable[string] `json:"color,omitzero"`
}

// FeatureDependencies lists the parents of one child feature.
type FeatureDependencies struct {
	Feature      string             `json:"feature"`
	Dependencies []ParentDependency `json:"dependencies"`
}
