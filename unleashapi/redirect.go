package unleashapi

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is the number of redirects followed within the instance's
// origin, as net/http's default.
const maxRedirects = 10

// redirectError is the error of a redirect to another origin, which is
// not followed: a token, the client's or a caller's, never leaves the
// instance's origin.
type redirectError struct{ to string }

func (e *redirectError) Error() string {
	return "the instance redirects to another origin, " + e.to + ", which is not followed (no token is sent there): is that the instance's base URL?"
}

// sameOriginRedirects returns a copy of hc that follows a redirect only
// to the origin (scheme, host and port) of the first request, and then as
// hc's own CheckRedirect decides.
func sameOriginRedirects(hc *http.Client) *http.Client {
	cp := *hc
	next := hc.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if to := origin(req.URL); to != origin(via[0].URL) {
			return &redirectError{to: to}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cp
}

// origin returns scheme://host:port of u, in lower case, with the
// scheme's default port when u names none.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
