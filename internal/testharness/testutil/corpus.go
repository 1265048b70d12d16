package testutil

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ParseCorpus reads a file of the corpus format of go test fuzz: the
// line "go test fuzz v1", then one value per line written as a Go
// conversion of a literal, such as []byte("{}") or bool(true).
func ParseCorpus(b []byte) ([]any, error) {
	lines := strings.Split(string(b), "\n")
	if strings.TrimSuffix(lines[0], "\r") != "go test fuzz v1" {
		return nil, fmt.Errorf("first line %q is not %q", lines[0], "go test fuzz v1")
	}
	var vals []any
	for n, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := parseCorpusValue(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+2, err)
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return nil, errors.New("no values")
	}
	return vals, nil
}

func parseCorpusValue(line string) (any, error) {
	expr, err := parser.ParseExpr(line)
	if err != nil {
		return nil, err
	}
	call, ok := expr.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, fmt.Errorf("%q is not a conversion of one value", line)
	}
	var typ string
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		typ = fn.Name
	case *ast.ArrayType:
		if el, ok := fn.Elt.(*ast.Ident); ok && fn.Len == nil && (el.Name == "byte" || el.Name == "uint8") {
			typ = "[]byte"
		}
	}
	arg := call.Args[0]
	if typ == "bool" {
		id, ok := arg.(*ast.Ident)
		if !ok || (id.Name != "true" && id.Name != "false") {
			return nil, fmt.Errorf("%q: not a boolean", line)
		}
		return id.Name == "true", nil
	}
	lit, ok := arg.(*ast.BasicLit)
	if !ok {
		return nil, fmt.Errorf("%q: the argument is not a literal", line)
	}
	switch typ {
	case "[]byte", "string":
		if lit.Kind != token.STRING {
			return nil, fmt.Errorf("%q: not a string literal", line)
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return nil, err
		}
		if typ == "string" {
			return s, nil
		}
		return []byte(s), nil
	case "byte", "uint8":
		switch lit.Kind {
		case token.CHAR:
			r, _, _, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
			if err != nil || r > 0xFF {
				return nil, fmt.Errorf("%q: not a byte", line)
			}
			return byte(r), nil
		case token.INT:
			n, err := strconv.ParseUint(lit.Value, 0, 8)
			if err != nil {
				return nil, err
			}
			return byte(n), nil
		}
	case "int", "int64":
		if lit.Kind == token.INT {
			n, err := strconv.ParseInt(lit.Value, 0, 64)
			if err != nil {
				return nil, err
			}
			if typ == "int" {
				return int(n), nil
			}
			return n, nil
		}
	}
	return nil, fmt.Errorf("%q: unsupported value", line)
}

// MarshalCorpus writes values in the corpus format of go test fuzz. A
// value of a type the format does not take here fails tb.
func MarshalCorpus(tb testing.TB, vals ...any) []byte {
	tb.Helper()
	var b bytes.Buffer
	b.WriteString("go test fuzz v1\n")
	for _, v := range vals {
		switch x := v.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", x)
		case string:
			fmt.Fprintf(&b, "string(%q)\n", x)
		case bool:
			fmt.Fprintf(&b, "bool(%v)\n", x)
		case byte:
			fmt.Fprintf(&b, "byte(%q)\n", x)
		default:
			tb.Fatalf("MarshalCorpus: unsupported value %T", v)
		}
	}
	return b.Bytes()
}

// CheckSeeds fails tb for each seed file in dir that is not in the corpus
// format of go test fuzz or whose values do not have the types of the fuzz
// target's arguments, and when dir holds no seed.
func CheckSeeds(tb testing.TB, dir string, types ...reflect.Type) {
	tb.Helper()
	files, err := os.ReadDir(dir)
	if err != nil || len(files) == 0 {
		tb.Errorf("no seeds in %s (%v)", dir, err)
		return
	}
	for _, fi := range files {
		path := filepath.Join(dir, fi.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			tb.Errorf("%s: %v", path, err)
			continue
		}
		vals, err := ParseCorpus(b)
		if err != nil {
			tb.Errorf("%s: %v", path, err)
			continue
		}
		if len(vals) != len(types) {
			tb.Errorf("%s: %d values; the target takes %d", path, len(vals), len(types))
			continue
		}
		for i, v := range vals {
			if reflect.TypeOf(v) != types[i] {
				tb.Errorf("%s: value %d is a %T; the target wants %v", path, i, v, types[i])
			}
		}
	}
}

// WriteSeeds writes seeds, a file name and its content each, into dir,
// creating dir. It first removes the generated seeds already there (the
// files whose names hold a '-'); seeds that the fuzzer added, named by
// their hash, are kept.
func WriteSeeds(tb testing.TB, dir string, seeds map[string][]byte) {
	tb.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	old, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	for _, fi := range old {
		if strings.Contains(fi.Name(), "-") {
			if err := os.Remove(filepath.Join(dir, fi.Name())); err != nil {
				tb.Fatal(err)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(seeds)) {
		if err := os.WriteFile(filepath.Join(dir, name), seeds[name], 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Logf("%s: %d seeds", dir, len(seeds))
}
