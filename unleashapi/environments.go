package unleashapi

import (
	"context"
	"sync"
	"time"
)

// featureEnvs are the environments the features show, read by
// environment when the list of environments does not name the one asked for.
type featureEnvs struct {
	mu    sync.Mutex
	names map[string]bool
	at    time.Time
}

// environment reports whether an environment exists (Reading.Environment):
// it does when GET /api/admin/environments lists it. The open-source
// edition lists only development and production, so a name it does not
// list is looked for among the environments the features show (the
// feature search, every page, reused for Options.ListTTL); one that no
// feature's project has is then reported missing.
func (c *Client) environment(ctx context.Context, name string) (bool, error) {
	if name == "" {
		return false, nil
	}
	envs, err := get(ctx, c, &c.envs, "/api/admin/environments")
	if err != nil {
		return false, err
	}
	for _, e := range envs.Environments {
		if e.Name == name {
			return true, nil
		}
	}
	c.featureEnvs.mu.Lock()
	defer c.featureEnvs.mu.Unlock()
	if c.featureEnvs.names == nil || c.opts.ListTTL <= 0 || time.Since(c.featureEnvs.at) >= c.opts.ListTTL {
		features, err := c.searchAll(ctx, false)
		if err != nil {
			return false, err
		}
		names := map[string]bool{}
		for _, f := range features {
			for _, e := range f.Environments {
				names[e.Name] = true
			}
		}
		c.featureEnvs.names, c.featureEnvs.at = names, time.Now()
	}
	return c.featureEnvs.names[name], nil
}
