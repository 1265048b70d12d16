package model

import "time"

// UsersResponse is the answer of the user listing (UsersSchema).
type UsersResponse struct {
	Users     []User     `json:"users"`
	RootRoles []RootRole `json:"rootRoles,omitempty"`
}

// User is a user of the instance as the API describes it. The user listing
// writes users in its own fixed shape (see package users); this type is the
// general wire form.
type User struct {
	ID            int64               `json:"id"`
	IsAPI         *bool               `json:"isAPI,omitempty"`
	Name          Nullable[string]    `json:"name,omitzero"`
	Email         *string             `json:"email,omitempty"`
	Username      Nullable[string]    `json:"username,omitzero"`
	ImageURL      *string             `json:"imageUrl,omitempty"`
	InviteLink    *string             `json:"inviteLink,omitempty"`
	LoginAttempts *int64              `json:"loginAttempts,omitempty"`
	EmailSent     *bool               `json:"emailSent,omitempty"`
	RootRole      *int64              `json:"rootRole,omitempty"`
	SeenAt        Nullable[time.Time] `json:"seenAt,omitzero"`
	CreatedAt     *time.Time          `json:"createdAt,omitempty"`
	AccountType   *string             `json:"accountType,omitempty"`
	Permissions   *[]string           `json:"permissions,omitempty"`
	ScimID        Nullable[string]    `json:"scimId,omitzero"`
	// SeatType, CompanyRole and ProductUpdatesEmailConsent are written by
	// the reference server's user listing, as a value or null.
	SeatType                   Nullable[string] `json:"seatType,omitzero"`
	CompanyRole                Nullable[string] `json:"companyRole,omitzero"`
	ProductUpdatesEmailConsent Nullable[bool]   `json:"productUpdatesEmailConsent,omitzero"`
}

// RootRole is a role that applies to the whole instance.
type RootRole struct {
	ID          int64            `json:"id"`
	Type        string           `json:"type"`
	Name        string           `json:"name"`
	Description *string          `json:"description,omitempty"`
	Project     Nullable[string] `json:"project,omitzero"`
}
