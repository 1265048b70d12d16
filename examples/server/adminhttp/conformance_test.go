package adminhttp_test

import (
	"encoding/json"
	"maps"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// expectation is the answer a case must get from us.
type expectation struct {
	status int
	body   any // generic JSON, error id left out
	// detailsPrefix: the recorded 400 lists only the reference server's
	// first problem; we list every problem, so the recorded details must
	// be a prefix of ours.
	detailsPrefix bool
	// check runs extra assertions on our answer (its generic body still
	// holds the id).
	check func(t *testing.T, rec *httptest.ResponseRecorder, got map[string]any)
	// strict replays the case on the handler in strict mode.
	strict bool
}

const (
	msgUnknownToken = "You must log in to use Unleash."
	msgNeedAdmin    = `You don't have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.`
	msgWrongToken   = "invalid token: expected a different token type for this endpoint"
)

// deviations rewrite the recorded answer into ours, for the cases that
// docs/DEVIATIONS.md lists as known deviations. Each also checks
// that the recording still shows the reference server's answer.
var deviations = map[string]func(t *testing.T, ref conformance.Response) []expectation{
	"user-admin-invalid-token": unknownToken,
	"validate-invalid-token":   unknownToken,

	"user-admin-viewer-pat":        permissionError,
	"user-admin-editor-pat":        permissionError,
	"user-admin-bearer-viewer-pat": permissionError,

	"user-admin-backend-token": backendToken,
	"validate-backend-token":   backendToken,

	"validate-malformed-json": func(t *testing.T, ref conformance.Response) []expectation {
		wantRef(t, ref, 400, "message", "Expected double-quoted property name in JSON at position 22 (line 2 column 1)")
		return []expectation{{
			status: 400,
			check: func(t *testing.T, _ *httptest.ResponseRecorder, got map[string]any) {
				if got["name"] != nameBadDataError || got["message"] != msgBadData {
					t.Errorf("name, message = %v, %v; want a BadDataError", got["name"], got["message"])
				}
				details, _ := got["details"].([]any)
				if len(details) != 1 {
					t.Fatalf("details = %v; want one syntax detail", got["details"])
				}
				d, _ := details[0].(map[string]any)
				msg, _ := d["message"].(string)
				// The body is `{"project":"default",\n`: the object
				// ends where a key should start, at byte 22, line 2
				// column 1.
				if !strings.Contains(msg, "line 2, column 1") || !strings.Contains(msg, "byte 22") {
					t.Errorf("detail message %q does not name line 2, column 1 and byte 22", msg)
				}
				if _, hasPath := d["path"]; hasPath {
					t.Errorf("a syntax detail has no path: %v", d)
				}
			},
		}}
	},

	"validate-schema-project-not-string": func(t *testing.T, ref conformance.Response) []expectation {
		if ref.Status != 200 {
			t.Errorf("recording no longer answers 200 but %d", ref.Status)
		}
		return []expectation{
			{ // by default: coerced, as the reference server does
				status: 200, body: testutil.DecodeJSON(t, ref.Body),
			},
			{ // strict: refused
				status: 400, strict: true,
				body: map[string]any{
					"name":    nameBadDataError,
					"message": msgBadData,
					"details": []any{map[string]any{
						"path":    "/body/project",
						"message": "The `/body/project` property is the number 5; taken as the string \"5\"",
					}},
				},
			},
		}
	},

	"validate-get-method": func(t *testing.T, ref conformance.Response) []expectation {
		wantRef(t, ref, 404, "name", "NotFoundError")
		return []expectation{{
			status: 405,
			check: func(t *testing.T, rec *httptest.ResponseRecorder, got map[string]any) {
				if a := rec.Header().Get("Allow"); a != "POST" {
					t.Errorf("Allow = %q; want POST", a)
				}
				if got["name"] != nameMethodNotAllowedError {
					t.Errorf("name = %v; want %s", got["name"], nameMethodNotAllowedError)
				}
			},
		}}
	},
}

func unknownToken(t *testing.T, ref conformance.Response) []expectation {
	wantRef(t, ref, 401, "name", "UnauthorizedError")
	return []expectation{{status: 401, body: errorBody(nameAuthenticationRequired, msgUnknownToken, nil)}}
}

func permissionError(t *testing.T, ref conformance.Response) []expectation {
	wantRef(t, ref, 403, "name", "PermissionError")
	body := testutil.DecodeJSON(t, ref.Body).(map[string]any)
	delete(body, "id")
	body["name"] = nameNoAccessError
	if body["message"] != msgNeedAdmin {
		t.Errorf("recorded message changed: %v", body["message"])
	}
	return []expectation{{status: 403, body: body}}
}

func backendToken(t *testing.T, ref conformance.Response) []expectation {
	wantRef(t, ref, 403, "message", msgWrongToken)
	return []expectation{{status: 403, body: errorBody(nameNoAccessError, msgWrongToken, nil)}}
}

// wantRef checks that the recording still shows the reference's answer
// that a deviation replaces.
func wantRef(t *testing.T, ref conformance.Response, status int, member, value string) {
	t.Helper()
	var body map[string]any
	_ = json.Unmarshal(ref.Body, &body)
	if ref.Status != status || body[member] != value {
		t.Errorf("recording changed: status %d, %s %v; the deviation expects %d, %q", ref.Status, member, body[member], status, value)
	}
}

// errorBody is the generic form of an error body without its id.
func errorBody(name, message string, extra map[string]any) map[string]any {
	b := map[string]any{"name": name, "message": message, "details": []any{map[string]any{"message": message}}}
	maps.Copy(b, extra)
	return b
}

// TestConformance replays every recorded request through the handler with
// the state of oracle-state.json and compares status, content type and
// body (as generic JSON, error ids aside: they must be UUID v4s) with the
// recorded answer, or with ours where docs/DEVIATIONS.md lists a deviation.
func TestConformance(t *testing.T) {
	snap := oracleSnapshot(t)
	plain := newHandler(t, snap, setup{})
	strict := newHandler(t, snap, setup{strict: true})

	seen := map[string]bool{}
	for _, c := range conformance.MustLoad(t, "*") {
		name, req, ref := c.Name, c.Request, c.Response
		seen[name] = true
		t.Run(name, func(t *testing.T) {

			var exps []expectation
			if dev, ok := deviations[name]; ok {
				exps = dev(t, ref)
			} else {
				body := testutil.DecodeJSON(t, ref.Body)
				if m, ok := body.(map[string]any); ok {
					delete(m, "id")
				}
				exps = []expectation{{status: ref.Status, body: body, detailsPrefix: ref.Status == 400}}
			}
			for _, exp := range exps {
				h := plain
				if exp.strict {
					h = strict
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req.HTTP())
				checkAnswer(t, rec, ref.ContentType, exp)
			}
		})
	}
	for name := range deviations {
		if !seen[name] {
			t.Errorf("deviation %s has no recorded case", name)
		}
	}
	respFiles, _ := filepath.Glob(filepath.Join(conformance.Dir(), "recorded", "*.response.json"))
	if len(respFiles) != len(seen) {
		t.Errorf("%d recorded answers for %d recorded requests", len(respFiles), len(seen))
	}
}

func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder, contentType string, exp expectation) {
	t.Helper()
	if rec.Code != exp.status {
		t.Errorf("status = %d; want %d (body %s)", rec.Code, exp.status, rec.Body.Bytes())
	}
	if ct := rec.Header().Get("Content-Type"); ct != contentType {
		t.Errorf("Content-Type = %q; want %q", ct, contentType)
	}
	got, ok := testutil.DecodeJSON(t, rec.Body.Bytes()).(map[string]any)
	if !ok {
		t.Fatalf("body is not an object: %s", rec.Body.Bytes())
	}
	if rec.Code >= 400 {
		if id, _ := got["id"].(string); !testutil.IsUUIDv4(id) {
			t.Errorf("error id %q is not a UUID v4", got["id"])
		}
	}
	if exp.check != nil {
		exp.check(t, rec, got)
	}
	if exp.body == nil {
		return
	}
	delete(got, "id")
	want := exp.body
	if exp.detailsPrefix {
		want = trimDetails(t, want, got)
	}
	if diff := cmp.Diff(want, any(got)); diff != "" {
		t.Errorf("body differs (-want +got):\n%s", diff)
	}
}

// trimDetails returns got's details cut to the length of want's, after
// checking that got has at least as many: we list every problem where the
// reference lists its first.
func trimDetails(t *testing.T, want any, got map[string]any) any {
	t.Helper()
	w, _ := want.(map[string]any)
	wd, _ := w["details"].([]any)
	gd, _ := got["details"].([]any)
	if len(gd) < len(wd) {
		t.Errorf("%d details; want at least the %d recorded", len(gd), len(wd))
		return want
	}
	got["details"] = slices.Clone(gd[:len(wd)])
	return want
}
