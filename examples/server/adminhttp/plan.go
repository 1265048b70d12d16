package adminhttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
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

// plan serves PathPlan: the validation runs as for PathValidate on the
// same bytes, and its answer is passed on unless it is a 200 without
// errors or missing permissions, in which case the plan joins it.
func (h *handler) plan(w http.ResponseWriter, raw http.ResponseWriter, r *http.Request) outcome {
	var body bytes.Buffer
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.TeeReader(r.Body, &body), r.Body}
	vw := &bufferedWriter{header: http.Header{}}
	out := h.validate(vw, raw, r)
	var resp model.ValidateResponse
	if out.gone || vw.status != http.StatusOK || json.Unmarshal(vw.body.Bytes(), &resp) != nil {
		vw.copyTo(w)
		return out
	}
	answer := planResponse{Validation: vw.body.Bytes()}
	if len(resp.Errors)+len(resp.Permissions) == 0 {
		p, err := h.planner.PlanBody(r.Context(), body.Bytes(), plan.Target{})
		if err != nil {
			if r.Context().Err() != nil {
				return outcome{gone: true}
			}
			return h.internal(w, fmt.Errorf("adminhttp: planning: %w", err))
		}
		answer.Plan = p
	}
	b, err := json.Marshal(answer)
	if err != nil {
		return h.internal(w, fmt.Errorf("adminhttp: planning: %w", err))
	}
	writeJSON(w, http.StatusOK, b)
	return outcome{}
}

// bufferedWriter holds an answer to pass it on or replace it.
type bufferedWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

func (b *bufferedWriter) copyTo(w http.ResponseWriter) {
	for k, v := range b.header {
		w.Header()[k] = v
	}
	if b.status != 0 {
		w.WriteHeader(b.status)
	}
	_, _ = w.Write(b.body.Bytes())
}
