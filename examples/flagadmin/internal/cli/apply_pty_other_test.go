//go:build !linux

package cli

import "testing"

func confirmOnTerminal(t *testing.T, _ *eaServer, _ string) {
	t.Skip("the confirmation on a terminal is tested on Linux, which opens a pseudo-terminal")
}
