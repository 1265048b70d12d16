package unleashdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
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

// wrap wraps err with op, redacting secrets from its message. An error
// that says the database is unavailable (see UnavailableError) comes back
// as one.
func wrap(op string, err error, secrets ...string) error {
	e := &opError{msg: scrub("unleashdb: "+op+": "+err.Error(), secrets), err: err}
	if unavailable(err) {
		return &UnavailableError{e: e}
	}
	return e
}

// UnavailableError is the error of an operation that the database could
// not serve now: it did not answer within Options.QueryTimeout (a held
// lock, a slow query, a network that drops packets), the connection was
// refused or lost, the server is shutting down or starting, or the role
// or the server may open no more connections. The same operation may
// succeed later. Its message names the operation and never holds a
// secret; errors.Is and errors.As reach the driver's error through it.
type UnavailableError struct {
	e *opError
}

func (e *UnavailableError) Error() string { return e.e.msg }
func (e *UnavailableError) Unwrap() error { return e.e.err }

// Unavailable reports true. It lets a caller that does not import this
// package (an HTTP adapter answering 503 with Retry-After) tell an
// unavailable store from a failing one, with errors.As and an interface
// of this one method.
func (e *UnavailableError) Unavailable() bool { return true }

// unavailable reports whether err says that the database could not serve
// the request now, rather than that the request or the schema is wrong.
// A cancelled context is neither: the caller went away.
func unavailable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"), // connection exception
			strings.HasPrefix(pe.Code, "53"),                           // insufficient resources: too many connections, out of memory
			pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // shutting down, cannot connect now
			pe.Code == "55P03", // lock not available (lock_timeout)
			pe.Code == "57014": // statement_timeout
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) || errors.As(err, &ce) ||
		errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// redact returns err with secrets removed from its message, of the same
// kind (an *UnavailableError stays one).
func redact(err error, secrets ...string) error {
	msg := scrub(err.Error(), secrets)
	if msg == err.Error() {
		return err
	}
	e := &opError{msg: msg, err: err}
	var u *UnavailableError
	if errors.As(err, &u) {
		return &UnavailableError{e: e}
	}
	return e
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
