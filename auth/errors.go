package auth

import "strings"

// Error is a failure of authentication, or a kind of token that the admin
// API refuses. Its values are the constants below; compare them with
// errors.Is.
type Error string

// Error returns the text of the constant.
func (e Error) Error() string { return string(e) }

// The failures of authentication.
const (
	// ErrNoToken means the request carries no token: the authorization
	// header is missing or blank, or there is no principal.
	ErrNoToken Error = "auth: the request carries no token"
	// ErrUnknownToken means no principal has the token.
	ErrUnknownToken Error = "auth: the token is unknown"
	// ErrTokenKind means the caller's kind of token (client, frontend)
	// may not use the admin API.
	ErrTokenKind Error = "auth: this kind of token may not use the admin API"
)

// PermissionError means the caller is authenticated but holds none of
// Permissions in Project and Environment.
type PermissionError struct {
	// Permissions are the permissions of which the caller needs one.
	Permissions []string
	// Project and Environment are the scope they were needed in; "" when
	// not limited to a project or environment.
	Project     string
	Environment string
}

// Error names the permissions and their scope.
func (e *PermissionError) Error() string {
	s := "auth: missing permission " + strings.Join(e.Permissions, " or ")
	if e.Project != "" {
		s += " in project " + e.Project
	}
	if e.Environment != "" {
		s += " in environment " + e.Environment
	}
	return s
}
