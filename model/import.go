package model

import (
	"encoding/json"
)

// ImportRequest is the body of the import validation (ImportTogglesSchema).
type ImportRequest struct {
	// Project is the project the data is imported into.
	Project string `json:"project"`
	// Environment is the environment the data is imported into.
	Environment string `json:"environment"`
	// Data is the exported data set.
	Data ExportData `json:"data"`
}

// ExportData is the result of an export operation. Its optional arrays
// (featureEnvironments, contextFields, featureTags, segments, dependencies,
// links) are nil when absent and non-nil when present, even when empty, so
// that a decoded document encodes back with the same members.
type ExportData struct {
	// Features are all exported features (required).
	Features []Feature `json:"features"`
	// FeatureStrategies are the strategy instances of the features
	// (required).
	FeatureStrategies []Strategy `json:"featureStrategies"`
	// FeatureEnvironments are the features' configurations in the export
	// environment.
	FeatureEnvironments []FeatureEnvironment `json:"featureEnvironments,omitempty"`
	// ContextFields are the context fields the strategies use.
	ContextFields []ContextField `json:"contextFields,omitempty"`
	// FeatureTags are the tags applied to the features.
	FeatureTags []FeatureTag `json:"featureTags,omitempty"`
	// Segments are the segments the strategies use.
	Segments []Segment `json:"segments,omitempty"`
	// TagTypes are the tag types the tags use (required).
	TagTypes []TagType `json:"tagTypes"`
	// Dependencies are the features' parent dependencies.
	Dependencies []FeatureDependencies `json:"dependencies,omitempty"`
	// Links are the links of the exported features.
	Links []FeatureLinks `json:"links,omitempty"`
}

type exportDataWire struct {
	Features            []Feature              `json:"features"`
	FeatureStrategies   []Strategy             `json:"featureStrategies"`
	FeatureEnvironments *[]FeatureEnvironment  `json:"featureEnvironments,omitempty"`
	ContextFields       *[]ContextField        `json:"contextFields,omitempty"`
	FeatureTags         *[]FeatureTag          `json:"featureTags,omitempty"`
	Segments            *[]Segment             `json:"segments,omitempty"`
	TagTypes            []TagType              `json:"tagTypes"`
	Dependencies        *[]FeatureDependencies `json:"dependencies,omitempty"`
	Links               *[]FeatureLinks        `json:"links,omitempty"`
}

// UnmarshalJSON decodes the data set. An optional array that is present
// is a non-nil slice, empty or not; an absent one is nil.
func (d *ExportData) UnmarshalJSON(b []byte) error {
	var w exportDataWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = ExportData{Features: w.Features, FeatureStrategies: w.FeatureStrategies, TagTypes: w.TagTypes,
		FeatureEnvironments: present(w.FeatureEnvironments), ContextFields: present(w.ContextFields),
		FeatureTags: present(w.FeatureTags), Segments: present(w.Segments),
		Dependencies: present(w.Dependencies), Links: present(w.Links)}
	return nil
}

// present returns the array p points to, never nil when p is not: a
// present empty array is an empty slice.
func present[T any](p *[]T) []T {
	switch {
	case p == nil:
		return nil
	case *p == nil:
		return []T{}
	}
	return *p
}

// MarshalJSON encodes the data set; an optional array is written when it
// is not nil, so that a present empty array survives a round trip.
func (d ExportData) MarshalJSON() ([]byte, error) {
	w := exportDataWire{Features: d.Features, FeatureStrategies: d.FeatureStrategies, TagTypes: d.TagTypes}
	if w.Features == nil {
		w.Features = []Feature{}
	}
	if w.FeatureStrategies == nil {
		w.FeatureStrategies = []Strategy{}
	}
	if w.TagTypes == nil {
		w.TagTypes = []TagType{}
	}
	w.FeatureEnvironments = orAbsent(d.FeatureEnvironments)
	w.ContextFields = orAbsent(d.ContextFields)
	w.FeatureTags = orAbsent(d.FeatureTags)
	w.Segments = orAbsent(d.Segments)
	w.Dependencies = orAbsent(d.Dependencies)
	w.Links = orAbsent(d.Links)
	return json.Marshal(w)
}

// orAbsent points to s, or is nil (the member is left out) when s is nil.
func orAbsent[T any](s []T) *[]T {
	if s == nil {
		return nil
	}
	return &s
}

// Feature is an exported feature flag.
//
// The members that an export seldom carries are in the embedded
// *FeatureDetails, allocated only when one of them is present: an import
// may hold a million features, and a feature with only a name then takes
// 120 bytes instead of 296. encoding/json reads and writes those members
// as members of the feature, and MarshalJSON writes every member in the
// order of the schema. The promoted fields (f.Enabled and the others) may
// only be read when f.FeatureDetails is not nil; [Feature.Details] reads
// them safely.
type Feature struct {
	Name         string              `json:"name"`
	Type         *string             `json:"type,omitempty"`
	Description  Nullable[string]    `json:"description,omitzero"`
	Archived     *bool               `json:"archived,omitempty"`
	Project      *string             `json:"project,omitempty"`
	CreatedAt    Nullable[DateTime]  `json:"createdAt,omitzero"`
	Variants     *[]Variant          `json:"variants,omitempty"`
	Strategies   *[]json.RawMessage  `json:"strategies,omitempty"`
	Dependencies *[]ParentDependency `json:"dependencies,omitempty"`
	*FeatureDetails
}

// FeatureDetails are the members of a [Feature] that an export seldom
// carries.
type FeatureDetails struct {
	Enabled        *bool                 `json:"enabled,omitempty"`
	Stale          *bool                 `json:"stale,omitempty"`
	Favorite       *bool                 `json:"favorite,omitempty"`
	ImpressionData *bool                 `json:"impressionData,omitempty"`
	CreatedBy      *CreatedBy            `json:"createdBy,omitempty"`
	ArchivedAt     Nullable[DateTime]    `json:"archivedAt,omitzero"`
	LastSeenAt     Nullable[DateTime]    `json:"lastSeenAt,omitzero"`
	Environments   *[]FeatureEnvironment `json:"environments,omitempty"`
	Tags           Nullable[[]Tag]       `json:"tags,omitzero"`
	Children       *[]string             `json:"children,omitempty"`
	Lifecycle      *Lifecycle            `json:"lifecycle,omitempty"`
	Collaborators  *Collaborators        `json:"collaborators,omitempty"`
	Links          *[]FeatureLink        `json:"links,omitempty"`
}

// Details returns a copy of the feature's seldom carried members, all
// absent when it has none.
func (f *Feature) Details() FeatureDetails {
	if f.FeatureDetails == nil {
		return FeatureDetails{}
	}
	return *f.FeatureDetails
}

// More returns the feature's seldom carried members, allocating them when
// the feature has none yet, so that one of them can be set.
func (f *Feature) More() *FeatureDetails {
	if f.FeatureDetails == nil {
		f.FeatureDetails = new(FeatureDetails)
	}
	return f.FeatureDetails
}

// featureWire is a feature with its members in the order of the schema.
type featureWire struct {
	Name           string                `json:"name"`
	Type           *string               `json:"type,omitempty"`
	Description    Nullable[string]      `json:"description,omitzero"`
	Archived       *bool                 `json:"archived,omitempty"`
	Project        *string               `json:"project,omitempty"`
	Enabled        *bool                 `json:"enabled,omitempty"`
	Stale          *bool                 `json:"stale,omitempty"`
	Favorite       *bool                 `json:"favorite,omitempty"`
	ImpressionData *bool                 `json:"impressionData,omitempty"`
	CreatedAt      Nullable[DateTime]    `json:"createdAt,omitzero"`
	CreatedBy      *CreatedBy            `json:"createdBy,omitempty"`
	ArchivedAt     Nullable[DateTime]    `json:"archivedAt,omitzero"`
	LastSeenAt     Nullable[DateTime]    `json:"lastSeenAt,omitzero"`
	Environments   *[]FeatureEnvironment `json:"environments,omitempty"`
	Variants       *[]Variant            `json:"variants,omitempty"`
	Strategies     *[]json.RawMessage    `json:"strategies,omitempty"`
	Tags           Nullable[[]Tag]       `json:"tags,omitzero"`
	Children       *[]string             `json:"children,omitempty"`
	Lifecycle      *Lifecycle            `json:"lifecycle,omitempty"`
	Dependencies   *[]ParentDependency   `json:"dependencies,omitempty"`
	Collaborators  *Collaborators        `json:"collaborators,omitempty"`
	Links          *[]FeatureLink        `json:"links,omitempty"`
}

// MarshalJSON encodes the feature with its members in the order of the
// schema, the seldom carried ones among the others.
func (f Feature) MarshalJSON() ([]byte, error) {
	d := f.Details()
	return json.Marshal(featureWire{Name: f.Name, Type: f.Type, Description: f.Description,
		Archived: f.Archived, Project: f.Project, Enabled: d.Enabled, Stale: d.Stale,
		Favorite: d.Favorite, ImpressionData: d.ImpressionData, CreatedAt: f.CreatedAt,
		CreatedBy: d.CreatedBy, ArchivedAt: d.ArchivedAt, LastSeenAt: d.LastSeenAt,
		Environments: d.Environments, Variants: f.Variants, Strategies: f.Strategies,
		Tags: d.Tags, Children: d.Children, Lifecycle: d.Lifecycle, Dependencies: f.Dependencies,
		Collaborators: d.Collaborators, Links: d.Links})
}

// CreatedBy is the user who created a feature.
type CreatedBy struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
}

// Tag is a tag inside a feature.
type Tag struct {
	Value string           `json:"value"`
	Type  string           `json:"type"`
	Color Nullable[string] `json:"color,omitzero"`
}

// ParentDependency is one parent of a feature: an item of a feature's
// dependencies, or of data.dependencies (FeatureDependencies).
type ParentDependency struct {
	Feature  string    `json:"feature"`
	Enabled  *bool     `json:"enabled,omitempty"`
	Variants *[]string `json:"variants,omitempty"`
}

// Lifecycle is the lifecycle of a feature.
type Lifecycle struct {
	Stage          LifecycleStage   `json:"stage"`
	Status         Nullable[string] `json:"status,omitzero"`
	EnteredStageAt DateTime         `json:"enteredStageAt"`
}

// Collaborators lists the users who changed a feature. It is an open
// object: members other than users are kept in Extra.
type Collaborators struct {
	Users []Collaborator `json:"users"`
	Extra Extra          `json:"-"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (c *Collaborators) UnmarshalJSON(b []byte) error {
	return decodeOpen(b, (*collaboratorsFields)(c))
}

// MarshalJSON encodes the object with its unknown members.
func (c Collaborators) MarshalJSON() ([]byte, error) {
	if c.Users == nil {
		c.Users = []Collaborator{}
	}
	return encodeOpen(collaboratorsFields(c), c.Extra)
}

// Collaborator is one user who changed a feature. It is an open object.
type Collaborator struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
	Extra    Extra  `json:"-"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (c *Collaborator) UnmarshalJSON(b []byte) error { return decodeOpen(b, (*collaboratorFields)(c)) }

// MarshalJSON encodes the object with its unknown members.
func (c Collaborator) MarshalJSON() ([]byte, error) {
	return encodeOpen(collaboratorFields(c), c.Extra)
}

// FeatureLink is a link inside a feature.
type FeatureLink struct {
	ID      string           `json:"id"`
	URL     string           `json:"url"`
	Title   Nullable[string] `json:"title,omitzero"`
	Feature *string          `json:"feature,omitempty"`
}

// FeatureLinks is an item of data.links: the links of one feature.
type FeatureLinks struct {
	Feature string     `json:"feature"`
	Links   []DataLink `json:"links"`
}

// DataLink is one link in data.links. It is an open object.
type DataLink struct {
	URL   string           `json:"url"`
	Title Nullable[string] `json:"title,omitzero"`
	Extra Extra            `json:"-"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (l *DataLink) UnmarshalJSON(b []byte) error { return decodeOpen(b, (*dataLinkFields)(l)) }

// MarshalJSON encodes the object with its unknown members.
func (l DataLink) MarshalJSON() ([]byte, error) { return encodeOpen(dataLinkFields(l), l.Extra) }
