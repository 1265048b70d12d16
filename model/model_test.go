package model_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/model"
)

func TestOperatorValid(t *testing.T) {
	all := []string{"NOT_IN", "IN", "STR_ENDS_WITH", "STR_STARTS_WITH", "STR_CONTAINS",
		"NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT", "NUM_LTE", "DATE_AFTER", "DATE_BEFORE",
		"SEMVER_EQ", "SEMVER_GT", "SEMVER_LT", "SEMVER_GTE", "SEMVER_LTE", "REGEX"}
	for _, s := range all {
		if !model.Operator(s).Valid() {
			t.Errorf("%s: not valid", s)
		}
	}
	ops := model.Operators()
	if len(ops) != len(all) {
		t.Errorf("Operators() has %d, want %d", len(ops), len(all))
	}
	for i, op := range ops {
		if i < len(all) && string(op) != all[i] {
			t.Errorf("Operators()[%d] = %s, want %s", i, op, all[i])
		}
	}
	for _, s := range []string{"", "in", "In", " IN", "IN ", "STR_MATCHES", "NUM_NE", "SEMVER", "regex", "DATE_EQ"} {
		if model.Operator(s).Valid() {
			t.Errorf("%q: valid", s)
		}
	}
}

func TestWeightTypeValid(t *testing.T) {
	checkValid(t,
		[]model.WeightType{model.WeightFix, model.WeightVariable, "fix", "variable"},
		[]model.WeightType{"", "Fix", "fixed", "VARIABLE"})
}

func TestPayloadTypeValid(t *testing.T) {
	checkValid(t,
		[]model.PayloadType{model.PayloadJSON, model.PayloadCSV, model.PayloadString, model.PayloadNumber,
			"json", "csv", "string", "number"},
		[]model.PayloadType{"", "JSON", "boolean", "text"})
}

func TestLifecycleStageValid(t *testing.T) {
	checkValid(t,
		[]model.LifecycleStage{model.StageInitial, model.StagePreLive, model.StageLive,
			model.StageCompleted, model.StageArchived,
			"initial", "pre-live", "live", "completed", "archived"},
		[]model.LifecycleStage{"", "prelive", "pre_live", "Live", "deleted"})
}

// checkValid fails t unless Valid holds for every value of valid and for
// none of invalid.
func checkValid[T interface {
	~string
	Valid() bool
}](t *testing.T, valid, invalid []T) {
	t.Helper()
	for _, v := range valid {
		if !v.Valid() {
			t.Errorf("%q: Valid() = false", v)
		}
	}
	for _, v := range invalid {
		if v.Valid() {
			t.Errorf("%q: Valid() = true", v)
		}
	}
}

type nullables struct {
	S model.Nullable[string]    `json:"s,omitzero"`
	N model.Nullable[int64]     `json:"n,omitzero"`
	T model.Nullable[time.Time] `json:"t,omitzero"`
	L model.Nullable[[]string]  `json:"l,omitzero"`
}

func TestNullableRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name, in, out string
		check         func(t *testing.T, v nullables)
	}{
		{"absent", `{}`, `{}`, func(t *testing.T, v nullables) {
			if v.S.Present || v.S.Valid || !v.S.IsZero() || v.S.IsNull() {
				t.Errorf("s = %+v", v.S)
			}
		}},
		{"null", `{"s":null,"n":null,"t":null,"l":null}`, `{"s":null,"n":null,"t":null,"l":null}`, func(t *testing.T, v nullables) {
			if !v.S.Present || v.S.Valid || v.S.IsZero() || !v.S.IsNull() {
				t.Errorf("s = %+v", v.S)
			}
			if !v.N.IsNull() || !v.T.IsNull() || !v.L.IsNull() {
				t.Errorf("%+v", v)
			}
		}},
		{"values", `{"s":"x","n":42,"t":"2024-05-01T12:00:00.5Z","l":["a"]}`, `{"s":"x","n":42,"t":"2024-05-01T12:00:00.5Z","l":["a"]}`, func(t *testing.T, v nullables) {
			if s, ok := v.S.Get(); !ok || s != "x" || v.S.IsZero() || v.S.IsNull() {
				t.Errorf("s = %+v", v.S)
			}
			if n, ok := v.N.Get(); !ok || n != 42 {
				t.Errorf("n = %+v", v.N)
			}
			if !v.T.Value.Equal(time.Date(2024, 5, 1, 12, 0, 0, 5e8, time.UTC)) {
				t.Errorf("t = %v", v.T.Value)
			}
		}},
		{"zero values are values", `{"s":"","n":0,"l":[]}`, `{"s":"","n":0,"l":[]}`, func(t *testing.T, v nullables) {
			if !v.S.Valid || !v.N.Valid || !v.L.Valid || v.L.Value == nil {
				t.Errorf("%+v", v)
			}
		}},
		{"date-time forms", `{"t":"2024-05-01t14:00:00+02:00"}`, `{"t":"2024-05-01T14:00:00+02:00"}`, nil},
		{"leap second", `{"t":"2016-12-31T23:59:60Z"}`, `{"t":"2017-01-01T00:00:00Z"}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v nullables
			if out := reencode(t, tc.in, &v); out != tc.out {
				t.Errorf("encoded %s, want %s", out, tc.out)
			}
			if tc.check != nil {
				tc.check(t, v)
			}
		})
	}
}

func TestNullableDecodeErrors(t *testing.T) {
	for _, in := range []string{`{"s":5}`, `{"n":"5"}`, `{"n":1.5}`, `{"t":"2024-05-01"}`, `{"t":17}`, `{"l":"a"}`} {
		var v nullables
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}

func TestNullableConstructorsAndPtr(t *testing.T) {
	var absent model.Nullable[string]
	if !absent.IsZero() || absent.IsNull() || absent.Ptr() != nil {
		t.Errorf("absent: %+v", absent)
	}
	null := model.Null[string]()
	if null.IsZero() || !null.IsNull() || null.Ptr() != nil {
		t.Errorf("null: %+v", null)
	}
	some := model.Some("v")
	if some.IsZero() || some.IsNull() {
		t.Errorf("some: %+v", some)
	}
	p := some.Ptr()
	if p == nil || *p != "v" {
		t.Fatalf("Ptr() = %v", p)
	}
	*p = "changed"
	if some.Value != "v" {
		t.Errorf("Ptr() does not return a copy: value is now %q", some.Value)
	}
	if v, ok := model.Some("").Get(); !ok || v != "" {
		t.Errorf("Some(\"\").Get() = %q, %v", v, ok)
	}
	// Without omitzero an absent member is written as null.
	b, err := json.Marshal(struct {
		A model.Nullable[int64] `json:"a"`
	}{})
	if err != nil || string(b) != `{"a":null}` {
		t.Errorf("got %s, %v", b, err)
	}
}

func TestParseDateTime(t *testing.T) {
	utc := func(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
		return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
	}
	for _, tc := range []struct {
		in   string
		want time.Time
	}{
		{"2024-05-01T12:00:00Z", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01t12:00:00z", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T12:00:00z", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01t12:00:00Z", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T12:00:00.000Z", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T12:00:00.5Z", utc(2024, 5, 1, 12, 0, 0, 5e8)},
		{"2024-05-01T12:00:00.123456789Z", utc(2024, 5, 1, 12, 0, 0, 123456789)},
		{"2024-05-01T14:00:00+02:00", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T06:30:00-05:30", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T12:00:00+00:00", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2024-05-01T12:00:00-00:00", utc(2024, 5, 1, 12, 0, 0, 0)},
		{"2016-12-31T23:59:60Z", utc(2017, 1, 1, 0, 0, 0, 0)},
		{"2016-12-31t23:59:60.25z", utc(2017, 1, 1, 0, 0, 0, 25e7)},
		{"2016-12-31T18:59:60-05:00", utc(2017, 1, 1, 0, 0, 0, 0)},
		{"2024-02-29T00:00:00Z", utc(2024, 2, 29, 0, 0, 0, 0)},
	} {
		got, err := model.ParseDateTime(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if !got.Equal(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.in, got.UTC(), tc.want)
		}
	}
	for _, in := range []string{
		"", "2024-05-01", "12:00:00Z", "2024-05-01T12:00:00", "2024-05-01T12:00Z",
		"2024-13-01T00:00:00Z", "2024-05-32T00:00:00Z", "2023-02-29T00:00:00Z",
		"2024-05-01T24:00:00Z", "2024-05-01T12:61:00Z", "2024-05-01T12:00:00.Z",
		"2024-05-01T12:00:00+2:00", "2024-05-01T12:00:00+0200", "2024-05-01X12:00:00Z",
		"2024-5-1T12:00:00Z", "not a date", "2024-05-01T12:00:00Zjunk",
	} {
		if got, err := model.ParseDateTime(in); err == nil {
			t.Errorf("%q: no error, got %v", in, got)
		} else if !strings.Contains(err.Error(), in) {
			t.Errorf("%q: error %q does not quote the input", in, err)
		}
	}
}

func TestDecodeStrict(t *testing.T) {
	for _, tc := range []struct {
		name, in, pointer, msg string
	}{
		{"unknown member", `{"users":[{"id":1,"nmae":"x"}]}`, "/users/0/nmae", `unknown member "nmae"`},
		{"unknown top-level member", `{"roles":[],"userz":[]}`, "/userz", `unknown member "userz"`},
		{"escaped pointer", `{"a/b~c":1}`, "/a~1b~0c", "unknown member"},
		{"wrong type", `{"users":[{"id":1},{"id":"x"}]}`, "/users/1/id", "cannot use a JSON string as int64"},
		{"fraction for an integer", `{"projects":[{"id":"p","featureLimit":1.5}]}`, "/projects/0/featureLimit", "number 1.5"},
		{"object for a string", `{"environments":[{"name":{}}]}`, "/environments/0/name", "JSON object as string"},
		{"array for an object", `{"projects":[{"id":"p","featureNaming":[]}]}`, "/projects/0/featureNaming", "JSON array"},
		{"wrong root", `[]`, "", "JSON array"},
		{"invalid date-time", `{"users":[{"id":1,"createdAt":"yesterday"}]}`, "/users/0/createdAt", "RFC 3339"},
		{"trailing value", `{} {}`, "", "unexpected data after the JSON value"},
		{"trailing garbage", `{}x`, "", "invalid character"},
		{"syntax error", `{"users": [}`, "", "invalid character"},
		{"empty input", ``, "", ""},
		{"duplicate key", `{"projects":[{"id":"a"}],"projects":[]}`, "/projects", `duplicate member "projects": the object has it at line 1, column 2 already`},
		{"duplicate nested key", `{"users":[{"id":1,"name":"a","name":"b"}]}`, "/users/0/name", `duplicate member "name"`},
		{"duplicate escaped key", `{"tagTypes":[{"name":"a","n\u0061me":"b"}]}`, "/tagTypes/0/name", `duplicate member "name"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s model.Snapshot
			err := model.DecodeStrict([]byte(tc.in), &s)
			var de *model.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v (%T), want a *DecodeError", err, err)
			}
			if de.Location.Pointer != tc.pointer {
				t.Errorf("pointer %q, want %q (%v)", de.Location.Pointer, tc.pointer, err)
			}
			if !strings.Contains(de.Msg, tc.msg) {
				t.Errorf("message %q does not contain %q", de.Msg, tc.msg)
			}
		})
	}
}

func TestDecodeStrictImportRequest(t *testing.T) {
	wrap := func(features string) string {
		return `{"project":"p","environment":"e","data":{"features":[` + features + `],"featureStrategies":[],"tagTypes":[]}}`
	}
	// Open objects take members the model does not name.
	for _, in := range []string{
		wrap(`{"name":"f","collaborators":{"users":[{"id":1,"name":"n","imageUrl":"u","email":"e"}],"total":1}}`),
		`{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","variants":[{"name":"v","weight":1000,"weightType":"fix","stickiness":"default","payload":{"type":"json","value":"{}","extra":[1]}}]}],"tagTypes":[],"links":[{"feature":"f","links":[{"url":"u","id":"x"}]}]}}`,
	} {
		var r model.ImportRequest
		if err := model.DecodeStrict([]byte(in), &r); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
	// Closed objects do not, also inside open ones.
	for _, tc := range []struct{ in, pointer string }{
		{wrap(`{"name":"f","createdBy":{"id":1,"name":"n","imageUrl":"u","email":"e"}}`), "/data/features/0/createdBy/email"},
		{wrap(`{"name":"f","collaborators":{"users":[{"id":"1","name":"n","imageUrl":"u"}]}}`), "/data/features/0/collaborators/users/0/id"},
		{wrap(`{"name":"f","links":[{"id":"1","url":"u","domain":"d"}]}`), "/data/features/0/links/0/domain"},
		{wrap(`{"name":"f","lifecycle":{"stage":"live","enteredStageAt":20240101}}`), "/data/features/0/lifecycle/enteredStageAt"},
		{wrap(`{"name":"f","description":5}`), "/data/features/0/description"},
		// A key twice, in an open object too.
		{wrap(`{"name":"f","x":1,"x":2}`), "/data/features/0/x"},
		{`{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{"a":1}}],"tagTypes":[]}}`, "/data/featureStrategies/0/parameters/a"},
	} {
		var r model.ImportRequest
		err := model.DecodeStrict([]byte(tc.in), &r)
		var de *model.DecodeError
		if !errors.As(err, &de) || de.Location.Pointer != tc.pointer {
			t.Errorf("%s: error %v, want one at %s", tc.in, err, tc.pointer)
		}
	}
}

func TestDecodeErrorString(t *testing.T) {
	for _, tc := range []struct {
		err  model.DecodeError
		want string
	}{
		{model.DecodeError{Location: model.Location{Pointer: "/a/0", Offset: -1}, Msg: "bad"}, "/a/0: bad"},
		{model.DecodeError{Location: model.Location{Offset: 7}, Msg: "bad"}, "/ (byte 7): bad"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestOracleStateDecodes(t *testing.T) {
	s := conformance.MustState(t)
	if len(s.Projects) == 0 || len(s.Strategies) == 0 || len(s.Features) == 0 || len(s.Users) == 0 || len(s.Tokens) == 0 {
		t.Errorf("decoded state is missing parts: %+v", s)
	}
}

func TestDefaultSnapshot(t *testing.T) {
	s, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	builtIn := map[string]bool{}
	for _, st := range s.Strategies {
		builtIn[st.Name] = st.BuiltIn
	}
	if !builtIn["flexibleRollout"] || !builtIn["default"] {
		t.Errorf("strategies %+v", s.Strategies)
	}
	admin := false
	for _, tok := range s.Tokens {
		admin = admin || (tok.Type == model.TokenAdmin && tok.Secret == "*:*.flagadmin-demo-admin-token")
	}
	if !admin {
		t.Errorf("no demo admin token in %+v", s.Tokens)
	}
	// DefaultSnapshotJSON hands out a copy.
	a := model.DefaultSnapshotJSON()
	a[0] = 'x'
	if model.DefaultSnapshotJSON()[0] == 'x' {
		t.Error("DefaultSnapshotJSON returns shared bytes")
	}
}
