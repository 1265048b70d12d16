package unleashapi

import "github.com/flagadmin/flagadmin/importvalidate/instance"

// Instance is c as one source of the instance's state: its State, Tokens,
// Users and Plan are c. Closing it releases nothing.
func (c *Client) Instance() *instance.Instance {
	return &instance.Instance{State: c, Tokens: c, Users: c, Plan: c}
}
