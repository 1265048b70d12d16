package model

// ValidateResponse is the answer of the import validation
// (ImportTogglesValidateSchema). All three members are always written, in
// this order; an empty list is written as [].
type ValidateResponse struct {
	Errors      []Issue `json:"errors"`
	Warnings    []Issue `json:"warnings"`
	Permissions []Issue `json:"permissions"`
}

// Issue is one message of the validation response with the items it affects.
type Issue struct {
	Message       string   `json:"message"`
	AffectedItems []string `json:"affectedItems"`
}

// ErrorResponse is the body of an HTTP error answer.
type ErrorResponse struct {
	// ID identifies the error instance (a UUID).
	ID string `json:"id"`
	// Name is the kind of error, such as AuthenticationRequired.
	Name string `json:"name"`
	// Message describes what went wrong.
	Message string `json:"message"`
	// Details repeats the message, or lists each problem of a bad request.
	Details []ErrorDetail `json:"details,omitempty"`
}

// ErrorDetail is one entry of ErrorResponse.Details.
type ErrorDetail struct {
	// Path is the JSON pointer of the offending value, prefixed with /body.
	Path string `json:"path,omitempty"`
	// Message describes the problem.
	Message string `json:"message"`
}
