package plan

import (
	"context"
	"encoding/json"
	"errors"
	"math"

	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
	"github.com/flagadmin/flagadmin/model"
)

// ErrBody is returned, wrapped, by PlanBody for a body that is not an
// import request. Validate the body first: importvalidate says what is
// wrong with it, and an import the validation refuses changes nothing.
var ErrBody = errors.New("plan: the body is not an import request")

// PlanBody plans the raw bytes of an import request body, the body of
// the validation and of the import.
func (p *Planner) PlanBody(ctx context.Context, body []byte, t Target) (*Plan, error) {
	imp, ok := fastpath.DecodeContext(ctx, body, math.MaxInt)
	if !ok {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// A body the fast path does not take (an integer written 1e2, say)
		// may still decode.
		imp = &model.ImportRequest{}
		if err := json.Unmarshal(body, imp); err != nil {
			return nil, ErrBody
		}
	}
	return p.Plan(ctx, imp, t)
}
