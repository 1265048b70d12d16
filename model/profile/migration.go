package profile

import "strings"

// FromMigration returns the version of a database whose latest migration
// is last (such as "/20250506074807-feature-link-table"): the newest
// verified release whose own latest migration the database has. Each
// release's migrations extend the previous release's, so the names order
// databases. It returns false for a database older than 5.12.8's latest
// migration. A database of a release between two verified ones (7.0 to
// 7.3 after 6.10.1) is reported as the older.
func FromMigration(last string) (version string, ok bool) {
	all := All()
	for i := len(all) - 1; i >= 0; i-- {
		p := all[i]
		if p.Database.LastMigration == "" {
			continue
		}
		if MigrationStamp(last) >= MigrationStamp(p.Database.LastMigration) {
			return p.Verified[len(p.Verified)-1], true
		}
	}
	return "", false
}

// MigrationStamp returns the timestamp prefix of a migration name such as
// "/20260902120000-add-...", or the name itself when it has none.
func MigrationStamp(name string) string {
	s := strings.TrimPrefix(name, "/")
	if i := strings.IndexByte(s, '-'); i > 0 {
		return s[:i]
	}
	return s
}
