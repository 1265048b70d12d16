module github.com/flagadmin/flagadmin

go 1.24

require (
	github.com/Masterminds/semver/v3 v3.5.0
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
)
