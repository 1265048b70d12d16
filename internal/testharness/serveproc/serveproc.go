// Package serveproc runs the server of the flagadmin command ('flagadmin
// serve') in a child process, for the measurement programs and the tests
// that drive it over HTTP as a user runs it.
package serveproc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Package is the import path of the flagadmin command.
const Package = "github.com/flagadmin/flagadmin/examples/flagadmin"

// timeout bounds the wait for the server to listen and to stop.
const timeout = 30 * time.Second

// Build builds the flagadmin command into dir and returns the path of the
// program.
func Build(dir string) (string, error) {
	path := filepath.Join(dir, "flagadmin")
	cmd := exec.Command("go", "build", "-o", path, Package)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s: %v\n%s", Package, err, out)
	}
	return path, nil
}

// Cached returns the flagadmin command as Go keeps it in its build cache
// (Go 1.24 on keeps there the programs of go run): 'go run -exec echo'
// prints the path of the program it would run, linking it only when the
// cache lacks it. So the test binaries that go test ./... runs at once
// share the program, and a later run links nothing while the sources
// are unchanged. A program just linked is run from go run's work
// directory, which is gone once go run ends; the second call finds it in
// the cache.
func Cached() (string, error) {
	for range 2 {
		out, err := exec.Command("go", "run", "-exec", "echo", Package).Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return "", fmt.Errorf("building %s: %v\n%s", Package, err, ee.Stderr)
			}
			return "", fmt.Errorf("building %s: %v", Package, err)
		}
		path := strings.TrimSpace(string(out))
		if _, err := os.Stat(path); err == nil && filepath.IsAbs(path) {
			return path, nil
		}
	}
	return "", fmt.Errorf("building %s: go run kept no program in the build cache", Package)
}

// Program returns the flagadmin command: Cached's, else (a go command
// that keeps no program of go run) one built into dir.
func Program(dir string) (string, error) {
	if path, err := Cached(); err == nil {
		return path, nil
	}
	return Build(dir)
}

// Server is a 'flagadmin serve' running in a child process.
type Server struct {
	// URL is the base URL it listens at, such as http://127.0.0.1:41234.
	URL string
	// AdminToken is the admin token it announced (that of the embedded
	// default state), "" when it announced none.
	AdminToken string

	cmd    *exec.Cmd
	exited chan error
}

// Start runs 'program serve -addr 127.0.0.1:0' with args after them, its
// standard error (one log line per request) going to log (nil discards
// it), and returns once it listens.
func Start(program string, log io.Writer, args ...string) (*Server, error) {
	cmd := exec.Command(program, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	if log == nil {
		log = io.Discard
	}
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{cmd: cmd, exited: make(chan error, 1)}
	listening := make(chan error, 1)
	go func() {
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadString('\n')
			if _, token, ok := strings.Cut(line, "Admin token: "); ok {
				s.AdminToken = strings.TrimSpace(token)
			}
			if addr, ok := strings.CutPrefix(line, "Listening on "); ok {
				s.URL = strings.TrimSpace(addr)
				listening <- nil
				break
			}
			if err != nil {
				listening <- errors.New("flagadmin serve ended before it listened")
				break
			}
		}
		_, _ = io.Copy(io.Discard, r)
		s.exited <- cmd.Wait()
	}()
	select {
	case err := <-listening:
		if err != nil {
			return nil, errors.Join(err, <-s.exited)
		}
		return s, nil
	case <-time.After(timeout):
		_ = cmd.Process.Kill()
		return nil, fmt.Errorf("flagadmin serve did not listen within %v", timeout)
	}
}

// Stop shuts the server down as a signal does (gracefully) and waits for
// it to exit, killing it after 30 seconds.
func (s *Server) Stop() error {
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	select {
	case err := <-s.exited:
		return err
	case <-time.After(timeout):
		_ = s.cmd.Process.Kill()
		return fmt.Errorf("flagadmin serve did not stop within %v", timeout)
	}
}

// Shared is the flagadmin command found or built at most once for the
// tests of a process: the first call of Program takes the package
// function Program's, with a temporary directory to build into, which
// Remove removes (from TestMain, after the tests).
type Shared struct {
	once         sync.Once
	dir, program string
	err          error
}

// Program returns the command, finding or building it on the first call.
func (s *Shared) Program() (string, error) {
	s.once.Do(func() {
		if s.dir, s.err = os.MkdirTemp("", "flagadmin"); s.err == nil {
			s.program, s.err = Program(s.dir)
		}
	})
	return s.program, s.err
}

// Remove removes what Program built.
func (s *Shared) Remove() error {
	if s.dir == "" {
		return nil
	}
	return os.RemoveAll(s.dir)
}
