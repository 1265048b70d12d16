package profile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// DefaultVersion is the version assumed when nothing says which an
// instance is.
const DefaultVersion = "8.2.0"

// Oldest is the oldest version supported.
const Oldest = "5.12.0"

// Source says where a version came from.
type Source string

// Where a version comes from.
const (
	FromOverride Source = "override" // given explicitly (an option, a flag)
	FromInstance Source = "instance" // reported by the instance (ui-config)
	FromDatabase Source = "database" // the database's latest migration
	FromSnapshot Source = "snapshot" // recorded in a state snapshot
	FromNothing  Source = "default"  // nothing said: DefaultVersion
)

// Resolved is a version with the profile that answers for it.
type Resolved struct {
	// Version is the version as given, such as "7.6.5".
	Version string
	// Source is where it came from.
	Source Source
	// Profile is the line's profile.
	Profile Profile
	// Note, when not empty, says that the version is answered by a
	// profile that was not verified on it: a newer 8.x than the newest
	// verified, a release of a line that could not be run, or the default
	// used for want of a version. Show it to the user as a warning.
	Note string
}

// UnsupportedError is the error of Resolve for a version outside the
// supported range, or no version at all.
type UnsupportedError struct {
	Version string
	Reason  string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("Unleash version %s: %s", strconv.Quote(e.Version), e.Reason)
}

// Resolve chooses the profile of version v (such as "7.6.5", "v6.10.1",
// "8.3.0-beta.1"): versions from 5.12.0 to 8.x are supported; an 8.x
// newer than the newest verified release is answered as 8.2 with a Note;
// an older or newer major, or a text that is no version, is an
// *UnsupportedError. An empty v is DefaultVersion, with a Note saying so.
func Resolve(v string, src Source) (Resolved, error) {
	if strings.TrimSpace(v) == "" {
		r, err := Resolve(DefaultVersion, FromNothing)
		r.Note = "no version known: answering as Unleash " + DefaultVersion
		return r, err
	}
	sv, err := semver.NewVersion(strings.TrimSpace(v))
	if err != nil {
		return Resolved{}, &UnsupportedError{Version: v, Reason: "not a version number"}
	}
	// A prerelease is answered as its release.
	rel, _ := sv.SetPrerelease("")
	rel, _ = rel.SetMetadata("")
	if rel.LessThan(semver.MustParse(Oldest)) {
		return Resolved{}, &UnsupportedError{Version: v, Reason: "older than Unleash " + Oldest + ", the oldest supported"}
	}
	all := All()
	for _, p := range all {
		c, err := semver.NewConstraint(p.Range)
		if err != nil {
			return Resolved{}, fmt.Errorf("profile %s: range %q: %w", p.Name, p.Range, err)
		}
		if !c.Check(&rel) {
			continue
		}
		r := Resolved{Version: v, Source: src, Profile: p}
		newest := semver.MustParse(p.Newest())
		switch {
		case len(p.Verified) == 0:
			r.Note = fmt.Sprintf("Unleash %s was not verified: answering as Unleash %s is inferred to", v, p.Name)
		case rel.Major() == newest.Major() && rel.Minor() > newest.Minor():
			r.Note = fmt.Sprintf("Unleash %s is newer than the newest verified %s: answering as Unleash %s", v, newest, newest)
		case rel.Minor() != newest.Minor():
			r.Note = fmt.Sprintf("Unleash %s was not verified: answering as Unleash %s", v, newest)
		}
		return r, nil
	}
	return Resolved{}, &UnsupportedError{Version: v, Reason: fmt.Sprintf("newer than Unleash %d.x, the newest supported", all[len(all)-1].major())}
}

// Newest is the newest verified release of the line, or the lowest
// version of its range for a line assigned by inference.
func (p Profile) Newest() string {
	if len(p.Verified) > 0 {
		return p.Verified[len(p.Verified)-1]
	}
	lo, _, _ := strings.Cut(strings.TrimPrefix(p.Range, ">="), " ")
	return lo
}

// major is the major version of the line.
func (p Profile) major() uint64 {
	return semver.MustParse(p.Newest()).Major()
}
