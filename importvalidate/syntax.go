package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/internal/schema"

// CheckSyntax returns the syntax problem of body (code CodeSyntax, as
// Validate finds and locates it in a request body), or nil when body is a
// JSON text. A body of zero bytes, or only a byte order mark, is one:
// Validate reads it as {}.
//
// It is the check for a body no one has vouched for yet, such as one that
// an HTTP server must refuse before it looks at the credentials: it looks
// for the syntax error only (no depth limit, no duplicate key, no schema),
// keeps no tree and allocates nothing but one bit per open container
// beyond 64, so its cost is one pass over body however the body nests.
func CheckSyntax(body []byte) Problems {
	p, ok := schema.SyntaxProblem(body)
	if ok {
		return nil
	}
	return Problems{syntaxProblem(p.Location, p.Detail)}
}

// syntaxProblem is the diagnostic of a syntax error that d describes.
func syntaxProblem(l Location, d schema.Detail) Diagnostic {
	info, _ := lookup(CodeSyntax)
	return structural(info, false, l, d)
}
