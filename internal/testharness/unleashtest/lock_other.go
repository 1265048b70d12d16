//go:build !linux

package unleashtest

import (
	"context"
	"fmt"
)

// lockFile is never reached off Linux: EnsureInstalled refuses first.
func lockFile(context.Context, string) (func(), error) {
	return nil, fmt.Errorf("%w: no file lock on this platform", ErrUnavailable)
}
