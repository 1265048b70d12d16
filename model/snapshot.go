package model

import (
	"encoding/json"
	"time"
)

// Snapshot is the existing state of an instance, in the format that the
// in-memory implementations load (docs/SNAPSHOT.md describes it member by
// member). Every member is optional; an empty snapshot is a valid, empty
// instance.
type Snapshot struct {
	// Version is the Unleash version of the instance the snapshot was
	// taken of, such as "7.6.5"; "" when unknown, which is answered as the
	// default version (package model/profile).
	Version       string                 `json:"version,omitempty"`
	Environments  []SnapshotEnvironment  `json:"environments,omitempty"`
	Projects      []SnapshotProject      `json:"projects,omitempty"`
	Strategies    []SnapshotStrategy     `json:"strategies,omitempty"`
	ContextFields []SnapshotContextField `json:"contextFields,omitempty"`
	Segments      []SnapshotSegment      `json:"segments,omitempty"`
	TagTypes      []SnapshotTagType      `json:"tagTypes,omitempty"`
	Features      []SnapshotFeature      `json:"features,omitempty"`
	Roles         []Role                 `json:"roles,omitempty"`
	Users         []User                 `json:"users,omitempty"`
	Tokens        []SnapshotToken        `json:"tokens,omitempty"`
	// FeatureConfigs and ProjectDefaults are what an import plan compares
	// a file with (snapshot_config.go).
	FeatureConfigs  []SnapshotFeatureConfig   `json:"featureConfigs,omitempty"`
	ProjectDefaults []SnapshotProjectDefaults `json:"projectDefaults,omitempty"`
	// ResourceLimits, FeatureTypes, Tags, ChangeRequests and Unknown are
	// what the import's own checks read beyond the members above
	// (snapshot_import.go).
	ResourceLimits *SnapshotResourceLimits  `json:"resourceLimits,omitempty"`
	FeatureTypes   []SnapshotFeatureType    `json:"featureTypes,omitempty"`
	Tags           []SnapshotTag            `json:"tags,omitempty"`
	ChangeRequests []SnapshotChangeRequests `json:"changeRequests,omitempty"`
	Unknown        []string                 `json:"unknown,omitempty"`
}

// SnapshotEnvironment is an environment of the instance.
type SnapshotEnvironment struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// SnapshotProject is a project with its import-relevant settings.
type SnapshotProject struct {
	ID string `json:"id"`
	// FeatureLimit is the maximum number of non-archived features; nil means
	// unlimited.
	FeatureLimit  *int64         `json:"featureLimit,omitempty"`
	FeatureNaming *FeatureNaming `json:"featureNaming,omitempty"`
	// Archived, Environments and LinkTemplates are read by the import's
	// own checks (snapshot_import.go). Environments nil means every
	// environment of the snapshot.
	Archived      bool                   `json:"archived,omitempty"`
	Environments  []string               `json:"environments,omitempty"`
	LinkTemplates []SnapshotLinkTemplate `json:"linkTemplates,omitempty"`
}

// FeatureNaming is a project's feature naming pattern.
type FeatureNaming struct {
	Pattern     string `json:"pattern"`
	Example     string `json:"example,omitempty"`
	Description string `json:"description,omitempty"`
}

// SnapshotStrategy is a strategy type.
type SnapshotStrategy struct {
	Name    string `json:"name"`
	BuiltIn bool   `json:"builtIn,omitempty"`
}

// SnapshotContextField is a context field definition.
type SnapshotContextField struct {
	Name        string       `json:"name"`
	LegalValues []LegalValue `json:"legalValues,omitempty"`
	// Project is the project the field belongs to; nil means global.
	Project *string `json:"project,omitempty"`
}

// SnapshotSegment is a segment definition.
type SnapshotSegment struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Project is the project the segment belongs to; nil means global.
	Project *string `json:"project,omitempty"`
	// Constraints are the segment's constraints as the instance lists
	// them, where the source tells them (the admin API's State); an
	// import leaves them as they are, but they decide whom the imported
	// strategies reach, so a saved plan checks them again.
	Constraints json.RawMessage `json:"constraints,omitempty"`
}

// SnapshotTagType is a tag type.
type SnapshotTagType struct {
	Name string `json:"name"`
}

// SnapshotFeature is an existing feature.
type SnapshotFeature struct {
	Name     string `json:"name"`
	Project  string `json:"project"`
	Archived bool   `json:"archived,omitempty"`
	// StrategyEnvironments lists the environments in which the feature has
	// at least one strategy.
	StrategyEnvironments []string `json:"strategyEnvironments,omitempty"`
	// Environments, StrategyCounts and Parents are read by the import's
	// own checks (snapshot_import.go). Environments nil means those of
	// the feature's project.
	Environments   []string                `json:"environments,omitempty"`
	StrategyCounts []SnapshotStrategyCount `json:"strategyCounts,omitempty"`
	Parents        []string                `json:"parents,omitempty"`
}

// Role is a role of the instance with its grants: in a state snapshot, and
// as a user store reports it (see package users), which may leave the
// grants out. Type is "root" or "root-custom" for a root role, or a project
// role's type; Project is nil for a role of no project.
type Role struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Type        string  `json:"type"`
	Description string  `json:"description,omitempty"`
	Project     *string `json:"project,omitempty"`
	Grants      []Grant `json:"grants,omitempty"`
}

// Grant is a permission, optionally limited to a project and an
// environment. An empty or "*" project or environment matches any.
type Grant struct {
	Permission  string `json:"permission"`
	Project     string `json:"project,omitempty"`
	Environment string `json:"environment,omitempty"`
}

// User is a user account of the instance: in a state snapshot, and as a
// user store reports it (see package users).
//
// Name, Username, Email and ImageURL are nil or "" when the user has none;
// RootRole is nil when the user has no root role; CreatedAt is nil when
// unknown and SeenAt when the user never logged in; ScimID, SeatType,
// CompanyRole and ProductUpdatesEmailConsent are nil when not set.
// AccountType is "User" or "Service Account"; "" means "User". Deleted
// and System mark accounts that the user listing leaves out. Grants are
// the user's own grants, besides those of the root role; a user store
// may leave them out, since the listing does not show them.
type User struct {
	ID                         int64      `json:"id"`
	Name                       *string    `json:"name,omitempty"`
	Username                   *string    `json:"username,omitempty"`
	Email                      *string    `json:"email,omitempty"`
	ImageURL                   *string    `json:"imageUrl,omitempty"`
	RootRole                   *int64     `json:"rootRole,omitempty"`
	CreatedAt                  *time.Time `json:"createdAt,omitempty"`
	SeenAt                     *time.Time `json:"seenAt,omitempty"`
	LoginAttempts              int64      `json:"loginAttempts,omitempty"`
	InviteLink                 string     `json:"inviteLink,omitempty"`
	ScimID                     *string    `json:"scimId,omitempty"`
	SeatType                   *string    `json:"seatType,omitempty"`
	CompanyRole                *string    `json:"companyRole,omitempty"`
	ProductUpdatesEmailConsent *bool      `json:"productUpdatesEmailConsent,omitempty"`
	AccountType                string     `json:"accountType,omitempty"`
	Deleted                    bool       `json:"deleted,omitempty"`
	System                     bool       `json:"system,omitempty"`
	Grants                     []Grant    `json:"grants,omitempty"`
}

// Token types of a snapshot.
const (
	TokenAdmin    = "admin"
	TokenClient   = "client"
	TokenFrontend = "frontend"
	TokenPersonal = "personal"
)

// SnapshotToken is an API token. A snapshot tells it by the SHA-256 of
// its secret (SecretSHA256), which is all a lookup needs: a candidate
// secret is hashed and compared with it. Secret, the secret in clear, is
// read from a snapshot written by hand (the embedded demo state) or by an
// earlier flagadmin, and never written (see MarshalJSON). A token has one
// of the two.
type SnapshotToken struct {
	// Secret is the token's secret in clear; "" when the snapshot holds
	// its digest only.
	Secret string `json:"secret,omitempty"`
	// SecretSHA256 is the lower-case hexadecimal SHA-256 of the secret's
	// bytes (TokenDigest); "" when the snapshot holds the secret instead.
	SecretSHA256 string `json:"secretSha256,omitempty"`
	// Type is one of TokenAdmin, TokenClient, TokenFrontend, TokenPersonal.
	Type string `json:"type"`
	// UserID is the user a personal token acts as.
	UserID *int64 `json:"userId,omitempty"`
	// ExpiresAt is when the token stops authenticating; nil means never.
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
}

// MarshalJSON writes the token without its secret: secretSha256 holds
// the digest (of Secret when the token has its secret in clear), and the
// expiry is written as the reference server writes a time (see
// User.MarshalJSON).
func (t SnapshotToken) MarshalJSON() ([]byte, error) {
	type plain SnapshotToken
	return json.Marshal(struct {
		plain
		ExpiresAt *jsTime `json:"expiresAt,omitempty"`
	}{plain(t.WithoutSecret()), (*jsTime)(t.ExpiresAt)})
}

// MarshalJSON writes the user with its times as the reference server
// writes a time (JavaScript's Date.prototype.toISOString): in UTC, with
// exactly three digits of fraction, "2024-01-02T03:04:05.760Z" (a finer
// fraction is cut). encoding/json would drop trailing zeros instead.
func (u User) MarshalJSON() ([]byte, error) {
	type plain User
	return json.Marshal(struct {
		plain
		CreatedAt *jsTime `json:"createdAt,omitempty"`
		SeenAt    *jsTime `json:"seenAt,omitempty"`
	}{plain(u), (*jsTime)(u.CreatedAt), (*jsTime)(u.SeenAt)})
}

// jsTime is a time written as the reference server writes one.
type jsTime time.Time

// jsTimeLayout is the layout of Date.prototype.toISOString.
const jsTimeLayout = "2006-01-02T15:04:05.000Z"

func (t jsTime) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(jsTimeLayout)+2)
	b = append(b, '"')
	b = time.Time(t).UTC().AppendFormat(b, jsTimeLayout)
	return append(b, '"'), nil
}

// DecodeSnapshot decodes a state snapshot strictly (see DecodeStrict): an
// unknown member is an error naming its JSON pointer, and so is a token's
// secretSha256 that is no SHA-256 in hexadecimal or that comes with a
// secret. A token's clear secret (a snapshot written by hand or by an
// earlier flagadmin) is read as it is; the token lookup hashes it.
func DecodeSnapshot(b []byte) (*Snapshot, error) {
	var s Snapshot
	if err := DecodeStrict(b, &s); err != nil {
		return nil, err
	}
	if err := checkTokenDigests(b, &s); err != nil {
		return nil, err
	}
	return &s, nil
}
