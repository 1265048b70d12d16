package serveproc

import (
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStart builds the command, serves the demo state, answers the user
// listing for the admin token it announced, and stops on a signal; a
// refused flag is an error that says the server ended.
func TestStart(t *testing.T) {
	var command Shared
	defer func() {
		if err := command.Remove(); err != nil {
			t.Error(err)
		}
	}()
	program, err := command.Program()
	if err != nil {
		t.Fatal(err)
	}
	if again, err := command.Program(); again != program || err != nil {
		t.Errorf("second Program = %q, %v; want the same %q", again, err, program)
	}
	srv, err := Start(program, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") || srv.AdminToken == "" {
		t.Errorf("URL %q, admin token %q", srv.URL, srv.AdminToken)
	}
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/api/admin/user-admin", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", srv.AdminToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("user listing: %s", resp.Status)
	}
	if err := srv.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	if _, err := Start(program, nil, "-no-such-flag"); err == nil || !strings.Contains(err.Error(), "ended before it listened") {
		t.Errorf("Start with a refused flag: %v", err)
	}
}

// TestCached: the command comes from Go's build cache, the same program
// for every call while the sources are unchanged.
func TestCached(t *testing.T) {
	program, err := Cached()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	if cache := strings.TrimSpace(string(out)); !strings.HasPrefix(program, cache+string(filepath.Separator)) {
		t.Errorf("program %q is not in the build cache %q", program, cache)
	}
	if again, err := Cached(); again != program || err != nil {
		t.Errorf("second Cached = %q, %v; want the same %q", again, err, program)
	}
}
