package unleashapi

import "github.com/flagadmin/flagadmin/instance"

// Instance is c as one source of the instance's state: its State, Tokens
// and Users are c. Its Version is the instance's once checked (call
// Profile or Version first), else the zero value, the default version.
// Closing it releases nothing.
func (c *Client) Instance() *instance.Instance {
	return &instance.Instance{State: c, Tokens: c, Users: c, Version: c.knownVersion()}
}
