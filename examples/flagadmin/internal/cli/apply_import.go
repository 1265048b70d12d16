package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// outcome is what apply saw of one import.
type outcome int

const (
	// landed: the instance answered 2xx, or showed the plan's state
	// after an answer that did not say.
	landed outcome = iota
	// notLanded: the instance refused the import, or it never reached
	// the instance; the instance is as before.
	notLanded
	// unknown: neither could be seen.
	unknown
)

// importAll imports the entries in order, each checked again just
// before its import, and compares the instance with each plan
// afterwards. An entry sent in several imports (verified.parts) is
// imported part after part, each checked just before it is sent (the
// instance must be as the previous part left it) and compared with the
// plan once it lands; apply stops at the first failure, naming what
// landed.
func (a *applier) importAll(ctx context.Context, entries []planfile.Entry, checked []verified) int {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	code := ExitOK
	var done, rest []string
	for i, e := range entries {
		if checked[i].plan.HasChanges() {
			rest = append(rest, safetext.String(e.File))
		}
	}
	stop := func(c int) int {
		if len(done) > 0 {
			say("imported before: %s", strings.Join(done, ", "))
		} else if c == ExitFindings {
			say("nothing was imported")
		}
		if len(rest) > 0 {
			say("not imported: %s", strings.Join(rest, ", "))
		}
		return c
	}
	total, n := 0, 0
	for i := range entries {
		if checked[i].plan.HasChanges() {
			total += len(checked[i].parts)
		}
	}
	// The projects of which a file was imported: the plans of their
	// later files read what that import changed.
	imported := map[string]bool{}
	for i, e := range entries {
		v := checked[i]
		if !v.plan.HasChanges() {
			continue
		}
		name := safetext.String(e.File)
		follow := imported[e.Project]
		if follow {
			nv, refusal, err := a.verify(ctx, &e, true)
			if err != nil || refusal != "" {
				if err != nil {
					refusal = err.Error()
				}
				say("%s: not imported: %s", name, refusal)
				return stop(ExitImportFailed)
			}
			if v = nv; !v.plan.HasChanges() {
				rest = rest[1:]
				fmt.Fprintf(a.env.Stdout, "\nApplied %s to project %s, environment %s: nothing was left to change after the project's earlier files.\n",
					name, safetext.String(e.Project), safetext.String(e.Environment))
				continue
			}
		}
		before := v.before
		// The instance's event log, from now on: what another writer does
		// between this check and the last import's re-read.
		mark, watching := a.mark(ctx, e)
		for k, body := range v.parts {
			n++
			pv, partName := v, name
			if len(v.parts) > 1 {
				partName = fmt.Sprintf("%s (import %d of %d)", name, k+1, len(v.parts))
				pv.before = before
				var imp model.ImportRequest
				if err := json.Unmarshal(body, &imp); err != nil {
					say("%s: not imported: %v", partName, err)
					return stop(ExitImportFailed)
				}
				pv.imp = &imp
			}
			if k == 0 && !follow {
				if changed, err := planfile.Check(ctx, v.reads, a.client); err != nil || len(changed) > 0 {
					if err != nil {
						say("%s: not imported: checking its plan again failed: %v", name, err)
						return stop(ExitImportFailed)
					}
					a.sayStale(e, changed)
					say("%s: not imported: its plan no longer holds", name)
					if len(done) == 0 {
						return stop(ExitFindings)
					}
					return stop(ExitImportFailed)
				}
			} else if now, err := a.current(ctx, *v.query); err != nil || !planfile.SameCurrent(*v.query, before, now) {
				if err != nil {
					say("%s: not imported: reading the features again failed: %v", partName, err)
				} else {
					say("%s: not imported: the features changed since the previous import of the file landed (another writer?)", partName)
				}
				return stop(ExitImportFailed)
			}
			if watching {
				if others := a.othersSince(ctx, mark, v.plan, k); len(others) > 0 {
					say("%s: not imported: the instance is being changed now:", partName)
					a.list(others)
					if len(done) == 0 {
						return stop(ExitFindings)
					}
					return stop(ExitImportFailed)
				}
			}
			if a.env.errTerminal && total > 1 {
				say("importing %d of %d: %s", n, total, partName)
			}
			start := time.Now()
			err := a.importShowingProgress(ctx, partName, body)
			switch a.settle(ctx, e, pv, err, start) {
			case notLanded, unknown:
				return stop(ExitImportFailed)
			}
			label := name
			if k < len(v.parts)-1 {
				label = fmt.Sprintf("%s (imports 1 to %d of %d)", name, k+1, len(v.parts))
			}
			if k == 0 {
				done, rest = append(done, label), rest[1:]
				imported[e.Project] = true
			} else {
				done[len(done)-1] = label
			}
			after, err := a.current(ctx, *v.query)
			if err != nil {
				say("%s: imported; reading the features again failed: %v", partName, err)
				return stop(ExitDiffers)
			}
			if k < len(v.parts)-1 {
				d, err := plan.Outcome(v.plan, &pv.imp.Data, pv.before, after)
				if err == nil && len(d) > 0 {
					say("%s: imported, but the instance differs from the plan; the file's other imports were not sent:", partName)
					a.list(d)
					return stop(ExitDiffers)
				}
				fmt.Fprintf(a.env.Stdout, "Imported %s: %d %s.\n", partName, len(pv.imp.Data.Features), plural(len(pv.imp.Data.Features), "feature", "features"))
				before = after
				continue
			}
			if c := a.compare(ctx, e, v, after, mark, watching, len(v.parts)); c != ExitOK {
				code = c
			}
		}
	}
	return code
}

// compare compares the instance after the imports of e (after) with its
// plan, and says how it went; with watching, it reads the event log from
// mark, before the first of its imports (own of them), for other
// writers' changes of the same features.
func (a *applier) compare(ctx context.Context, e planfile.Entry, v verified, after *model.Snapshot, mark int64, watching bool, own int) int {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	name := safetext.String(e.File)
	d, err := plan.Outcome(v.plan, &v.imp.Data, v.before, after)
	if err != nil {
		say("%s: imported; the features read again: %v", name, err)
		return ExitDiffers
	}
	var others []string
	if watching {
		others = a.othersSince(ctx, mark, v.plan, own)
	}
	code := ExitOK
	switch {
	case len(d) > 0:
		code = ExitDiffers
		say("%s: imported, but the instance differs from the plan:", name)
		a.list(d)
	case len(others) > 0:
		code = ExitDiffers
		say("%s: imported, and the instance matches the plan, but another writer changed the same features while apply ran; the import may have undone those changes:", name)
		a.list(others)
	default:
		fmt.Fprintf(a.env.Stdout, "\nApplied %s to project %s, environment %s: the instance now matches the plan (%s).\n",
			name, safetext.String(e.Project), safetext.String(e.Environment), totalsText(v.plan))
	}
	if len(others) > 0 && len(d) > 0 {
		say("%s: another writer changed the same features while apply ran:", name)
		a.list(others)
	}
	return code
}

// list writes lines, indented, each once.
func (a *applier) list(lines []string) {
	seen := map[string]bool{}
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			fmt.Fprintf(a.env.Stderr, "  %s\n", l)
		}
	}
}

// importShowingProgress imports body, of the file name; on a terminal,
// an import that takes more than a second says that it is waiting, every
// ten seconds.
func (a *applier) importShowingProgress(ctx context.Context, name string, body []byte) error {
	done := make(chan struct{})
	defer close(done)
	if a.env.errTerminal {
		go func() {
			start := time.Now()
			wait := time.Second
			for {
				select {
				case <-done:
					return
				case <-time.After(wait):
				}
				sayTo(a.env.Stderr, "flagadmin apply")("%s: waiting for the instance to import it (%s of at most %s)",
					name, time.Since(start).Round(time.Second), a.cfg.importTimeout)
				wait = 10 * time.Second
			}
		}()
	}
	return a.im.Import(ctx, body)
}

// settle says what became of an import that answered err, and returns
// it: landed, not landed (refused, or never sent) or unknown. An answer
// that does not say (no answer in time, a lost connection, a 5xx) is
// followed by reads of the instance, every two seconds for up to
// -outcome-wait, until they show the plan's state.
func (a *applier) settle(ctx context.Context, e planfile.Entry, v verified, err error, start time.Time) outcome {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	name := safetext.String(e.File)
	if err == nil {
		return landed
	}
	var refused *unleashapi.RefusedError
	var ue *unleashapi.Error
	switch {
	case errors.As(err, &refused):
		say("%s: the instance refused the import: %v", name, err)
		a.left(ctx, e, v)
		return notLanded
	case errors.As(err, &ue) && ue.NotSent():
		say("%s: the import was not sent whole (%v): nothing was changed", name, err)
		return notLanded
	case !errors.As(err, &ue) || ue.Endpoint != unleashapi.ImportPath:
		// A failure before the import (the token's check, a body that
		// is not JSON).
		say("%s: the import was not sent: %v: nothing was changed", name, err)
		return notLanded
	}
	say("%s: the import's answer does not say what happened (%v)", name, err)
	if ctx.Err() != nil {
		say("%s: interrupted: the import was sent, and Unleash may still commit it: what it left is unknown; run 'flagadmin plan' on the same file: no changes means it landed", name)
		return unknown
	}
	say("%s: reading the instance until it shows the plan's state, for up to %s", name, a.cfg.outcomeWait)
	deadline := time.Now().Add(a.cfg.outcomeWait)
	var last []string
	var lastErr error
	asBefore := false
	for {
		now, rerr := a.current(ctx, *v.query)
		switch {
		case rerr != nil:
			lastErr = rerr
		case planfile.SameCurrent(*v.query, v.before, now):
			asBefore, last, lastErr = true, nil, nil
		default:
			d, oerr := plan.Outcome(v.plan, &v.imp.Data, v.before, now)
			if oerr == nil && len(d) == 0 {
				say("%s: the import landed: the instance shows the plan's state %s after the import was sent", name, time.Since(start).Round(time.Second))
				return landed
			}
			asBefore, last, lastErr = false, d, oerr
		}
		if !time.Now().Before(deadline) || ctx.Err() != nil {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(min(2*time.Second, time.Until(deadline))):
		}
	}
	switch {
	case asBefore:
		say("%s: the outcome is unknown: the instance was still as before %s after the import was sent, and Unleash may still commit it", name, time.Since(start).Round(time.Second))
	case lastErr != nil:
		say("%s: the outcome is unknown: reading the instance failed: %v", name, lastErr)
	default:
		say("%s: the outcome is unknown: the instance changed, and does not match the plan:", name)
		a.list(last)
	}
	say("%s: to find out, run 'flagadmin plan -unleash %s' on the same file later: no changes means it landed", name, a.client.BaseURL())
	return unknown
}

// left reads the instance after a refused import and says what the
// import left: nothing (Unleash imports in one transaction), or what
// changed.
func (a *applier) left(ctx context.Context, e planfile.Entry, v verified) {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	name := safetext.String(e.File)
	now, err := a.current(ctx, *v.query)
	if err != nil {
		say("%s: reading the features again failed, so what the instance holds now is unknown: %v", name, err)
		return
	}
	if planfile.SameCurrent(*v.query, v.before, now) {
		say("%s: the instance is as before: nothing was changed (Unleash imports a file in one transaction)", name)
		return
	}
	d, err := plan.Outcome(v.plan, &v.imp.Data, v.before, now)
	switch {
	case err != nil:
		say("%s: the instance changed since the check; how is unknown: %v", name, err)
	case len(d) == 0:
		say("%s: the instance matches the plan despite the refusal", name)
	default:
		say("%s: the instance changed since the check (another writer?), and does not match the plan:", name)
		a.list(d)
	}
}

// planFeatures are the names of the features a plan imports.
func planFeatures(p *plan.Plan) map[string]bool {
	out := make(map[string]bool, len(p.Features))
	for _, f := range p.Features {
		out[f.Name] = true
	}
	return out
}

// current reads now what the plan's read q read: the configuration a
// plan reads (importvalidate.Reading.Snapshot).
func (a *applier) current(ctx context.Context, q importvalidate.Query) (*model.Snapshot, error) {
	r, err := a.client.Read(ctx, q)
	if err != nil {
		return nil, err
	}
	return r.Snapshot(), nil
}
