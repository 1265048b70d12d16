// Package statefile loads a state snapshot file (the format of
// model.Snapshot) for the example commands and validatetest, and reports a
// bad file the way an import file's problems are reported: as
// FILE:LINE:COL: message.
package statefile

import (
	"context"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model"
)

// Load decodes the snapshot in the file at path, or returns the embedded
// default state when path is "". The file must be a regular file of at
// most limit bytes (readfile.DefaultLimit when limit <= 0); ctx ends the
// read.
func Load(ctx context.Context, path string, limit int64) (*model.Snapshot, error) {
	if path == "" {
		return model.DefaultSnapshot()
	}
	b, err := readfile.File(ctx, path, limit)
	if err != nil {
		return nil, fmt.Errorf("state file %w", err)
	}
	return Decode(path, b)
}

// Decode decodes the snapshot b read from the file name. A problem of the
// document is an error of the form "name:line:col: pointer: message", or
// "name: message" when it has no place.
func Decode(name string, b []byte) (*model.Snapshot, error) {
	s, err := model.DecodeSnapshot(b)
	if err == nil {
		return s, nil
	}
	if kind := otherDocument(b); kind != "" {
		return nil, fmt.Errorf("%s is %s, not a state snapshot. A state snapshot describes the instance to check against: "+
			`{"projects": [{"id": "default"}], "environments": [{"name": "production"}], "features": [...], "strategies": [...], ...} `+
			"(docs/SNAPSHOT.md); 'flagadmin snapshot -database URL' or 'flagadmin snapshot -unleash URL' writes one", name, kind)
	}
	var de *model.DecodeError
	if !errors.As(err, &de) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	where, l := name, de.Location
	if l.Line > 0 {
		where = fmt.Sprintf("%s:%d:%d", name, l.Line, l.Column)
	}
	if l.Pointer != "" {
		return nil, fmt.Errorf("%s: %s: %s%s", where, l.Pointer, de.Msg, memberHint(l.Pointer, de.Members))
	}
	return nil, fmt.Errorf("%s: %s", where, de.Msg)
}

// snapshotMembers are the top-level members of a snapshot that no export
// or import request body has.
var snapshotMembers = []string{"projects", "environments", "strategies", "roles", "users", "tokens", "featureConfigs", "projectDefaults"}

// IsSnapshot reports whether b is recognisably a state snapshot rather
// than an export or an import request body: an object with a member only
// snapshots have, and none only those have. It reads the top-level
// member names only.
func IsSnapshot(b []byte) bool {
	return jsonwire.HasMember(b, snapshotMembers...) && otherDocument(b) == ""
}

// otherDocument names the kind of document b is when it is an export or an
// import request body, by the top-level members only they have; "" else.
func otherDocument(b []byte) string {
	switch {
	case jsonwire.HasMember(b, "data", "project", "environment"):
		return "an import request body"
	case jsonwire.HasMember(b, "featureStrategies", "featureEnvironments", "featureTags", "dependencies", "links"):
		return "a feature export"
	}
	return ""
}

// memberHint is, for an unknown member at pointer close to one of the
// members its object names, "; did you mean \"name\"?", else "".
func memberHint(pointer string, members []string) string {
	name := jsonwire.UnescapeToken(jsonwire.LastToken(pointer))
	if near := suggest.Nearest(name, members); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}
