package importmodel

import (
	"github.com/flagadmin/flagadmin/internal/errbody"
	"github.com/flagadmin/flagadmin/model"
)

// The import's refusals that come from the caller or from the target
// project and environment rather than from one item of the file.

// checkImportAdminToken reports a caller who authenticated with an admin
// API token: the import refuses those before it reads the file
// (export-import-controller.js importData).
func checkImportAdminToken(in *Input) []Finding {
	if !in.Facts.AdminToken {
		return nil
	}
	msg := "You can't use an admin token to import features. Please use either a personal access token " +
		"(https://docs.getunleash.io/concepts/api-tokens-and-client-keys#personal-access-tokens) or a service account " +
		"(https://docs.getunleash.io/concepts/service-accounts)."
	return []Finding{single(msg, "admin token", Place{})}
}

// permissionMessage is the message of Unleash's PermissionError for one
// permission, in an environment when env is not "" (errbody's).
func permissionMessage(permission Permission, env string) string {
	return errbody.PermissionMessage([]string{string(permission)}, env)
}

// granted returns whether the caller holds permission in the
// target, and whether that is known.
func (in *Input) granted(permission Permission) (granted, known bool) {
	if in.Facts.Granted == nil {
		return false, false
	}
	return in.Facts.Granted[permission], true
}

// checkImportChangeRequestsEnabled reports what change requests on the
// target stop: every strategy when they are enabled for the target
// environment (the import creates strategies without a user, so not even
// an admin may skip them), every feature environment when the caller may
// not skip them there, and every dependency the import applies when they
// are enabled in any environment of the project and the caller may not
// skip them.
func checkImportChangeRequestsEnabled(in *Input) []Finding {
	if !in.Facts.ChangeRequests.Known {
		return nil
	}
	cr := in.Facts.ChangeRequests.Value
	skip, skipKnown := in.granted(PermSkipChangeRequest)
	var items []Item
	if cr.Environment {
		in.eachStrategy(func(i int, s *model.Strategy) {
			items = append(items, Item{Value: *s.FeatureName, Places: []Place{place("featureStrategies", i, "")}})
		})
	}
	if cr.Environment && skipKnown && !skip {
		d := &in.Import.Data
		for i := range d.FeatureEnvironments {
			if e := &d.FeatureEnvironments[i]; in.keptEnvironment(e) {
				items = append(items, Item{Value: e.Name, Places: []Place{place("featureEnvironments", i, "")}})
			}
		}
	}
	if cr.Project && skipKnown && !skip {
		in.eachAppliedDependency(func(i, k int, child, _ *ref) {
			items = append(items, Item{Value: child.name, Places: []Place{placeIn("dependencies", i, "dependencies", k, "")}})
		})
	}
	return one(permissionMessage(PermSkipChangeRequest, ""), items)
}

// checkImportProjectNotActive reports the features the import would
// create in a target project that does not exist or is archived.
func checkImportProjectNotActive(in *Input) []Finding {
	if in.ProjectExists && (!in.Facts.ProjectArchived.Known || !in.Facts.ProjectArchived.Value) {
		return nil
	}
	var items []Item
	in.creates(func(i int, name string) {
		items = append(items, Item{Value: name, Places: []Place{{Field: "project"}, place("features", i, "")}})
	})
	return one("Active project with id "+in.Project+" does not exist", items)
}

// hasEnvironment reports whether the resolved feature has the target
// environment (a row of feature_environments) once the import has
// written the features: an existing feature as it has, a feature it
// creates when the environment is one of the target project's, no other.
// known is false when a fact needed is not known.
func (r *ref) hasEnvironment(in *Input) (has, known bool) {
	switch {
	case !in.EnvironmentExists:
		return false, true
	case r.exists:
		return r.facts.InEnvironment, in.Facts.Features.Known
	case r.inFile:
		return in.Facts.ProjectEnvironment.Value, in.Facts.ProjectEnvironment.Known
	}
	return false, true
}

// noFeatureEnvironment is the import's message when it sets the
// status of feature in an environment the feature does not have.
func noFeatureEnvironment(env, feature string) string {
	return "Could not find environment " + env + " for feature: " + feature
}

// noVariantsTarget is the import's message when it writes the
// variants of feature in an environment the feature does not have.
func noVariantsTarget(feature, env string) string {
	return "Could not find " + feature + " in " + env
}

// checkImportEnvironmentNotFound reports, when the target environment
// does not exist, everything the import writes in it: the variants of
// feature environments, every strategy (their insert breaks the foreign
// key to environments), and the status of feature environments.
func checkImportEnvironmentNotFound(in *Input) []Finding {
	if in.EnvironmentExists {
		return nil
	}
	var out []Finding
	in.eachKeptEnvironment(func(i int, e *model.FeatureEnvironment) {
		if e.Variants != nil && len(*e.Variants) > 0 {
			out = append(out, single(noVariantsTarget(*e.FeatureName, in.Environment), *e.FeatureName,
				place("featureEnvironments", i, "featureName")))
		}
	})
	var items []Item
	in.eachStrategy(func(i int, s *model.Strategy) {
		items = append(items, Item{Value: *s.FeatureName, Places: []Place{place("featureStrategies", i, "")}})
	})
	out = append(out, one("You have not added the current environment to the project", items)...)
	in.eachKeptEnvironment(func(i int, e *model.FeatureEnvironment) {
		out = append(out, single(noFeatureEnvironment(in.Environment, e.Name), e.Name, place("featureEnvironments", i, "name")))
	})
	return out
}

// checkImportEnvironmentNotInProject reports feature environments that
// name, once the features are written, a feature of the project without
// the (existing) target environment: a feature the import creates gets
// the project's environments only, and an existing one has those it was
// connected to.
func checkImportEnvironmentNotInProject(in *Input) []Finding {
	v := in.resolved()
	var out []Finding
	for _, k := range v.notes.envLacking {
		i := int(k)
		e := &in.Import.Data.FeatureEnvironments[i]
		variants, status := environmentLacks(in, e, &v.refs[v.envFeature[i]], &v.refs[v.envName[i]])
		if variants {
			out = append(out, single(noVariantsTarget(*e.FeatureName, in.Environment), *e.FeatureName,
				place("featureEnvironments", i, "featureName")))
		}
		if status {
			out = append(out, single(noFeatureEnvironment(in.Environment, e.Name), e.Name, place("featureEnvironments", i, "name")))
		}
	}
	return out
}

// environmentLacks reports whether the import refuses the kept
// feature environment e, whose featureName is of fr and name of nr, for
// an environment a feature lacks once the features are written: its
// variants (for a feature that exists without the target environment),
// its status (for a feature of the project without it). A target
// environment that does not exist is checkImportEnvironmentNotFound's.
func environmentLacks(in *Input, e *model.FeatureEnvironment, fr, nr *ref) (variants, status bool) {
	if !in.EnvironmentExists {
		return false, false
	}
	if e.Variants != nil && len(*e.Variants) > 0 && fr.existsAfterFeatures() {
		if has, known := fr.hasEnvironment(in); known && !has {
			variants = true
		}
	}
	if !nr.outsideProject(in) {
		if has, known := nr.hasEnvironment(in); known && !has {
			status = true
		}
	}
	return variants, status
}

// checkImportEnableNeedsStrategyPermission reports feature environments
// that enable a feature left without strategies in the environment when
// the caller may not create strategies there: enabling adds a default
// strategy, which the import asks the caller's permission for.
func checkImportEnableNeedsStrategyPermission(in *Input) []Finding {
	granted, known := in.granted(PermCreateFeatureStrategy)
	if !known || granted {
		return nil
	}
	d := &in.Import.Data
	v := in.resolved()
	var fromFile map[string]int
	var items []Item
	for _, k := range v.keptEnvironments {
		i := int(k)
		e := &d.FeatureEnvironments[i]
		ref := &v.refs[v.envName[i]]
		if !e.Enabled {
			continue
		}
		if has, known := ref.hasEnvironment(in); !known || !has || !in.EnvironmentExists {
			continue
		}
		if fromFile == nil {
			fromFile = map[string]int{}
			in.eachStrategy(func(_ int, s *model.Strategy) { fromFile[*s.FeatureName]++ })
		}
		n := fromFile[e.Name]
		if !ref.inFile {
			if !in.Facts.Features.Known {
				continue
			}
			n += ref.facts.Strategies
		}
		if n == 0 {
			items = append(items, Item{Value: e.Name, Places: []Place{place("featureEnvironments", i, "enabled")}})
		}
	}
	return one(permissionMessage(PermCreateFeatureStrategy, in.Environment), items)
}
