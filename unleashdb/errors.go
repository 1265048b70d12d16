package unleashdb

import (
	"fmt"
	"net/url"
	"strings"
)

// opError is a database error wrapped with the operation that failed. Its
// message has the secrets it was built with replaced by "xxxxx"; Unwrap
// gives the original error, for errors.Is and errors.As.
type opError struct {
	msg string
	err error
}

func (e *opError) Error() string { return e.msg }
func (e *opError) Unwrap() error { return e.err }

// wrap wraps err with op, redacting secrets from its message.
func wrap(op string, err error, secrets ...string) error {
	return &opError{msg: scrub("unleashdb: "+op+": "+err.Error(), secrets), err: err}
}

// redact returns err with secrets removed from its message.
func redact(err error, secrets ...string) error {
	msg := scrub(err.Error(), secrets)
	if msg == err.Error() {
		return err
	}
	return &opError{msg: msg, err: err}
}

func scrub(msg string, secrets []string) string {
	for _, s := range secrets {
		if len(s) >= 3 {
			msg = strings.ReplaceAll(msg, s, "xxxxx")
		}
	}
	return msg
}

// secretsOf returns the password of a connection URL or key=value string,
// in the forms it may take in a message.
func secretsOf(connString string) []string {
	var out []string
	if u, err := url.Parse(connString); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			out = append(out, pw, url.QueryEscape(pw), url.PathEscape(pw))
		}
	}
	for _, f := range strings.Fields(connString) {
		if v, ok := strings.CutPrefix(f, "password="); ok && v != "" {
			out = append(out, strings.Trim(v, "'"))
		}
	}
	return out
}

// errorf formats an error of operation op.
func errorf(op, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &opError{msg: "unleashdb: " + op + ": " + err.Error(), err: err}
}
