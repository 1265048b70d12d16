package model

import _ "embed"

//go:embed default-state.json
var defaultState []byte

// DefaultSnapshotJSON returns the embedded default state: a small demo
// instance with the default project, the development and production
// environments, the built-in strategies, the standard context fields, the
// built-in roles, one admin user and one admin token
// ("*:*.flagadmin-demo-admin-token"). Callers get a fresh copy.
func DefaultSnapshotJSON() []byte { return append([]byte(nil), defaultState...) }

// DefaultSnapshot decodes the embedded default state.
func DefaultSnapshot() (*Snapshot, error) { return DecodeSnapshot(defaultState) }
