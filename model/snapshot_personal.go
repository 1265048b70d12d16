package model

// WithoutPersonalData leaves out of s each user's e-mail address and
// invitation link (the link to set the password of an invited user, which
// holds the invitation's secret), in a new slice of users, so that a
// snapshot sharing the users is left as it is. What a check reads of a
// user (its id, root role, grants, whether it is deleted or a system
// user) stays, and so do its name, username and image URL, by which the
// user listing over the snapshot shows who each account is. That listing
// then shows no e-mail address, and for a user without an image URL of
// its own a Gravatar URL made from the username or id instead of the
// e-mail address (users.GravatarURL). A nil s is left alone.
func (s *Snapshot) WithoutPersonalData() {
	if s == nil || len(s.Users) == 0 {
		return
	}
	us := make([]User, len(s.Users))
	for i, u := range s.Users {
		u.Email, u.InviteLink = nil, ""
		us[i] = u
	}
	s.Users = us
}
