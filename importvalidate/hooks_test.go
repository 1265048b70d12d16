package importvalidate

import (
	"reflect"
	"runtime"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/google/go-cmp/cmp"
)

// Hooks into the package for its external tests.

// CheckStructure is v's structural check of raw: the body to decode and
// every problem (see structure.Check).
func (v *Validator) CheckStructure(raw []byte) ([]byte, Problems) { return v.structure.Check(raw) }

// CmpDiagnostics makes go-cmp compare diagnostics by what they show.
var CmpDiagnostics = cmp.Transformer("show", show)

// CheckName is the name of the function that checks the rule of code, ""
// for a code that has none.
func CheckName(code Code) string {
	info, _ := lookup(code)
	var check any = info.check
	if info.fromModel {
		check = importmodel.CheckOf(importmodel.Kind(code))
	}
	if reflect.ValueOf(check).IsNil() {
		return ""
	}
	name := runtime.FuncForPC(reflect.ValueOf(check).Pointer()).Name()
	return name[strings.LastIndexByte(name, '.')+1:]
}
