package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// VersionsDir returns the directory of the per-version recordings,
// testdata/versions: one directory per Unleash version, named for it
// (such as 5.12.8), holding state.json, server.json and recorded/.
func VersionsDir() string { return filepath.Join(Dir(), "..", "versions") }

// VersionDir returns the directory of version's recordings.
func VersionDir(version string) string { return filepath.Join(VersionsDir(), version) }

// VersionStatePath returns the path of the state snapshot that version's
// answers were recorded against.
func VersionStatePath(version string) string {
	return filepath.Join(VersionDir(version), "state.json")
}

// VersionServerPath returns the path of server.json, which says what
// answered (see ServerInfo).
func VersionServerPath(version string) string {
	return filepath.Join(VersionDir(version), "server.json")
}

// ServerInfo describes the server whose answers a version's directory
// holds.
type ServerInfo struct {
	// Version is the version the server reported (GET
	// /api/admin/ui-config, member version).
	Version string `json:"version"`
	// Node is the version of node it ran on (node --version), on which
	// the wording of malformed-JSON errors depends.
	Node string `json:"node"`
	// ClientTokenType is the api_tokens type of the state's client token
	// in that version's database.
	ClientTokenType string `json:"clientTokenType"`
}

// RecordedVersions returns the versions that have a directory under
// VersionsDir, oldest first.
func RecordedVersions() ([]string, error) {
	entries, err := os.ReadDir(VersionsDir())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && versionKey(e.Name()) != nil {
			out = append(out, e.Name())
		}
	}
	slices.SortFunc(out, CompareVersions)
	return out, nil
}

// CompareVersions orders two versions of the form MAJOR.MINOR.PATCH by
// their numbers; other strings come after them, in byte order.
func CompareVersions(a, b string) int {
	ka, kb := versionKey(a), versionKey(b)
	switch {
	case ka == nil && kb == nil:
		return strings.Compare(a, b)
	case ka == nil:
		return 1
	case kb == nil:
		return -1
	}
	return slices.Compare(ka, kb)
}

// versionKey returns the numbers of a MAJOR.MINOR.PATCH version, nil for
// anything else.
func versionKey(v string) []int {
	parts := strings.Split(v, ".")
	if len(parts) != 3 {
		return nil
	}
	key := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || strconv.Itoa(n) != p {
			return nil
		}
		key[i] = n
	}
	return key
}

// LoadVersion reads the cases recorded on version whose names match the
// glob pattern, in name order.
func LoadVersion(version, pattern string) ([]Case, error) {
	if versionKey(version) == nil {
		return nil, fmt.Errorf("%q is not a version such as 8.2.0", version)
	}
	return LoadDir(filepath.Join(VersionDir(version), "recorded"), pattern)
}

// VersionState decodes version's state.json strictly.
func VersionState(version string) (*model.Snapshot, error) {
	if versionKey(version) == nil {
		return nil, fmt.Errorf("%q is not a version such as 8.2.0", version)
	}
	return ReadState(VersionStatePath(version))
}

// VersionServer reads version's server.json.
func VersionServer(version string) (ServerInfo, error) {
	var info ServerInfo
	if versionKey(version) == nil {
		return info, fmt.Errorf("%q is not a version such as 8.2.0", version)
	}
	err := readJSON(VersionServerPath(version), &info)
	return info, err
}

// MustLoadVersion is LoadVersion for a test.
func MustLoadVersion(tb testing.TB, version, pattern string) []Case {
	tb.Helper()
	cs, err := LoadVersion(version, pattern)
	if err != nil {
		tb.Fatalf("recorded cases of Unleash %s (testdata/versions): %v", version, err)
	}
	return cs
}

// MustVersionState is VersionState for a test.
func MustVersionState(tb testing.TB, version string) *model.Snapshot {
	tb.Helper()
	s, err := VersionState(version)
	if err != nil {
		tb.Fatalf("recorded state of Unleash %s (testdata/versions): %v", version, err)
	}
	return s
}

// EncodeRequest returns the request file of r: method, path, headers
// (indented) and the body on one line (compact), or rawBody.
func EncodeRequest(r Request) ([]byte, error) {
	var b strings.Builder
	b.WriteString("{\n")
	field := func(name string, v any, last bool) error {
		enc, err := marshal(v, "  ", true)
		if err != nil {
			return fmt.Errorf("request %s: %w", name, err)
		}
		fmt.Fprintf(&b, "  %q: %s", name, enc)
		if !last {
			b.WriteString(",")
		}
		b.WriteString("\n")
		return nil
	}
	hasBody := r.RawBody != nil || len(r.Body) > 0
	if err := field("method", r.Method, false); err != nil {
		return nil, err
	}
	if err := field("path", r.Path, false); err != nil {
		return nil, err
	}
	if err := field("headers", r.Headers, !hasBody); err != nil {
		return nil, err
	}
	switch {
	case r.RawBody != nil:
		if err := field("rawBody", *r.RawBody, true); err != nil {
			return nil, err
		}
	case len(r.Body) > 0:
		enc, err := marshal(r.Body, "", false)
		if err != nil {
			return nil, fmt.Errorf("request body: %w", err)
		}
		fmt.Fprintf(&b, "  \"body\": %s\n", enc)
	}
	b.WriteString("}\n")
	return []byte(b.String()), nil
}

// EncodeResponse returns the response file of r, indented, its body's
// members in their order.
func EncodeResponse(r Response) ([]byte, error) {
	enc, err := marshal(r, "", true)
	if err != nil {
		return nil, fmt.Errorf("response: %w", err)
	}
	return []byte(enc + "\n"), nil
}

// marshal encodes v without HTML escapes: indented by two spaces, each
// line after the first starting with prefix, or compact.
func marshal(v any, prefix string, indent bool) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent(prefix, "  ")
	}
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
