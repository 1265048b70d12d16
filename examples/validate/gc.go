package main

import (
	"os"

	"github.com/flagadmin/flagadmin/internal/gcsetting"
)

// tuneGC sets the garbage collector for one run over an input of the
// given size. A run keeps nearly all it allocates until it exits (the
// decoded export, its index, the report), so a collection while it
// decodes finds little to free and costs about a tenth of the run. The
// command instead lets the heap grow up to a limit in proportion to the
// input, far above the three times the input a validation keeps at its
// peak, and collects only there. GOGC or GOMEMLIMIT in the environment
// leave the runtime's settings as they say.
func tuneGC(input int) {
	gcsetting.Apply(os.Getenv, gcsetting.Setting{Percent: -1, Limit: 64<<20 + 8*int64(input)})
}
