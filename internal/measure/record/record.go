package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
)

// allCases returns the requests to record: those of
// testdata/conformance/recorded under their names, then the generated
// ones.
func allCases() ([]conformance.Case, error) {
	recorded, err := conformance.Load("*")
	if err != nil {
		return nil, err
	}
	cases := make([]conformance.Case, 0, len(recorded)+400)
	for _, c := range recorded {
		cases = append(cases, conformance.Case{Name: c.Name, Request: c.Request})
	}
	cases = append(cases, generated()...)
	return cases, checkNames(cases)
}

// startSeeded starts version on a seeded database, as recordings are made.
func startSeeded(ctx context.Context, version string) (*unleashtest.Server, error) {
	return unleashtest.Start(ctx, unleashtest.Options{Version: version, Seed: true, PublicURL: publicURL})
}

// sendAll sends the requests of cases to s one after the other and
// returns the answers, in the same order.
func sendAll(ctx context.Context, s *unleashtest.Server, cases []conformance.Case) ([]conformance.Response, error) {
	client := newClient()
	defer client.CloseIdleConnections()
	out := make([]conformance.Response, len(cases))
	for i, c := range cases {
		r, err := send(ctx, client, s.URL, c.Request)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.Name, err)
		}
		out[i] = r
	}
	return out, nil
}

// serverInfo asks s for its version and its node for its own.
func serverInfo(ctx context.Context, s *unleashtest.Server) (conformance.ServerInfo, error) {
	info := conformance.ServerInfo{ClientTokenType: s.Release.ClientTokenType}
	b, err := s.Do(ctx, "GET", "/api/admin/ui-config", "", nil)
	if err != nil {
		return info, err
	}
	var ui struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(b, &ui); err != nil {
		return info, fmt.Errorf("ui-config: %w", err)
	}
	info.Version = ui.Version
	in, ok := unleashtest.VersionInstalled(s.Release.Version)
	if !ok {
		return info, fmt.Errorf("unleash %s is not installed", s.Release.Version)
	}
	node, err := exec.CommandContext(ctx, in.Node, "--version").Output()
	if err != nil {
		return info, fmt.Errorf("node --version: %w", err)
	}
	info.Node = strings.TrimSpace(string(node))
	return info, nil
}

// recordVersion records version into dir/VERSION (see the package
// comment).
func recordVersion(ctx context.Context, version, dir string, log io.Writer) error {
	cases, err := allCases()
	if err != nil {
		return err
	}
	began := time.Now()
	s, err := startSeeded(ctx, version)
	if err != nil {
		return err
	}
	defer s.Stop()
	started := time.Since(began)
	info, err := serverInfo(ctx, s)
	if err != nil {
		return err
	}
	if info.Version != version {
		return fmt.Errorf("the server reports version %q", info.Version)
	}
	began = time.Now()
	answers, err := sendAll(ctx, s, cases)
	if err != nil {
		return err
	}
	sent := time.Since(began)
	state, err := readState(ctx, s)
	if err != nil {
		return fmt.Errorf("reading the state: %w", err)
	}
	vdir := filepath.Join(dir, version)
	rdir := filepath.Join(vdir, "recorded")
	if err := os.RemoveAll(rdir); err != nil {
		return err
	}
	if err := os.MkdirAll(rdir, 0o755); err != nil {
		return err
	}
	for i, c := range cases {
		req, err := conformance.EncodeRequest(c.Request)
		if err != nil {
			return fmt.Errorf("case %s: %w", c.Name, err)
		}
		resp, err := conformance.EncodeResponse(answers[i])
		if err != nil {
			return fmt.Errorf("case %s: %w", c.Name, err)
		}
		if err := os.WriteFile(filepath.Join(rdir, c.Name+".request.json"), req, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(rdir, c.Name+".response.json"), resp, 0o644); err != nil {
			return err
		}
	}
	if err := writeJSON(filepath.Join(vdir, "state.json"), state, " "); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(vdir, "server.json"), info, "  "); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s: %d cases recorded (start and seed %.1f s, requests %.1f s) into %s\n",
		version, len(cases), started.Seconds(), sent.Seconds(), vdir)
	return nil
}

func writeJSON(path string, v any, indent string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// checkVersion starts version seeded, sends the requests recorded in
// dir/VERSION again, reads its state, and returns one line for each
// answer that differs from the recorded one, and for a state that
// differs from the recorded state.
func checkVersion(ctx context.Context, version, dir string, log io.Writer) ([]string, error) {
	cases, err := conformance.LoadDir(filepath.Join(dir, version, "recorded"), "*")
	if err != nil {
		return nil, err
	}
	want, err := conformance.ReadState(filepath.Join(dir, version, "state.json"))
	if err != nil {
		return nil, err
	}
	began := time.Now()
	s, err := startSeeded(ctx, version)
	if err != nil {
		return nil, err
	}
	defer s.Stop()
	started := time.Since(began)
	began = time.Now()
	diffs, err := recheck(ctx, s, cases, want)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "%s: %d cases sent again, %d differences (start and seed %.1f s, requests and state %.1f s)\n",
		version, len(cases), len(diffs), started.Seconds(), time.Since(began).Seconds())
	return diffs, nil
}

// recheck sends the requests of cases to s, then reads its state, and
// returns one line for each answer that differs from the case's recorded
// one (error ids aside), and one for a state that differs from want
// (empty and missing lists alike). It stops s's node process.
func recheck(ctx context.Context, s *unleashtest.Server, cases []conformance.Case, want *model.Snapshot) ([]string, error) {
	answers, err := sendAll(ctx, s, cases)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for i, c := range cases {
		if d := conformance.Differs(c.Response, answers[i]); d != "" {
			diffs = append(diffs, c.Name+": "+d)
		}
	}
	got, err := readState(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	w, err := canonical(want)
	if err != nil {
		return nil, err
	}
	g, err := canonical(got)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(w, g) {
		paths := conformance.DiffPaths(w, g)
		diffs = append(diffs, fmt.Sprintf("state.json differs at %s", strings.Join(paths, ", ")))
	}
	return diffs, nil
}

// canonical returns the JSON of s as a state file holds it: encoded,
// decoded again and encoded, so that empty and missing lists compare
// alike.
func canonical(s *model.Snapshot) ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	again, err := model.DecodeSnapshot(b)
	if err != nil {
		return nil, err
	}
	return json.Marshal(again)
}
