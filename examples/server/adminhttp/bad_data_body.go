package adminhttp

import (
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model/profile"
)

// BadDataBody is the body of the reference's 400 answer to a request body
// that is not JSON or fails the schema, as the handler writes it: name
// BadDataError, its message, and one detail per structural error of ps
// (importvalidate.Diagnostic.Detail), in the form and member order of the
// version whose error style is style (profile.Profile.Errors; 5.x adds
// "description" and writes paths without "/body"). id is the body's id, a
// random UUID in the reference's answers; "" leaves the member out, as a
// report of a file does.
func BadDataBody(id string, ps importvalidate.Problems, style profile.ErrorStyle) []byte {
	return badData(ps).body(id, style)
}
