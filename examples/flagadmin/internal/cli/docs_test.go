package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the goldens, and the example outputs of README.md and docs/*.md, from the program")

// The examples of README.md and docs/*.md are fenced blocks. A block
// whose first line starts with "$ " is a session: each "$ " line is a
// command, the lines after it up to the next one (a blank line before it
// left out) what the command prints. TestDocs runs every command from
// the repository's root and compares what it prints with the document,
// line for line; a line "..." stands for any lines. Before a block, an
// HTML comment says more of it, unseen where the document is read:
//
//	<!-- file: NAME -->   the block is the file NAME that the commands of the document read (they then run in a directory of their own)
//	<!-- go: FILE FUNC --> the block is the Go code of the function FUNC of FILE (from the root); the block after it, when FUNC has an Output comment, is that output
//	<!-- go-lines: FILE FUNC ... --> each line of the block is a line of one of the functions (a comment at its end aside): a fragment
//	<!-- session: NAME --> the session is run by the runner NAME of sessionRunners
//
// -update writes what the commands print into the documents (not into a
// session with "..." lines, which is only compared).

// docBlock is a fenced block of a document.
type docBlock struct {
	doc    string
	line   int      // of the opening fence, from 1
	lang   string   // the fence's info string
	marker []string // the fields of the HTML comment on the line before the fence
	indent string
	lines  []string
	// start and end are the indexes of the block's first line and of its
	// closing fence in the document's lines.
	start, end int
}

var (
	fence     = regexp.MustCompile("^( *)(```+)([^`]*)$")
	docMarker = regexp.MustCompile(`^ *<!-- ([a-z]+): (.*) -->$`)
)

// readBlocks returns the fenced blocks of the document's lines.
func readBlocks(doc string, lines []string) ([]docBlock, error) {
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		b := docBlock{doc: doc, line: i + 1, lang: strings.TrimSpace(m[3]), indent: m[1], start: i + 1}
		if i > 0 {
			if mm := docMarker.FindStringSubmatch(lines[i-1]); mm != nil {
				b.marker = append([]string{mm[1]}, strings.Fields(mm[2])...)
			}
		}
		closing := m[1] + m[2]
		for i++; i < len(lines) && strings.TrimRight(lines[i], " ") != closing; i++ {
			b.lines = append(b.lines, strings.TrimPrefix(lines[i], m[1]))
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: the fenced block does not end", doc, b.line)
		}
		b.end = i
		out = append(out, b)
	}
	return out, nil
}

// docStep is one command of a session and what it prints.
type docStep struct {
	command string
	output  []string
}

// steps splits a session block into its commands.
func (b docBlock) steps() []docStep {
	var out []docStep
	for _, l := range b.lines {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			if n := len(out); n > 0 && len(out[n-1].output) > 0 && out[n-1].output[len(out[n-1].output)-1] == "" {
				out[n-1].output = out[n-1].output[:len(out[n-1].output)-1]
			}
			out = append(out, docStep{command: cmd})
			continue
		}
		out[len(out)-1].output = append(out[len(out)-1].output, l)
	}
	return out
}

// isSession reports whether the block is a session.
func (b docBlock) isSession() bool { return len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "$ ") }

// sessionRunners run the sessions that are no flagadmin commands, by the
// name of their marker; each returns what the session's commands print,
// one entry per step.
var sessionRunners = map[string]func(t *testing.T, steps []docStep) []string{
	"server": serverSession,
}

// TestDocs holds every example of README.md and docs/*.md to what the
// code prints: the sessions, the files they read, and the Go code with
// its output.
func TestDocs(t *testing.T) {
	t.Chdir("../../../..")
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	sessions := 0
	for _, doc := range append([]string{"README.md"}, docs...) {
		t.Run(filepath.Base(doc), func(t *testing.T) {
			raw, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(raw), "\n")
			blocks, err := readBlocks(doc, lines)
			if err != nil {
				t.Fatal(err)
			}
			root, err := os.Getwd()
			if err != nil {
				t.Fatal(err)
			}
			dir := root
			for _, b := range blocks {
				if len(b.marker) == 2 && b.marker[0] == "file" {
					if dir == root {
						dir = t.TempDir()
					}
					if err := os.WriteFile(filepath.Join(dir, b.marker[1]), []byte(strings.Join(b.lines, "\n")+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			type replacement struct {
				b   docBlock
				got []string
			}
			var replaced []replacement
			for i, b := range blocks {
				switch {
				case len(b.marker) > 0 && b.marker[0] == "go":
					checkGoBlock(t, b, blocks[i+1:])
				case len(b.marker) > 0 && b.marker[0] == "go-lines":
					checkGoLines(t, b)
				case b.isSession():
					if got, ok := runSession(t, dir, b); !ok && *update {
						replaced = append(replaced, replacement{b, got})
					}
				}
			}
			if len(replaced) == 0 {
				return
			}
			for i := len(replaced) - 1; i >= 0; i-- {
				lines = replaceBlock(lines, replaced[i].b, replaced[i].got)
			}
			if err := os.WriteFile(filepath.Join(root, doc), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, doc := range append([]string{"README.md"}, docs...) {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		blocks, _ := readBlocks(doc, strings.Split(string(raw), "\n"))
		for _, b := range blocks {
			if b.isSession() {
				sessions++
			}
		}
	}
	if sessions < 12 {
		t.Errorf("README.md and docs/*.md have %d sessions; want the command's examples at least (one per format of validate, the plan, the README's)", sessions)
	}
}

// replaceBlock returns lines with the content of b replaced by got; the
// lines before b's end must be those b was read from.
func replaceBlock(lines []string, b docBlock, got []string) []string {
	for i, l := range got {
		if l != "" {
			got[i] = b.indent + l
		}
	}
	out := append(append(append([]string{}, lines[:b.start]...), got...), lines[b.end:]...)
	return out
}

// runSession runs the session b in dir and reports whether every command
// printed what the document says; got is the block's new content.
func runSession(t *testing.T, dir string, b docBlock) (got []string, ok bool) {
	t.Helper()
	steps := b.steps()
	var outputs []string
	if len(b.marker) == 2 && b.marker[0] == "session" {
		run := sessionRunners[b.marker[1]]
		if run == nil {
			t.Errorf("%s:%d: no session runner %q", b.doc, b.line, b.marker[1])
			return nil, true
		}
		outputs = run(t, steps)
	} else {
		for _, s := range steps {
			out, err := runCommand(dir, s.command)
			if err != nil {
				t.Errorf("%s:%d: %v (a session that is not flagadmin's needs a <!-- session: NAME --> runner)", b.doc, b.line, err)
				return nil, true
			}
			outputs = append(outputs, out)
		}
	}
	ok = true
	for i, s := range steps {
		want := strings.Join(s.output, "\n")
		if !matchLines(s.output, strings.Split(strings.TrimSuffix(outputs[i], "\n"), "\n")) {
			ok = false
			t.Errorf("%s:%d: $ %s\nprints:\n%s\nthe document says:\n%s\n(go test ./examples/flagadmin/internal/cli -run TestDocs -update writes it; review the diff)",
				b.doc, b.line, s.command, outputs[i], want)
		}
		if i > 0 {
			got = append(got, "")
		}
		got = append(got, "$ "+s.command)
		if strings.Contains("\n"+want+"\n", "\n...\n") {
			got = append(got, s.output...) // compared, never rewritten
		} else {
			got = append(got, strings.Split(strings.TrimSuffix(outputs[i], "\n"), "\n")...)
		}
	}
	return got, ok
}

// matchLines reports whether got is want, where a line "..." of want
// stands for any lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || len(got) == 1 && got[0] == ""
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

// runCommand runs command, a flagadmin command line as the documents
// write it, in dir, and returns what it prints. It takes what a shell
// would of: "echo 'TEXT' |" before (standard input), "2>&1" (standard
// error too, where it is written), and `; echo "exit code $?"` after.
func runCommand(dir, command string) (string, error) {
	words, err := shellWords(command)
	if err != nil {
		return "", err
	}
	stdin := ""
	if len(words) > 2 && words[0] == "echo" && words[2] == "|" {
		stdin, words = words[1]+"\n", words[3:]
	}
	exitCode := false
	if n := len(words); n > 3 && words[n-3] == ";" && words[n-2] == "echo" && words[n-1] == "exit code $?" {
		exitCode, words = true, words[:n-3]
	}
	both := false
	if n := len(words); n > 0 && words[n-1] == "2>&1" {
		both, words = true, words[:n-1]
	}
	if len(words) == 0 || words[0] != "flagadmin" {
		return "", fmt.Errorf("not a flagadmin command: %s", command)
	}
	for _, w := range words {
		if strings.ContainsAny(w, "|<>;&$`") && !strings.HasPrefix(w, "{") {
			return "", fmt.Errorf("%q: no shell here but echo ... |, 2>&1 and ; echo \"exit code $?\"", w)
		}
	}
	var out, errOut bytes.Buffer
	env := Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}
	if both {
		env.Stderr = &out
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if err := os.Chdir(dir); err != nil {
		return "", err
	}
	code := Main(context.Background(), words[1:], env)
	if err := os.Chdir(wd); err != nil {
		return "", err
	}
	if exitCode {
		out.WriteString("exit code " + strconv.Itoa(code) + "\n")
	}
	return out.String(), nil
}

// shellWords splits a command line as a shell does, for the quoting the
// documents use: '...' and "..." (without escapes); ";" and "|" are words
// of their own.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unterminated %c in %s", c, s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		case ';', '|':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
			words = append(words, string(c))
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// checkGoBlock checks b, the Go code of the function its marker names
// ("go FILE FUNC"): the whole declaration when b starts with "func", else
// its body. When the function has an Output comment, the first of next,
// the blocks after b, is that output.
func checkGoBlock(t *testing.T, b docBlock, next []docBlock) {
	t.Helper()
	if len(b.marker) != 3 {
		t.Errorf("%s:%d: the marker is <!-- go: FILE FUNC -->", b.doc, b.line)
		return
	}
	decl, body, output, err := goFunc(b.marker[1], b.marker[2])
	if err != nil {
		t.Errorf("%s:%d: %v", b.doc, b.line, err)
		return
	}
	code := body
	if len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "func ") {
		code = decl
	}
	if got := strings.Join(b.lines, "\n"); got != code {
		t.Errorf("%s:%d: the code is not that of %s in %s:\n%s\nthe document has:\n%s", b.doc, b.line, b.marker[2], b.marker[1], code, got)
	}
	if output == "" {
		return
	}
	if len(next) == 0 || next[0].isSession() || next[0].lang != "" {
		t.Errorf("%s:%d: %s has an Output comment; the block after the code must show it", b.doc, b.line, b.marker[2])
		return
	}
	if got := strings.Join(next[0].lines, "\n"); got != output {
		t.Errorf("%s:%d: the output is not that of %s in %s:\n%s\nthe document has:\n%s", next[0].doc, next[0].line, b.marker[2], b.marker[1], output, got)
	}
}

// goFunc returns the source of the function name of the Go file path:
// its declaration, its body without the braces and one tab of
// indentation, and the text of its Output comment ("" when it has none),
// which the body leaves out.
func goFunc(path, name string) (decl, body, output string, err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", "", "", err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return "", "", "", err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name || fd.Body == nil {
			continue
		}
		off := func(p token.Pos) int { return fset.Position(p).Offset }
		end := off(fd.Body.Rbrace)
		for _, cg := range f.Comments {
			if cg.Pos() > fd.Body.Lbrace && cg.End() < fd.Body.Rbrace && strings.HasPrefix(cg.Text(), "Output:") {
				end = off(cg.Pos())
				var out []string
				for _, c := range cg.List[1:] {
					out = append(out, strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), " "))
				}
				output = strings.Join(out, "\n")
			}
		}
		lines := strings.Split(strings.Trim(string(src[off(fd.Body.Lbrace)+1:end]), "\n\t "), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return string(src[off(fd.Pos()):off(fd.End())]), strings.Join(lines, "\n"), output, nil
	}
	return "", "", "", fmt.Errorf("%s has no function %s", path, name)
}

// checkGoLines checks b, a fragment of Go code, against the functions its
// marker names ("go-lines FILE FUNC ..."): each of its lines is one of
// theirs, but for a comment at its end.
func checkGoLines(t *testing.T, b docBlock) {
	t.Helper()
	if len(b.marker) < 3 || len(b.marker)%2 != 1 {
		t.Errorf("%s:%d: the marker is <!-- go-lines: FILE FUNC ... -->", b.doc, b.line)
		return
	}
	code := map[string]bool{}
	for i := 1; i < len(b.marker); i += 2 {
		decl, _, _, err := goFunc(b.marker[i], b.marker[i+1])
		if err != nil {
			t.Errorf("%s:%d: %v", b.doc, b.line, err)
			return
		}
		for _, l := range strings.Split(decl, "\n") {
			code[codeLine(l)] = true
		}
	}
	for _, l := range b.lines {
		if l := codeLine(l); l != "" && !code[l] {
			t.Errorf("%s:%d: the line %q is in none of %v", b.doc, b.line, l, b.marker[1:])
		}
	}
}

// codeLine is a line of Go code without its indentation and a comment
// at its end; "" for a comment line.
func codeLine(l string) string {
	if i := strings.Index(l, "// "); i >= 0 {
		l = l[:i]
	}
	return strings.TrimSpace(l)
}
