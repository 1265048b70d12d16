package unleashdb

import "github.com/flagadmin/flagadmin/instance"

// Instance is db as one source of the instance's state: its State,
// Tokens and Users are db, and closing it closes db.
func (db *DB) Instance() *instance.Instance {
	return &instance.Instance{State: db, Tokens: db, Users: db, OnClose: db.Close, Version: db.version}
}
