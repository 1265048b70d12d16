package cli

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// docAddr is the address the documents' sessions of the example server
// show.
const docAddr = "127.0.0.1:4242"

// serverSession runs a session of the example server (examples/server),
// as docs/HTTP.md shows it: "go run ./examples/server", then curl
// requests with -s, -i and -H. The server listens on a free port, which
// the output names as docAddr; the Date headers and the ids of the error
// bodies, new at each request, are the session's own.
func serverSession(t *testing.T, steps []docStep) []string {
	t.Helper()
	if len(steps) == 0 || steps[0].command != "go run ./examples/server" {
		t.Fatalf("a server session starts with go run ./examples/server")
	}
	bin := filepath.Join(t.TempDir(), "server")
	if out, err := exec.Command("go", "build", "-o", bin, "./examples/server").CombinedOutput(); err != nil {
		t.Fatalf("go build ./examples/server: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	var started strings.Builder
	addr := ""
	lines := bufio.NewScanner(stdout)
	for addr == "" && lines.Scan() {
		l := lines.Text()
		if a, ok := strings.CutPrefix(l, "Listening on http://"); ok {
			addr, l = a, "Listening on http://"+docAddr
		}
		started.WriteString(l + "\n")
	}
	if addr == "" {
		t.Fatalf("the server did not say where it listens:\n%s", started.String())
	}
	outputs := []string{started.String()}
	for _, s := range steps[1:] {
		got, err := curl(strings.ReplaceAll(s.command, docAddr, addr))
		if err != nil {
			t.Fatalf("$ %s: %v", s.command, err)
		}
		outputs = append(outputs, keepFresh(got, strings.Join(s.output, "\n")))
	}
	return outputs
}

// freshValues are the values an answer has anew each time: its Date
// header and the id of an error body.
var freshValues = []*regexp.Regexp{regexp.MustCompile(`(?m)^Date: .*$`), regexp.MustCompile(`"id":"[0-9a-f-]{36}"`)}

// keepFresh returns got with each of its fresh values replaced by the one
// at the same place in want, when want has as many.
func keepFresh(got, want string) string {
	for _, re := range freshValues {
		w := re.FindAllString(want, -1)
		i := 0
		got = re.ReplaceAllStringFunc(got, func(v string) string {
			if i < len(w) {
				v = w[i]
			}
			i++
			return v
		})
	}
	return got
}

// curl sends the request of command, a curl command line with -s, -i and
// -H 'NAME: VALUE', and returns what curl prints: the body, after the
// status line and the headers as the server wrote them with -i.
func curl(command string) (string, error) {
	words, err := shellWords(command)
	if err != nil {
		return "", err
	}
	var headers []string
	include, url := false, ""
	for i := 1; i < len(words); i++ {
		switch words[i] {
		case "-s":
		case "-i":
			include = true
		case "-H":
			i++
			headers = append(headers, words[i])
		default:
			url = words[i]
		}
	}
	if words[0] != "curl" || !strings.HasPrefix(url, "http://") {
		return "", io.ErrUnexpectedEOF
	}
	host, path, _ := strings.Cut(strings.TrimPrefix(url, "http://"), "/")
	conn, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET /" + path + " HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n"
	for _, h := range headers {
		req += h + "\r\n"
	}
	if _, err := io.WriteString(conn, req+"\r\n"); err != nil {
		return "", err
	}
	var raw bytes.Buffer
	resp, err := http.ReadResponse(bufio.NewReader(io.TeeReader(conn, &raw)), nil)
	if err != nil {
		return "", err
	}
	head := strings.ReplaceAll(raw.String(), "\r\n", "\n")
	head = head[:strings.Index(head, "\n\n")+2]
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if include {
		return head + string(body), nil
	}
	return string(body), nil
}
