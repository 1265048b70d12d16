package output

import (
	"errors"
	"io"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// unleash writes what the reference server answers for the one file
// (the run takes only one): the validation response, byte for byte
// (importvalidate.MarshalResponse), with the extra rules' findings under
// -strict; or, for a file that fails the structural tier, the body of
// the reference's 400 without its random id. Characters the output rule
// keeps from being written raw are written as JSON escapes, which leaves
// the values as they are. The 400's body is written as the instance's
// version writes it (File.ErrorStyle).
type unleash struct {
	w    io.Writer
	done bool
}

func (o *unleash) File(f File) error {
	if o.done {
		return errors.New("-format unleash writes the answer for one file")
	}
	o.done = true
	rep := f.Report
	if rep.Structural.HasErrors() {
		body := adminhttp.BadDataBody("", rep.Structural, f.ErrorStyle)
		_, err := io.WriteString(o.w, safetext.Text(string(body))+"\n")
		return err
	}
	resp := rep.Reference()
	if f.Strict {
		resp = rep.Response()
	}
	_, err := io.WriteString(o.w, safetext.Text(string(importvalidate.MarshalResponse(resp)))+"\n")
	return err
}

func (o *unleash) Close(Totals) error { return nil }
