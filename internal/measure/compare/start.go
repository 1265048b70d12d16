package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// startTimeout bounds the start of the real Unleash, its installation
// included (the first one downloads the package and Node: minutes).
const startTimeout = 15 * time.Minute

// started are the two servers -start runs for a measurement.
type started struct {
	flagadmin *serveproc.Server
	unleash   *unleashtest.Server
	dir       string
}

// startServers starts, for -start, the flagadmin command's server on the
// recorded reference state and the real Unleash 8.2.0 on the module's
// database dump, which holds the same state, and points c.a (flagadmin)
// and c.b (unleash) at them with the dump's admin token. The caller stops
// them with stop.
func startServers(c *config, progress io.Writer) (*started, error) {
	dir, err := os.MkdirTemp("", "compare-")
	if err != nil {
		return nil, err
	}
	s := &started{dir: dir}
	program, err := serveproc.Program(dir)
	if err != nil {
		return nil, s.stopWith(fmt.Errorf("building flagadmin: %w", err))
	}
	if s.flagadmin, err = serveproc.Start(program, nil, "-state", conformance.StatePath()); err != nil {
		return nil, s.stopWith(err)
	}
	fmt.Fprintf(progress, "compare: started flagadmin serve at %s; starting Unleash %s\n", s.flagadmin.URL, unleashtest.UnleashVersion)
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if s.unleash, err = unleashtest.Start(ctx, unleashtest.Options{Dump: true}); err != nil {
		return nil, s.stopWith(fmt.Errorf("starting Unleash: %w", err))
	}
	c.a.base, c.a.name = s.flagadmin.URL, "flagadmin"
	c.b.base, c.b.name = s.unleash.URL, "unleash"
	c.tokenA, c.token = s.unleash.AdminToken, ""
	return s, nil
}

// stop stops what startServers started and removes its files.
func (s *started) stop() error { return s.stopWith(nil) }

func (s *started) stopWith(err error) error {
	if s.flagadmin != nil {
		err = errors.Join(err, s.flagadmin.Stop())
	}
	s.unleash.Stop()
	return errors.Join(err, os.RemoveAll(s.dir))
}
