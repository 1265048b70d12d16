package plan

import (
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// ErrNoConfiguration is returned, wrapped, by a plan over a state that
// lists an existing feature without its configuration (such as a
// snapshot written without featureConfigs): a plan over it would take
// the feature for an empty one. It is importmodel.ErrNoConfiguration.
var ErrNoConfiguration = importmodel.ErrNoConfiguration

// currentOf reads s, the snapshot of a State's answer (Reading.Snapshot), into the instance before the
// import (importmodel.BeforeOf) for environment env and the defaults of
// project. It fails with ErrNoConfiguration, naming the first feature,
// when a feature of s has no configuration.
func currentOf(s *model.Snapshot, project, env string) (*importmodel.Before, error) {
	before, err := importmodel.BeforeOf(s, project, env)
	var bare *importmodel.NoConfigurationError
	if errors.As(err, &bare) && len(bare.Features) > 0 {
		more := ""
		if n := len(bare.Features); n > 1 {
			more = fmt.Sprintf(" (and %d more)", n-1)
		}
		return nil, fmt.Errorf("state: feature %s%s: %w", quote(bare.Features[0]), more, ErrNoConfiguration)
	}
	return before, err
}
