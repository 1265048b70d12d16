// Package conformance loads the module's copy of the reference server's
// recorded answers (testdata/conformance): the state behind them and each
// recorded request with its response; and the answers of every Unleash
// version the module answers as (testdata/versions/VERSION), in the same
// format, each with the state it was recorded against. The tests of every
// package that replays them share it.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// Dir returns the directory of the recorded material, found from this
// file's place in the module.
func Dir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return filepath.Join("testdata", "conformance")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "conformance")
}

// StatePath returns the path of oracle-state.json, the state snapshot of
// the reference server when it answered.
func StatePath() string { return filepath.Join(Dir(), "oracle-state.json") }

// Request is a recorded request.
type Request struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Headers map[string]string `json:"headers"`
	// Body is the JSON body; RawBody, when set, the body's exact bytes
	// instead (a body that is no JSON, or none).
	Body    json.RawMessage `json:"body"`
	RawBody *string         `json:"rawBody"`
}

// Payload returns the bytes the request sent as its body.
func (r Request) Payload() []byte {
	if r.RawBody != nil {
		return []byte(*r.RawBody)
	}
	return []byte(r.Body)
}

// Header returns the value of the header named name, ignoring case, or ""
// when the request has none.
func (r Request) Header(name string) string {
	for k, v := range r.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// HTTP returns the request as a server receives it.
func (r Request) HTTP() *http.Request {
	req := httptest.NewRequest(r.Method, r.Path, bytes.NewReader(r.Payload()))
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	return req
}

// Response is a recorded response.
type Response struct {
	Status      int             `json:"status"`
	ContentType string          `json:"contentType"`
	Body        json.RawMessage `json:"body"`
}

// Case is one recorded exchange, named by its files' common stem (such as
// "validate-minimal").
type Case struct {
	Name     string
	Request  Request
	Response Response
}

// Load reads the recorded cases whose names match the glob pattern (such
// as "validate-*", or "*" for all), in name order.
func Load(pattern string) ([]Case, error) {
	return LoadDir(filepath.Join(Dir(), "recorded"), pattern)
}

// LoadDir reads the cases of the directory dir (NAME.request.json and
// NAME.response.json files) whose names match pattern, in name order.
func LoadDir(dir, pattern string) ([]Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, pattern+".request.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no recorded case %q in %s", pattern, dir)
	}
	out := make([]Case, 0, len(files))
	for _, f := range files {
		c := Case{Name: strings.TrimSuffix(filepath.Base(f), ".request.json")}
		if err := readJSON(f, &c.Request); err != nil {
			return nil, err
		}
		if err := readJSON(filepath.Join(dir, c.Name+".response.json"), &c.Response); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// State decodes oracle-state.json strictly.
func State() (*model.Snapshot, error) { return ReadState(StatePath()) }

// ReadState decodes the state snapshot file at path strictly.
func ReadState(path string) (*model.Snapshot, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := model.DecodeSnapshot(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// MustLoad is Load for a test: it fails tb when the cases cannot be read.
func MustLoad(tb testing.TB, pattern string) []Case {
	tb.Helper()
	cs, err := Load(pattern)
	if err != nil {
		tb.Fatalf("recorded cases (testdata/conformance): %v", err)
	}
	return cs
}

// MustState is State for a test: it fails tb when the state cannot be
// read.
func MustState(tb testing.TB) *model.Snapshot {
	tb.Helper()
	s, err := State()
	if err != nil {
		tb.Fatalf("recorded state (testdata/conformance): %v", err)
	}
	return s
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
