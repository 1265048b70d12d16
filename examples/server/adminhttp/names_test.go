package adminhttp_test

// The name members of the error bodies, and their fixed messages.
const (
	nameNotFoundError            = "NotFoundError"
	nameMethodNotAllowedError    = "MethodNotAllowedError"
	namePayloadTooLargeError     = "PayloadTooLargeError"
	nameInternalError            = "InternalError"
	nameContentTypeError         = "ContentTypeError"
	nameUnsupportedEncodingError = "UnsupportedEncodingError"
	nameBadDataError             = "BadDataError"
	nameServiceUnavailableError  = "ServiceUnavailableError"
	nameAuthenticationRequired   = "AuthenticationRequired"
	nameNoAccessError            = "NoAccessError"

	msgInternal           = "Something went wrong on our side while handling your request. Please try again later."
	msgBadData            = "Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information."
	msgServiceUnavailable = "The server is busy with other validations. Please try again later."
	msgStoreUnavailable   = "The server cannot reach its data source now. Please try again later."
	msgNoHeader           = "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login"
)
