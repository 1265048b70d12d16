package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/internal/readfile"
)

// input is one file to validate; stdin when path is "".
type input struct {
	name, path string
	// found marks a file found in a directory or by a pattern, rather
	// than named: a state snapshot found so is skipped.
	found bool
}

// size is the size of the input when it is a regular file, else -1.
func (in input) size() int64 {
	if in.path == "" {
		return -1
	}
	st, err := os.Stat(in.path)
	if err != nil || !st.Mode().IsRegular() {
		return -1
	}
	return st.Size()
}

// read reads the input, a regular file or standard input of at most
// limit bytes, until ctx ends. Its error is one line that names the file.
func (in input) read(ctx context.Context, stdin io.Reader, limit int64) ([]byte, error) {
	if in.path == "" {
		return readfile.Reader(ctx, stdin, "standard input", limit)
	}
	return readfile.File(ctx, in.path, limit)
}

// skipped reports whether the input, whose content is raw, is a state
// snapshot found in a directory or by a pattern, which validate skips.
func (in input) skipped(raw []byte) bool { return in.found && instance.IsSnapshot(raw) }

// unwrapPath drops the operation and path of a *fs.PathError, which the
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// excludes are the patterns of -exclude: a file or directory whose path
// or base name matches one is left out.
type excludes []string

func (e *excludes) String() string { return strings.Join(*e, ",") }

// Set adds a pattern, refusing one filepath.Match cannot read.
func (e *excludes) Set(pattern string) error {
	if _, err := filepath.Match(pattern, ""); err != nil {
		return fmt.Errorf("%q: %w", pattern, err)
	}
	*e = append(*e, pattern)
	return nil
}

// match reports whether path is excluded.
func (e excludes) match(path string) bool {
	for _, p := range e {
		if ok, _ := filepath.Match(p, path); ok {
			return true
		}
		if ok, _ := filepath.Match(p, filepath.Base(path)); ok {
			return true
		}
	}
	return false
}

// expand turns the arguments into the files to validate, in order: "-"
// is stdin, a directory the .json files under it (sorted), a pattern with
// *, ? or [ its matches (unless a file has that very name); the files and
// directories ex matches are left out. It returns one line per argument
// that names nothing to validate.
func expand(args []string, ex excludes) (inputs []input, problems []string) {
	for _, a := range args {
		if a == "-" {
			inputs = append(inputs, input{name: "<stdin>"})
			continue
		}
		paths, found := []string{a}, false
		if isPattern(a) {
			m, err := filepath.Glob(a)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", a, err))
				continue
			}
			if len(m) == 0 {
				problems = append(problems, a+": no file matches the pattern")
				continue
			}
			paths, found = m, true
		}
		for _, p := range paths {
			if ex.match(p) {
				continue
			}
			in, problem := files(p, ex)
			if problem != "" {
				problems = append(problems, problem)
			}
			for i := range in {
				in[i].found = in[i].found || found
			}
			inputs = append(inputs, in...)
		}
	}
	return inputs, problems
}

// isPattern reports whether the argument a is a glob pattern: it holds *,
// ? or [ and no file has that very name.
func isPattern(a string) bool {
	if !strings.ContainsAny(a, "*?[") {
		return false
	}
	_, err := os.Lstat(a)
	return err != nil
}

// files returns the file at path, or the .json files of the directory at
// path that ex does not exclude, or a line saying why there is none.
func files(path string, ex excludes) ([]input, string) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", path, unwrapPath(err))
	}
	if !st.IsDir() {
		return []input{{name: path, path: path}}, ""
	}
	var out []input
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p != path && ex.match(p):
			if d.IsDir() {
				return filepath.SkipDir
			}
		case !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json"):
			out = append(out, input{name: p, path: p, found: true})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", path, err)
	}
	if len(out) == 0 {
		if len(ex) > 0 {
			return nil, path + ": the directory holds no .json file that -exclude leaves in"
		}
		return nil, path + ": the directory holds no .json file"
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, ""
}
