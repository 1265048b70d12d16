package conformance

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	all := MustLoad(t, "*")
	validate := MustLoad(t, "validate-*")
	if len(validate) == 0 || len(validate) >= len(all) {
		t.Fatalf("%d validate cases of %d", len(validate), len(all))
	}
	for i, c := range all {
		if c.Request.Method == "" || !strings.HasPrefix(c.Request.Path, "/") || c.Response.Status < 100 {
			t.Errorf("case %s: request %s %s, status %d", c.Name, c.Request.Method, c.Request.Path, c.Response.Status)
		}
		if i > 0 && all[i-1].Name >= c.Name {
			t.Errorf("case %s after %s", c.Name, all[i-1].Name)
		}
	}
	if _, err := Load("no-such-case"); err == nil {
		t.Error("Load of a missing case succeeded")
	}
}

func TestRequestPayload(t *testing.T) {
	raw := "not json"
	tests := []struct {
		r    Request
		want string
	}{
		{Request{Method: "POST", Path: "/x", Body: []byte(`{"a":1}`)}, `{"a":1}`},
		{Request{Method: "POST", Path: "/x", Body: []byte(`{"a":1}`), RawBody: &raw}, raw},
		{Request{Method: "GET", Path: "/x"}, ""},
	}
	for _, tt := range tests {
		if got := string(tt.r.Payload()); got != tt.want {
			t.Errorf("Payload = %q, want %q", got, tt.want)
		}
		tt.r.Headers = map[string]string{"Authorization": "tok"}
		req := tt.r.HTTP()
		b, _ := io.ReadAll(req.Body)
		if string(b) != tt.want || req.Header.Get("Authorization") != "tok" || req.Method != tt.r.Method || tt.r.Header("authorization") != "tok" || tt.r.Header("Cookie") != "" {
			t.Errorf("HTTP request %s with body %q and headers %v", req.Method, b, req.Header)
		}
	}
}

func TestState(t *testing.T) {
	s := MustState(t)
	if len(s.Users) == 0 || len(s.Projects) == 0 {
		t.Fatalf("state with %d users and %d projects", len(s.Users), len(s.Projects))
	}
}

// Every recorded version loads completely: each case has its request and
// its response, every version has the same cases, the state it was
// recorded against decodes strictly, and server.json names the version.
func TestVersionRecordings(t *testing.T) {
	versions, err := RecordedVersions()
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) == 0 {
		t.Fatal("no recorded version in testdata/versions")
	}
	var first []string
	for _, v := range versions {
		cases := MustLoadVersion(t, v, "*")
		var names []string
		for _, c := range cases {
			names = append(names, c.Name)
			if c.Request.Method == "" || !strings.HasPrefix(c.Request.Path, "/") || c.Response.Status < 100 || c.Response.ContentType == "" {
				t.Errorf("%s %s: request %s %s, status %d, content type %q", v, c.Name, c.Request.Method, c.Request.Path, c.Response.Status, c.Response.ContentType)
			}
			if !json.Valid(c.Response.Body) {
				t.Errorf("%s %s: the response body is no JSON", v, c.Name)
			}
		}
		responses, _ := filepath.Glob(filepath.Join(VersionDir(v), "recorded", "*.response.json"))
		if len(responses) != len(cases) {
			t.Errorf("%s: %d responses for %d requests", v, len(responses), len(cases))
		}
		if first == nil {
			first = names
		} else if !slices.Equal(names, first) {
			t.Errorf("%s has other cases than %s", v, versions[0])
		}
		s := MustVersionState(t, v)
		if len(s.Users) == 0 || len(s.Tokens) == 0 || len(s.Roles) == 0 || len(s.Projects) == 0 {
			t.Errorf("%s: state with %d users, %d tokens, %d roles, %d projects", v, len(s.Users), len(s.Tokens), len(s.Roles), len(s.Projects))
		}
		info, err := VersionServer(v)
		if err != nil {
			t.Fatal(err)
		}
		if info.Version != v || !strings.HasPrefix(info.Node, "v") || info.ClientTokenType == "" {
			t.Errorf("%s: server.json %+v", v, info)
		}
	}
	if _, err := LoadVersion("../conformance", "*"); err == nil {
		t.Error("LoadVersion accepts a path for a version")
	}
	if _, err := VersionState("8.2"); err == nil {
		t.Error("VersionState accepts 8.2")
	}
}

func TestCompareVersions(t *testing.T) {
	in := []string{"8.2.0", "x", "10.0.0", "5.12.8", "6.10.1", "7.6.5", "01.0.0"}
	slices.SortFunc(in, CompareVersions)
	want := []string{"5.12.8", "6.10.1", "7.6.5", "8.2.0", "10.0.0", "01.0.0", "x"}
	if !slices.Equal(in, want) {
		t.Errorf("sorted %v, want %v", in, want)
	}
}

// The files the recording program writes load back as they were: the
// responses of testdata/conformance byte for byte, the requests with the
// same bytes to send (a body compact).
func TestEncodeRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, c := range MustLoad(t, "*") {
		resp, err := EncodeResponse(c.Response)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(Dir(), "recorded", c.Name+".response.json"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(resp, want) {
			t.Errorf("%s: EncodeResponse gives\n%s\nthe file holds\n%s", c.Name, resp, want)
		}
		req, err := EncodeRequest(c.Request)
		if err != nil {
			t.Fatal(err)
		}
		for name, b := range map[string][]byte{".request.json": req, ".response.json": resp} {
			if err := os.WriteFile(filepath.Join(dir, c.Name+name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		back, err := LoadDir(dir, c.Name)
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if c.Request.RawBody == nil && len(c.Request.Body) > 0 {
			json.Compact(&compact, c.Request.Body)
		} else {
			compact.Write(c.Request.Payload())
		}
		r := back[0].Request
		if !bytes.Equal(r.Payload(), compact.Bytes()) || r.Method != c.Request.Method || r.Path != c.Request.Path || !maps.Equal(r.Headers, c.Request.Headers) {
			t.Errorf("%s: the request reads back as %+v", c.Name, r)
		}
		if d := Differs(c.Response, back[0].Response); d != "" {
			t.Errorf("%s: the response reads back otherwise: %s", c.Name, d)
		}
	}
}

func TestDiffers(t *testing.T) {
	base := Response{Status: 400, ContentType: "application/json; charset=utf-8",
		Body: []byte(`{"id":"4070f53d-942c-4a7b-ba5a-64cea95b348b","name":"BadDataError","details":[{"message":"a"}]}`)}
	otherID := base
	otherID.Body = []byte(`{ "id": "00000000-0000-4000-8000-000000000000", "name": "BadDataError", "details": [{"message": "a"}] }`)
	if d := Differs(base, otherID); d != "" {
		t.Errorf("another error id differs: %s", d)
	}
	tests := []struct {
		got  Response
		want string
	}{
		{Response{Status: 401, ContentType: base.ContentType, Body: base.Body}, "status 401, recorded 400"},
		{Response{Status: 400, ContentType: "text/html", Body: base.Body}, `content type "text/html"`},
		{Response{Status: 400, ContentType: base.ContentType, Body: []byte(`{"id":"4070f53d-942c-4a7b-ba5a-64cea95b348b","name":"BadDataError","details":[{"message":"b"}]}`)}, "/details/0/message"},
		{Response{Status: 400, ContentType: base.ContentType, Body: []byte(`{"name":"BadDataError","id":"4070f53d-942c-4a7b-ba5a-64cea95b348b","details":[{"message":"a"}]}`)}, "member order"},
	}
	for _, tt := range tests {
		if d := Differs(base, tt.got); !strings.Contains(d, tt.want) {
			t.Errorf("Differs = %q, want it to say %q", d, tt.want)
		}
	}
	ok := Response{Status: 200, Body: []byte(`{"id":"4070f53d-942c-4a7b-ba5a-64cea95b348b"}`)}
	changed := Response{Status: 200, Body: []byte(`{"id":"00000000-0000-4000-8000-000000000000"}`)}
	if Differs(ok, changed) == "" {
		t.Error("an id of a 200 answer is ignored")
	}
}
