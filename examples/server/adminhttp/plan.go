package adminhttp

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// PathPlan is flagadmin's own extension, absent from Unleash: what an
// import of the body will change (plan.Plan), before it runs. It takes
// the validation's body, authentication and answers to a bad request,
// and answers 200 with {"validation": the validation's answer, "plan":
// the plan}; "plan" is absent when the validation has errors or missing
// permissions, since the import would then be refused.
const PathPlan = "/api/admin/features-batch/plan"

// planResponse is the answer of PathPlan.
type planResponse struct {
	Validation json.RawMessage `json:"validation"`
	Plan       *plan.Plan      `json:"plan,omitempty"`
}

// planEndpoint returns the endpoint of PathPlan: the validation of v,
// answered with the plan of the body beside the validation's answer.
func (v *validation) planEndpoint(p *plan.Planner) *endpoint {
	pv := *v
	pv.planner = p
	return pv.endpoint()
}

// respondPlan answers the plan endpoint: the validation's answer, and pl
// when the validation let the import through.
func (h *validation) respondPlan(w http.ResponseWriter, rep *importvalidate.Report, pl *plan.Plan) outcome {
	answer := planResponse{Validation: importvalidate.MarshalResponse(h.response(rep)), Plan: pl}
	b, err := json.Marshal(answer)
	if err != nil {
		return h.fail(w, fmt.Errorf("adminhttp: planning: %w", err))
	}
	writeJSON(w, http.StatusOK, b)
	return outcome{}
}
