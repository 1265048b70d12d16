package unleashdb_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/pgtest"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestOpenRefusesUnknownSchema: Open refuses a database it does not know,
// naming what it found.
func TestOpenRefusesUnknownSchema(t *testing.T) {
	c := pgtest.Need(t, &env)
	tests := []struct {
		name  string
		setup string
		want  []string
	}{
		{"empty database", "", []string{"no migrations table"}},
		{"no migrations", `DELETE FROM migrations;`, []string{"migrations table is empty"}},
		{"older Unleash", `DELETE FROM migrations WHERE name >= '/2026';`, []string{"latest migration", "older than Unleash 8.2.0"}},
		{"missing column", `ALTER TABLE features DROP COLUMN archived_at CASCADE; ALTER TABLE role_permission DROP COLUMN environment CASCADE;`,
			[]string{"missing columns features.archived_at, role_permission.environment"}},
		{"missing table", `DROP TABLE personal_access_tokens;`, []string{"missing tables personal_access_tokens"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var name string
			if tt.setup == "" {
				name = "empty_" + strings.ReplaceAll(strings.ToLower(t.Name()), "/", "_")
				if err := c.CreateDB(context.Background(), name, ""); err != nil {
					t.Fatal(err)
				}
			} else {
				name = cloneDB(t)
				exec(t, name, tt.setup)
			}
			db, err := unleashdb.Open(context.Background(), c.URL(name), unleashdb.Options{})
			if err == nil {
				db.Close()
				t.Fatal("Open accepted the database")
			}
			var use *unleashdb.UnsupportedSchemaError
			if !errors.As(err, &use) {
				t.Errorf("error %v is no *UnsupportedSchemaError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}
