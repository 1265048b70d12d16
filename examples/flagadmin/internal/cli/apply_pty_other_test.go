//go:build !linux

package cli

import "testing"

func confirmOnTerminal(t *testing.T, _ *eaServer, _ string) {
	t.Skip("the confirmation on a terminal is tested on Linux, which opens a pseudo-terminal")
}

func progressOnTerminal(t *testing.T, _ *eaServer) {
	t.Skip("the progress on a terminal is tested on Linux, which opens a pseudo-terminal")
}

func interruptAtPrompt(t *testing.T, _ *eaServer) {
	t.Skip("Ctrl-C at the confirmation is tested on Linux, which opens a pseudo-terminal")
}
