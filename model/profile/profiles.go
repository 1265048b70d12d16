package profile

import "slices"

// The lines of releases, oldest first. Each profile is built from the one
// before it and changes what the line changed.

// All returns the profiles, oldest first.
func All() []Profile {
	p := v512()
	all := []Profile{p}
	for _, l := range lines() {
		p = p.clone()
		p.Name, p.Range, p.Verified = l.name, l.versions, l.verified
		l.change(&p)
		all = append(all, p)
	}
	return all
}

// line is a line of releases after 5.12: its Name, Range and Verified,
// and what it changed of the line before it.
type line struct {
	name, versions string
	verified       []string
	change         func(p *Profile)
}

// lines are the lines after 5.12, oldest first.
func lines() []line {
	return []line{
		{"6.10", ">=6.0.0 <7.0.0", []string{"6.10.1"}, v610},
		{"7.0", ">=7.0.0 <7.4.0", nil, v70},
		{"7.4", ">=7.4.0 <7.5.0", []string{"7.4.1"}, v74},
		{"7.5", ">=7.5.0 <7.6.0", []string{"7.5.1"}, v75},
		{"7.6", ">=7.6.0 <8.0.0", []string{"7.6.5"}, v76},
		{"8", ">=8.0.0 <9.0.0", []string{"8.2.0"}, v8},
	}
}

// Default is the profile of DefaultVersion, the version assumed when
// nothing says which an instance is.
func Default() Profile {
	all := All()
	return all[len(all)-1]
}

// Named returns the profile named name ("5.12", ..., "8"), and false for
// none.
func Named(name string) (Profile, bool) {
	for _, p := range All() {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// operators15 are the constraint operators of 5.12 to 7.4, in the enum's
// order.
func operators15() []string {
	return []string{"NOT_IN", "IN", "STR_ENDS_WITH", "STR_STARTS_WITH", "STR_CONTAINS",
		"NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT", "NUM_LTE", "DATE_AFTER", "DATE_BEFORE",
		"SEMVER_EQ", "SEMVER_GT", "SEMVER_LT"}
}

func v512() Profile {
	return Profile{
		Name: "5.12", Range: ">=5.12.0 <6.0.0", Verified: []string{"5.12.8"}, NodeMajor: 20,
		// The physical order of a fresh 5.12 permissions table.
		Permissions: []Permission{
			{"CREATE_FEATURE", "Create feature toggles"},
			{"UPDATE_FEATURE", "Update feature toggles"},
			{"CREATE_CONTEXT_FIELD", "Create context fields"},
			{"CREATE_FEATURE_STRATEGY", "Create activation strategies"},
			{"DELETE_FEATURE_STRATEGY", "Delete activation strategies"},
			{"UPDATE_FEATURE_ENVIRONMENT_VARIANTS", "Update variants"},
			{"CREATE_TAG_TYPE", "Create tag types"},
		},
		Errors: ErrorStyle{DetailDescription: true, PathPrefix: "", ControllerErrorsHaveID: true},
		Users:  UserListing{IsAPI: true, InvalidEmailFailsListing: true},
		Schema: Schema{Name: "5.12.8", Operators: operators15(), DeprecatedMembers: true},
		Import: Import{DependencyProject: "file", ConstraintContextMustExist: true, RolloutDefaults: RolloutNone,
			StickinessInStore: true, DescriptionAsGiven: true, MaxBody: DefaultMaxBody},
		Database: Database{LastMigration: "/20240430075605-add-scim-external-id", DefaultEnvironment: true},
	}
}

func v610(p *Profile) {
	// The rename of 6.x moved the two feature rows to the end of the
	// table's first page.
	p.Permissions = []Permission{
		{"CREATE_CONTEXT_FIELD", "Create context fields"},
		{"CREATE_FEATURE_STRATEGY", "Create activation strategies"},
		{"DELETE_FEATURE_STRATEGY", "Delete activation strategies"},
		{"UPDATE_FEATURE_ENVIRONMENT_VARIANTS", "Update variants"},
		{"CREATE_FEATURE", "Create feature flags"},
		{"UPDATE_FEATURE", "Update feature flags"},
		{"CREATE_TAG_TYPE", "Create tag types"},
	}
	p.Errors = ErrorStyle{PathPrefix: "/body", ControllerErrorsHaveID: true}
	p.Users.InvalidEmailFailsListing = false
	p.Schema.Name = "6.10.1"
	p.Schema.TagTypeColor, p.Schema.TagBounds, p.Schema.FeatureMetadata, p.Schema.Milestones = true, true, true, true
	p.Import.Limits = &Limits{Constraints: 30, ConstraintValues: 250, FeatureEnvironmentStrategies: 30, FeatureFlags: 5000}
	p.Import.RolloutDefaults, p.Import.DescriptionAsGiven = RolloutMerge, false
	p.Database.LastMigration = "/20250506074807-feature-link-table"
	p.Database.FeatureLink, p.Database.MilestoneID = true, true
	p.Database.ProjectsArchivedAt = true
	p.AdminAPI.SearchArchived = true
	p.AdminAPI.EventSearch = true
	p.AdminAPI.ArchiveDefaultOnly = true
	p.AdminAPI.ExportEnvironmentEnabled = true
}

// v70 is 7.0 to 7.3, which could not be run: links, the user listing
// without isAPI, the backend token type and fresh installs without the
// environment "default" come with 7.0; the rest is assigned as 7.4 has it
// but for what 7.4 adds.
func v70(p *Profile) {
	p.NodeMajor = 22
	p.Users.IsAPI = false
	p.Tokens.BackendType = true
	p.Schema.Name = "7.0"
	p.Schema.ReleasePlans, p.Schema.DataLinks = true, true
	p.Import.Links = true
	p.Import.ConstraintContextMustExist = false
	p.Import.RolloutDefaults, p.Import.StickinessInStore, p.Import.OrderedTies = RolloutAbsent, false, true
	p.AdminAPI.PlaygroundStrategyIDs = true
	p.AdminAPI.ExportEnvironmentEnabled = false
	p.Database.LastMigration = ""
	p.Database.DefaultEnvironment = false
}

func v74(p *Profile) {
	p.Errors.ControllerErrorsHaveID = false
	p.Schema.Name = "7.4.1"
	p.Schema.ContextFieldProject = true
	p.Import.ContextFieldProject, p.Import.ScopedContextFields = true, true
	p.Database.LastMigration = "/20260119100647-add-api-key-revision-id-to-edge-observability"
	p.Database.ContextFieldsProject, p.Database.UsersSeatType = true, true
	p.Database.ProjectLinkTemplates = true
}

func v75(p *Profile) {
	p.Users.CompanyRole, p.Users.ProductUpdatesEmailConsent = true, true
	p.Schema.Name = "7.5.1"
	p.Schema.Operators = append(operators15(), "REGEX")
	p.Database.LastMigration = "/20260303132225-add-milestone-strategies-disabled"
	p.Database.UsersCompanyRole = true
}

func v76(p *Profile) {
	p.Users.SeatType = true
	p.Schema.Name = "7.6.5"
	p.Schema.Safeguards = true
	p.Database.LastMigration = "/20260406161629-user-access-requests-unique-email"
}

func v8(p *Profile) {
	p.Tokens.HashedTokens = true
	p.Schema.Name = "8.2.0"
	p.Schema.Operators = append(operators15(), "SEMVER_GTE", "SEMVER_LTE", "REGEX")
	p.Schema.ConstraintValueMinLength = true
	p.Schema.DeprecatedMembers = false
	p.Import.DependencyProject = "target"
	p.Import.RolloutDefaults = RolloutEmpty
	p.Import.SingleValueRequired = true
	p.Database.LastMigration = "/20260902120000-add-user-agent-to-login-history"
}

// clone copies p so that the next line's changes leave it as it is.
func (p Profile) clone() Profile {
	p.Verified = slices.Clone(p.Verified)
	p.Permissions = slices.Clone(p.Permissions)
	p.Schema.Operators = slices.Clone(p.Schema.Operators)
	if p.Import.Limits != nil {
		l := *p.Import.Limits
		p.Import.Limits = &l
	}
	return p
}
