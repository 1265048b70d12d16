package instance

import (
	"context"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model"
)

// FromFile reads the state snapshot file at path (ReadSnapshot, of at
// most 256 MiB) and holds it in memory (FromSnapshot).
func FromFile(ctx context.Context, path string) (*Instance, error) {
	s, err := ReadSnapshot(ctx, path, 0)
	if err != nil {
		return nil, err
	}
	i, err := FromSnapshot(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return i, nil
}

// ReadSnapshot reads and decodes the state snapshot file at path (the
// format of model.Snapshot, docs/SNAPSHOT.md) and reports a bad file the
// way an import file's problems are reported: a problem of the document
// is an error of the form "path:line:col: pointer: message", or "path:
// message" when it has no place; a feature export or an import request
// body given in place of a snapshot is named as such. The file must be a
// regular file of at most maxSize bytes (256 MiB when maxSize <= 0); ctx
// ends the read.
func ReadSnapshot(ctx context.Context, path string, maxSize int64) (*model.Snapshot, error) {
	b, err := readfile.File(ctx, path, maxSize)
	if err != nil {
		return nil, fmt.Errorf("state file %w", err)
	}
	return decodeSnapshot(path, b)
}

// decodeSnapshot decodes the snapshot b read from the file name, with
// the errors of ReadSnapshot.
func decodeSnapshot(name string, b []byte) (*model.Snapshot, error) {
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
// than a feature export or an import request body: an object with a
// member only snapshots have, and none only those have. It reads the
// top-level member names only.
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
