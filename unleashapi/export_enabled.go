package unleashapi

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// featuresEnabled returns raw, the export ex of environment env by an
// instance whose export says the environment's enabled rather than the
// feature's (profile.AdminAPI.ExportEnvironmentEnabled, 6.x), with each
// feature's own status there, as its own endpoint (GET
// /api/admin/projects/{project}/features/{name}) says it: one request per
// feature that is not archived, as a plan reads them. Without this, a
// disabled feature would be exported enabled, and the import of the file
// would turn it on. Only the values that differ change, in place.
func (c *Client) featuresEnabled(ctx context.Context, raw []byte, ex *exportAnswerEnv, env string) ([]byte, error) {
	features := make([]model.Feature, len(ex.Features))
	for i, f := range ex.Features {
		features[i] = model.Feature{Name: f.Name, Project: &f.Project, Archived: &f.Archived}
	}
	settings, err := c.readFeatureSettings(ctx, features)
	if err != nil {
		return nil, err
	}
	type change struct {
		at      int64
		enabled bool
	}
	var pointers []string
	var changes []change
	for i, fe := range ex.FeatureEnvironments {
		s := settings[fe.FeatureName]
		if s == nil {
			continue
		}
		for _, e := range s.Environments {
			if e.Name == env && e.Enabled != fe.Enabled {
				pointers = append(pointers, "/featureEnvironments/"+strconv.Itoa(i)+"/enabled")
				changes = append(changes, change{enabled: e.Enabled})
			}
		}
	}
	for i, at := range jsonwire.Locate(raw, pointers) {
		changes[i].at = at
	}
	// From the last, so that the offsets before stay where they are.
	slices.SortFunc(changes, func(a, b change) int { return cmp.Compare(b.at, a.at) })
	out := slices.Clone(raw)
	for _, ch := range changes {
		was, now := strconv.FormatBool(!ch.enabled), strconv.FormatBool(ch.enabled)
		if ch.at < 0 || string(out[ch.at:min(int(ch.at)+len(was), len(out))]) != was {
			return nil, c.errorf(request{method: http.MethodPost, path: pathExport}, 0, ErrBadAnswer, nil,
				"the export's featureEnvironments do not hold the enabled the answer was read with")
		}
		out = slices.Concat(out[:ch.at], []byte(now), out[ch.at+int64(len(was)):])
	}
	return out, nil
}
