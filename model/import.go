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

// ExportData is the result of an export operation.
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

	// present records which optional arrays were present, so that an empty
	// array survives a round trip.
	present presence
}

// presence is a set of optional array members that were present but empty.
type presence uint16

const (
	hasFeatureEnvironments presence = 1 << iota
	hasContextFields
	hasFeatureTags
	hasSegments
	hasDependencies
	hasLinks
)

// MarkPresent records that the optional array member with the given JSON
// name (featureEnvironments, contextFields, featureTags, segments,
// dependencies or links) was present in a decoded document, as UnmarshalJSON
// does, so that MarshalJSON writes it back even when it is empty. It is for
// decoders other than UnmarshalJSON. It reports false, and changes nothing,
// for any other name.
func (d *ExportData) MarkPresent(name string) bool {
	var bit presence
	switch name {
	case "featureEnvironments":
		bit = hasFeatureEnvironments
	case "contextFields":
		bit = hasContextFields
	case "featureTags":
		bit = hasFeatureTags
	case "segments":
		bit = hasSegments
	case "dependencies":
		bit = hasDependencies
	case "links":
		bit = hasLinks
	default:
		return false
	}
	d.present |= bit
	return true
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

// UnmarshalJSON decodes the data set and remembers which optional arrays
// were present.
func (d *ExportData) UnmarshalJSON(b []byte) error {
	var w exportDataWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = ExportData{Features: w.Features, FeatureStrategies: w.FeatureStrategies, TagTypes: w.TagTypes}
	take := func(bit presence, present bool) {
		if present {
			d.present |= bit
		}
	}
	if w.FeatureEnvironments != nil {
		d.FeatureEnvironments = *w.FeatureEnvironments
		take(hasFeatureEnvironments, true)
	}
	if w.ContextFields != nil {
		d.ContextFields = *w.ContextFields
		take(hasContextFields, true)
	}
	if w.FeatureTags != nil {
		d.FeatureTags = *w.FeatureTags
		take(hasFeatureTags, true)
	}
	if w.Segments != nil {
		d.Segments = *w.Segments
		take(hasSegments, true)
	}
	if w.Dependencies != nil {
		d.Dependencies = *w.Dependencies
		take(hasDependencies, true)
	}
	if w.Links != nil {
		d.Links = *w.Links
		take(hasLinks, true)
	}
	return nil
}

// MarshalJSON encodes the data set; an optional array is written when it is
// non-empty or was present when decoded.
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
	if len(d.FeatureEnvironments) > 0 || d.present&hasFeatureEnvironments != 0 {
		w.FeatureEnvironments = &d.FeatureEnvironments
	}
	if len(d.ContextFields) > 0 || d.present&hasContextFields != 0 {
		w.ContextFields = &d.ContextFields
	}
	if len(d.FeatureTags) > 0 || d.present&hasFeatureTags != 0 {
		w.FeatureTags = &d.FeatureTags
	}
	if len(d.Segments) > 0 || d.present&hasSegments != 0 {
		w.Segments = &d.Segments
	}
	if len(d.Dependencies) > 0 || d.present&hasDependencies != 0 {
		w.Dependencies = &d.Dependencies
	}
	if len(d.Links) > 0 || d.present&hasLinks != 0 {
		w.Links = &d.Links
	}
	return json.Marshal(w)
}

// Feature is an exported feature flag.
type Feature struct {
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

// ParentDependency is a parent dependency inside a feature.
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

type collaboratorsKnown struct {
	Users []Collaborator `json:"users"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (c *Collaborators) UnmarshalJSON(b []byte) error {
	var k collaboratorsKnown
	extra, err := decodeOpen(b, &k, "users")
	if err != nil {
		return err
	}
	*c = Collaborators{Users: k.Users, Extra: extra}
	return nil
}

// MarshalJSON encodes the object with its unknown members.
func (c Collaborators) MarshalJSON() ([]byte, error) {
	users := c.Users
	if users == nil {
		users = []Collaborator{}
	}
	return encodeOpen(collaboratorsKnown{Users: users}, c.Extra)
}

// Collaborator is one user who changed a feature. It is an open object.
type Collaborator struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
	Extra    Extra  `json:"-"`
}

type collaboratorKnown struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (c *Collaborator) UnmarshalJSON(b []byte) error {
	var k collaboratorKnown
	extra, err := decodeOpen(b, &k, "id", "name", "imageUrl")
	if err != nil {
		return err
	}
	*c = Collaborator{ID: k.ID, Name: k.Name, ImageURL: k.ImageURL, Extra: extra}
	return nil
}

// MarshalJSON encodes the object with its unknown members.
func (c Collaborator) MarshalJSON() ([]byte, error) {
	return encodeOpen(collaboratorKnown{ID: c.ID, Name: c.Name, ImageURL: c.ImageURL}, c.Extra)
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

type dataLinkKnown struct {
	URL   string           `json:"url"`
	Title Nullable[string] `json:"title,omitzero"`
}

// UnmarshalJSON decodes the object and keeps unknown members.
func (l *DataLink) UnmarshalJSON(b []byte) error {
	var k dataLinkKnown
	extra, err := decodeOpen(b, &k, "url", "title")
	if err != nil {
		return err
	}
	*l = DataLink{URL: k.URL, Title: k.Title, Extra: extra}
	return nil
}

// MarshalJSON encodes the object with its unknown members.
func (l DataLink) MarshalJSON() ([]byte, error) {
	return encodeOpen(dataLinkKnown{URL: l.URL, Title: l.Title}, l.Extra)
}
