package unleashtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
)

// AddProjectContextField creates the context field name in project, with
// legal values values, through the instance's admin API (POST
// /api/admin/projects/{project}/context).
func (s *Server) AddProjectContextField(ctx context.Context, project, name string, values ...string) error {
	legal := make([]map[string]string, len(values))
	for i, v := range values {
		legal[i] = map[string]string{"value": v}
	}
	body, err := json.Marshal(map[string]any{"name": name, "legalValues": legal})
	if err != nil {
		return err
	}
	_, err = s.Do(ctx, "POST", "/api/admin/projects/"+project+"/context", "", body)
	return err
}

// AddUserWithoutRootRole creates the user username through the instance's
// admin API, then takes its root role away in the database, which the API
// cannot do; it returns the user's id.
func (s *Server) AddUserWithoutRootRole(ctx context.Context, username string) (int64, error) {
	body, err := json.Marshal(map[string]any{"username": username, "rootRole": 3, "sendEmail": false})
	if err != nil {
		return 0, err
	}
	out, err := s.Do(ctx, "POST", "/api/admin/user-admin", "", body)
	if err != nil {
		return 0, err
	}
	var u struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(out, &u); err != nil || u.ID == 0 {
		return 0, fmt.Errorf("unleashtest: the created user has no id: %s", oneLine(string(out)))
	}
	if err := s.Cluster.Exec(ctx, s.Database, "DELETE FROM role_user WHERE user_id = "+strconv.FormatInt(u.ID, 10)); err != nil {
		return 0, err
	}
	return u.ID, nil
}
