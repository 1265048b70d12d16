// Package profile says how each supported Unleash version answers: one
// Profile per line of releases (5.12, 6.10, 7.0, 7.4, 7.5, 7.6, 8), chosen
// by the version an instance reports (Resolve) or the latest migration of
// its database (FromMigration). A profile is data and a few small
// functions, not a copy of the engine: the validation, the user listing,
// the error bodies and the database source read it and answer as that
// version does.
//
// The facts were observed on running servers of 5.12.8, 6.10.1, 7.4.1,
// 7.5.1, 7.6.5 and 8.2.0 and read in their published packages; the other
// releases of a line are assigned to the nearest verified one (Verified
// says which), and docs/VERSIONS.md lists what differs.
//
// The package performs no I/O and holds no package-level mutable state:
// every call returns fresh values.
package profile

// Profile is how one line of Unleash releases answers.
type Profile struct {
	// Name is the line, such as "5.12" or "8".
	Name string
	// Range is the semver constraint of the releases it covers, such as
	// ">=6.0.0 <7.0.0".
	Range string
	// Verified lists the releases whose answers were observed; empty for
	// a line assigned by inference (7.0 to 7.3).
	Verified []string
	// NodeMajor is the node major the line runs on by default: the
	// malformed-JSON messages of node 22 end with " (line L column C)",
	// node 20's do not.
	NodeMajor int
	// Permissions are the permissions an import may need, with the names
	// the validation shows, in the order the instance lists them (the
	// physical order of its permissions table: a fresh install's).
	Permissions []Permission
	// Errors is the shape of error bodies.
	Errors ErrorStyle
	// Users is the shape of the user listing.
	Users UserListing
	// Tokens are the token rules.
	Tokens Tokens
	// Schema is what the request schema of the validation knows.
	Schema Schema
	// Import is what the import does that a plan or a rule depends on.
	Import Import
	// AdminAPI is what a reader of the admin API relies on.
	AdminAPI AdminAPI
	// Database is what the line's database holds that is read.
	Database Database
}

// Permission is a permission with the name the validation's answer shows.
type Permission struct {
	Name        string // such as "CREATE_FEATURE"
	DisplayName string // such as "Create feature flags"
}

// ErrorStyle is the shape of the instance's error bodies.
type ErrorStyle struct {
	// DetailDescription: every details[] item also carries "description",
	// equal to its "message" (5.x).
	DetailDescription bool
	// PathPrefix starts the path of a schema problem: "/body" (6.x and
	// later) or "" (5.x: "data/features", not "/body/data/features").
	PathPrefix string
	// ControllerErrorsHaveID: errors raised inside a controller (the
	// import's refusals) carry their "id" (up to 7.3); errors of the
	// middleware (schema, authentication, 404, 415) always do.
	ControllerErrorsHaveID bool
}

// UserListing is the shape of GET /api/admin/user-admin.
type UserListing struct {
	// IsAPI: each user starts with "isAPI": false (up to 6.x).
	IsAPI bool
	// SeatType, CompanyRole and ProductUpdatesEmailConsent: the listing
	// shows these members of a user who has them.
	SeatType, CompanyRole, ProductUpdatesEmailConsent bool
	// InvalidEmailFailsListing: one stored user whose email is not an
	// address makes the whole listing a 400 (5.x).
	InvalidEmailFailsListing bool
}

// Tokens are the rules of API tokens.
type Tokens struct {
	// BackendType: the api_tokens type "backend" exists and is a client
	// token (7.x and later). Before, a stored "backend" token is of no
	// type the server knows: not refused by its type, it has no
	// permissions.
	BackendType bool
	// HashedTokens: API tokens may be stored as selector and verifier
	// (api_tokens_v2) and personal tokens likewise (8.2).
	HashedTokens bool
}

// Schema is what the validation's request schema knows beyond what every
// line knows.
type Schema struct {
	// Name names the request schema the validation checks: the release
	// it was read from ("8.2.0", "7.6.5"), or the line where inferred
	// ("7.0": 7.4.1's without contextFields[].project). importvalidate
	// embeds one per name.
	Name string
	// Operators are the constraint operators of the enum, in its order.
	Operators []string
	// ConstraintValueMinLength: a constraint's "value" has minLength 1.
	ConstraintValueMinLength bool
	// TagTypeColor: tagTypes[].color (6.x and later; 5.x refuses it).
	TagTypeColor bool
	// TagBounds: features[].tags[] type and value have length bounds (2
	// to 50) and a color (6.x and later).
	TagBounds bool
	// FeatureMetadata: features[].createdBy, .collaborators and .links.
	FeatureMetadata bool
	// Milestones: featureEnvironments[] (and features[].environments[])
	// changeRequestIds, milestoneName, milestoneOrder, totalMilestones.
	Milestones bool
	// ReleasePlans: featureEnvironments[].releasePlans, yes, no, and
	// features[].lifecycle.status (7.x).
	ReleasePlans bool
	// Safeguards: featureEnvironments[].safeguards (7.6 and later).
	Safeguards bool
	// DataLinks: data.links (7.x).
	DataLinks bool
	// ContextFieldProject: contextFields[].project (7.4 and later).
	ContextFieldProject bool
	// DeprecatedMembers: features[].variants, .strategies, .lastSeenAt and
	// featureTags[].type, .value are accepted (up to 7.x; 8 refuses them).
	DeprecatedMembers bool
}

// AdminAPI is what the admin API's answers hold that a reader relies on.
type AdminAPI struct {
	// PlaygroundStrategyIDs: the playground's strategies carry their ids
	// (7.x and later); before, it makes up new ones for each answer, and
	// a feature's strategies are ordered from the feature's own endpoint.
	// (6.x's export also says the environment's enabled, not the
	// feature's, which that endpoint says.)
	PlaygroundStrategyIDs bool
	// SearchArchived: the feature search lists the archived features
	// (archived=IS:true, 6.x and later); before, it ignores the filter,
	// and GET /api/admin/archive/features lists them.
	SearchArchived bool
	// ExportEnvironmentEnabled: the export's featureEnvironments[].enabled
	// is the environment's, not the feature's (6.x, whose open-source
	// filter joins the environments table, and its enabled column wins);
	// a feature's own endpoint (GET
	// /api/admin/projects/{project}/features/{name}) says the feature's.
	ExportEnvironmentEnabled bool
	// EventSearch: the event log is searched with GET
	// /api/admin/search/events (project=IS:P, limit up to 1000; 6.x and
	// later); before, with POST /api/admin/events/search (limit up to
	// 100). Either lists a project's events newest first, by the start of
	// the transaction that wrote them, to any user's token.
	EventSearch bool
	// ArchiveDefaultOnly: the open-source edition answers a personal
	// access token 403 (PermissionError, DELETE_FEATURE) on archiving
	// features (POST /api/admin/projects/{id}/archive, DELETE
	// /api/admin/projects/{id}/features/{name}) in any project but
	// default (6.x and later; 5.12 archives in any project). An admin
	// API token archives anywhere, but cannot import. Every version
	// refuses (403 InvalidOperationError) to archive a feature that a
	// feature left active depends on, and archives a parent together
	// with its children.
	ArchiveDefaultOnly bool
}

// DefaultMaxBody is the reference's limit of a request body: 500 kB as
// its JSON body parser counts them, 500 × 1024 bytes.
const DefaultMaxBody = 500 << 10

// Import is what an import does that the rules and the plan depend on.
type Import struct {
	// MaxBody is the largest request body, in bytes, that the import
	// (and the validation) takes: a larger one is answered 413 before
	// any check.
	MaxBody int64
	// Links: the import replaces the links of the features data.links
	// names.
	Links bool
	// ContextFieldProject: a context field of the file with a project is
	// created in the target project.
	ContextFieldProject bool
	// ScopedContextFields: the validation reports a context field that
	// exists scoped to another project as unknown (7.4 and later).
	ScopedContextFields bool
	// DependencyProject is the project a dependency is stored under:
	// "file" (the feature's project in the file, up to 7.x) or "target".
	DependencyProject string
	// SingleValueRequired: a single-value operator without a value is
	// refused by the import (8.x).
	SingleValueRequired bool
	// ConstraintContextMustExist: a constraint on an unknown context field
	// makes the import a 404 (up to 6.x; validate says nothing).
	ConstraintContextMustExist bool
	// Limits are the import's resource limits; nil when there are none
	// (5.x).
	Limits *Limits
	// DescriptionAsGiven: a feature's description is stored as the file
	// gives it: an empty one as "", an absent one leaves an existing
	// feature's (5.x); later, both are stored as none (null).
	DescriptionAsGiven bool
	// RolloutDefaults is how a created strategy's parameters are
	// completed (see the RolloutDefaults constants).
	RolloutDefaults RolloutDefaults
	// StickinessInStore: the store reads the project's default stickiness
	// for every strategy it creates, between the next sort order and the
	// insert (up to 6.x); later, the service reads it before, and only
	// for a flexibleRollout without stickiness. It decides, with the
	// constraints' and segments' reads, the order of the created
	// strategies.
	StickinessInStore bool
	// OrderedTies: strategies of equal sort order are evaluated by their
	// ids, which follow their inserts to the millisecond (ULIDs, 7.x and
	// later); before, the ids are random (UUIDs) and such strategies come
	// in the order the database returns them, which no plan can know.
	OrderedTies bool
}

// RolloutDefaults is how an import completes the parameters of a strategy
// it creates (the project's default strategy that enabling adds
// included).
type RolloutDefaults string

// The ways of completing a strategy's parameters, oldest first.
const (
	// RolloutNone (5.x): no defaults; a stickiness "" of any strategy
	// becomes "default".
	RolloutNone RolloutDefaults = "none"
	// RolloutMerge (6.x): a stickiness "" of any strategy becomes
	// "default"; then a flexibleRollout gets rollout "100", the project's
	// default stickiness and the feature's name as groupId where the
	// parameter is absent (an empty one is kept).
	RolloutMerge RolloutDefaults = "merge"
	// RolloutAbsent (7.x): a flexibleRollout gets rollout "100" and the
	// feature's name as groupId where absent, the project's default
	// stickiness where stickiness is absent or "".
	RolloutAbsent RolloutDefaults = "absent"
	// RolloutEmpty (8.x): as RolloutAbsent, and a groupId "" becomes the
	// feature's name too.
	RolloutEmpty RolloutDefaults = "empty"
)

// StrategyParameters are the parameters that an import of the line
// stores for a strategy named name of feature, given params (which it
// does not change; nil when absent), in a project whose default
// stickiness is stickiness ("" means "default"). It returns params itself
// when they stay as they are.
func (i Import) StrategyParameters(name, feature string, params map[string]string, stickiness string) map[string]string {
	set, n := i.StrategyDefaults(name, feature, params, stickiness)
	if n == 0 {
		return params
	}
	out := make(map[string]string, len(params)+n)
	for k, v := range params {
		out[k] = v
	}
	for _, kv := range set[:n] {
		out[kv[0]] = kv[1]
	}
	return out
}

// StrategyDefaults are the parameters that StrategyParameters sets, as
// name and value, set[:n]: at most three, none for most strategies,
// rollout before stickiness before groupId where they are set together.
func (i Import) StrategyDefaults(name, feature string, params map[string]string, stickiness string) (set [3][2]string, n int) {
	if stickiness == "" {
		stickiness = "default"
	}
	add := func(k, v string) {
		set[n] = [2]string{k, v}
		n++
	}
	st, hasSt := params["stickiness"]
	switch i.RolloutDefaults {
	case RolloutNone, RolloutMerge:
		if hasSt && st == "" {
			add("stickiness", "default")
		}
		if i.RolloutDefaults == RolloutMerge && name == "flexibleRollout" {
			for _, kv := range [...][2]string{{"rollout", "100"}, {"stickiness", stickiness}, {"groupId", feature}} {
				if _, ok := params[kv[0]]; !ok {
					add(kv[0], kv[1])
				}
			}
		}
	default:
		if name != "flexibleRollout" {
			break
		}
		if _, ok := params["rollout"]; !ok {
			add("rollout", "100")
		}
		if st == "" {
			add("stickiness", stickiness)
		}
		if g, ok := params["groupId"]; !ok || (g == "" && i.RolloutDefaults == RolloutEmpty) {
			add("groupId", feature)
		}
	}
	return set, n
}

// Limits are the default resource limits an import applies.
type Limits struct {
	Constraints, ConstraintValues, FeatureEnvironmentStrategies, FeatureFlags int
}

// Database is what a database of the line holds that the database source
// reads, beyond what every line holds, and what a fresh install has.
type Database struct {
	// LastMigration is the latest migration of the newest verified
	// release; "" for a line assigned by inference.
	LastMigration string
	// ContextFieldsProject: context_fields.project (7.4 and later).
	ContextFieldsProject bool
	// UsersSeatType: users.seat_type (7.4 and later).
	UsersSeatType bool
	// UsersCompanyRole: users.company_role and
	// users.product_updates_email_consent (7.5 and later).
	UsersCompanyRole bool
	// FeatureLink: the feature_link table (6.10 and later).
	FeatureLink bool
	// MilestoneID: feature_strategies.milestone_id and the milestone
	// tables (6.10 and later).
	MilestoneID bool
	// ProjectsArchivedAt: projects.archived_at, archived projects (6.10
	// and later).
	ProjectsArchivedAt bool
	// ProjectLinkTemplates: project_settings.link_templates (7.4 and
	// later; 7.0 to 7.3 could not be checked, and are read as they are).
	ProjectLinkTemplates bool
	// DefaultEnvironment: a fresh install has the environment "default"
	// and the deprecated built-in strategy "userWithId" (up to 6.x).
	DefaultEnvironment bool
}

// DisplayName is the name the validation shows for the permission
// name, or name itself when the line has none for it.
func (p Profile) DisplayName(name string) string {
	for _, q := range p.Permissions {
		if q.Name == name {
			return q.DisplayName
		}
	}
	return name
}

// Rank is the position of the permission name in the order the instance
// lists permissions, and len(p.Permissions) for one it does not list.
func (p Profile) Rank(name string) int {
	for i, q := range p.Permissions {
		if q.Name == name {
			return i
		}
	}
	return len(p.Permissions)
}
