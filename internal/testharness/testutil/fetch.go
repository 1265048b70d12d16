package testutil

import (
	"io"
	"net/http"
)

// Fetch sends req with c and reads the whole answer. The response's body
// is read and closed; its bytes are returned beside the response.
func Fetch(c *http.Client, req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	return resp, b, nil
}
