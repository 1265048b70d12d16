package unleashdb

import (
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/model/profile"
)

// optionalRead is a table or column this package reads where the
// database's Unleash version has it, and what the queries read instead
// where it does not.
type optionalRead struct {
	table, column string // column "" for the whole table
	// since says whether the version's database has it: there it is
	// required.
	since func(profile.Database) bool
	// replace holds pairs: where the database lacks the table or column,
	// each query's text replace[i] is replaced by replace[i+1].
	replace []string
}

// optionalReads are the reads of the newer versions' tables and columns.
func optionalReads() []optionalRead {
	return []optionalRead{
		{"context_fields", "project", func(d profile.Database) bool { return d.ContextFieldsProject }, []string{
			"legal_values::text, project FROM context_fields", "legal_values::text, NULL::text FROM context_fields"}},
		{"users", "seat_type", func(d profile.Database) bool { return d.UsersSeatType }, []string{
			"u.seat_type,", "NULL::text,"}},
		{"users", "company_role", func(d profile.Database) bool { return d.UsersCompanyRole }, []string{
			"u.company_role,", "NULL::text,"}},
		{"users", "product_updates_email_consent", func(d profile.Database) bool { return d.UsersCompanyRole }, []string{
			"u.product_updates_email_consent,", "NULL::boolean,"}},
		{"feature_strategies", "milestone_id", func(d profile.Database) bool { return d.MilestoneID }, []string{
			" AND fs.milestone_id IS NULL", "",
			" AND fs.milestone_id IS NOT NULL)", " AND false)",
			"FILTER (WHERE milestone_id IS NOT NULL)", "FILTER (WHERE false)"}},
		{"project_settings", "link_templates", func(d profile.Database) bool { return d.ProjectLinkTemplates }, []string{
			"SELECT link_templates::text FROM project_settings", "SELECT NULL::text FROM project_settings",
			"ps.link_templates::text", "NULL::text"}},
		{"projects", "archived_at", func(d profile.Database) bool { return d.ProjectsArchivedAt }, []string{
			"SELECT archived_at IS NOT NULL FROM projects", "SELECT false FROM projects",
			"p.archived_at IS NOT NULL,", "false,"}},
		{"feature_link", "", func(d profile.Database) bool { return d.FeatureLink }, []string{
			"FROM feature_link WHERE", "FROM (SELECT ''::text AS feature_name, ''::text AS url, NULL::text AS title, 0 AS id) feature_link WHERE false AND"}},
	}
}

// optionalTables are the tables of optionalReads.
func optionalTables() []string {
	var out []string
	for _, o := range optionalReads() {
		out = append(out, o.table)
	}
	return out
}

// resolveVersion chooses the database's version: the override when
// given, else the version whose latest migration the database has (last).
func resolveVersion(override, last string) (profile.Resolved, error) {
	if override != "" {
		r, err := profile.Resolve(override, profile.FromOverride)
		if err != nil {
			return r, fmt.Errorf("unleashdb: Options.Version: %w", err)
		}
		return r, nil
	}
	v, ok := profile.FromMigration(last)
	if !ok {
		oldest := profile.All()[0]
		return profile.Resolved{}, &UnsupportedSchemaError{Found: fmt.Sprintf("latest migration %q is older than Unleash %s's %q, the oldest supported",
			last, oldest.Newest(), oldest.Database.LastMigration)}
	}
	return profile.Resolve(v, profile.FromDatabase)
}

// versionReads returns, for a database of version r with the columns
// have, the optional reads it lacks although its version has them
// (missing, as "table" or "table.column") and the replacer of the queries
// for those it lacks and its version does not have.
func versionReads(r profile.Resolved, have map[string]map[string]catalogColumn) (missing []string, shim *strings.Replacer) {
	var pairs []string
	for _, o := range optionalReads() {
		present := have[o.table] != nil && (o.column == "" || hasColumn(have[o.table], o.column))
		name := o.table
		if o.column != "" {
			name += "." + o.column
		}
		switch {
		case present:
		case o.since(r.Profile.Database):
			missing = append(missing, name)
		default:
			pairs = append(pairs, o.replace...)
		}
	}
	if len(pairs) > 0 {
		shim = strings.NewReplacer(pairs...)
	}
	return missing, shim
}

func hasColumn(cols map[string]catalogColumn, c string) bool {
	_, ok := cols[c]
	return ok
}

// Version is the database's Unleash version and the profile that answers
// for it: Options.Version when given, else read from the latest
// migration.
func (db *DB) Version() profile.Resolved { return db.version }

// adapt rewrites query for a database without some of the tables and
// columns of the newest versions.
func (db *DB) adapt(query string) string {
	if db.shim == nil {
		return query
	}
	return db.shim.Replace(query)
}
