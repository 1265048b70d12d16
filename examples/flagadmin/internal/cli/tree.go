package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// The repository layout of export -all, plan DIR and apply DIR: one file
// per project and environment, DIR/PROJECT/ENVIRONMENT.json, each the
// canonical export of the project's features in the environment. The
// target of a file is its path.

// treeExt is the extension of a tree's files.
const treeExt = ".json"

// treeFile is one file of a tree.
type treeFile struct {
	// path is the file's path, under the tree's directory.
	path string
	// project and environment are the target its path names.
	project, environment string
}

// treePath is the path of the file of project and environment in the tree
// dir; an error when a name cannot be one path element (see
// pathElement).
func treePath(dir, project, environment string) (string, error) {
	if err := pathElement("project", project); err != nil {
		return "", err
	}
	if err := pathElement("environment", environment); err != nil {
		return "", err
	}
	return filepath.Join(dir, project, environment+treeExt), nil
}

// pathElement refuses a name that is not one plain element of a path on
// every system: empty, "." or "..", with a separator, a control
// character, or a character Windows forbids in file names. Unleash's
// names are URL-friendly, so this refuses only a hostile or damaged one.
func pathElement(what, name string) error {
	bad := name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\:*?"<>|`) ||
		strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || r == unicode.ReplacementChar }) >= 0
	if bad {
		return fmt.Errorf("the %s %q cannot name a file or a directory of the tree", what, name)
	}
	return nil
}

// isTree reports whether the arguments name a tree: one directory whose
// files of treeExt are all at DIR/PROJECT/ENVIRONMENT.json (and at least
// one). Other files (a README, .git) do not count.
func isTree(args []string) bool {
	if len(args) != 1 {
		return false
	}
	files, err := readTree(args[0])
	return err == nil && len(files) > 0
}

// readTree lists the files of the tree dir, sorted by project, then
// environment: its error names a file of treeExt elsewhere than at
// DIR/PROJECT/ENVIRONMENT.json, or a directory that cannot be read.
// Hidden files and directories (.git) are passed over.
func readTree(dir string) ([]treeFile, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir, unwrapPath(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", dir)
	}
	var out []treeFile
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(p), treeExt) {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if len(parts) != 2 {
			return fmt.Errorf("%s: not at DIR/PROJECT/ENVIRONMENT%s", p, treeExt)
		}
		env := strings.TrimSuffix(parts[1], filepath.Ext(parts[1]))
		out = append(out, treeFile{path: p, project: parts[0], environment: env})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].project != out[j].project {
			return out[i].project < out[j].project
		}
		return out[i].environment < out[j].environment
	})
	return out, nil
}
