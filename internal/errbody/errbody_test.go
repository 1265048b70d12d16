package errbody

import (
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

func TestWriter(t *testing.T) {
	tests := []struct {
		name    string
		details []Detail
		extra   []any // name, value pairs
		want    string
	}{
		{"details repeat the message", nil, nil,
			`{"id":"i","name":"N","message":"a <b> & c","details":[{"message":"a <b> & c"}]}`},
		{"given details", []Detail{{ErrorDetail: model.ErrorDetail{Path: "/body/x", Message: "m"}, PathFirst: true}}, nil,
			`{"id":"i","name":"N","message":"a <b> & c","details":[{"path":"/body/x","message":"m"}]}`},
		{"empty details stay empty", []Detail{}, []any{"permissions", []string{"ADMIN"}, "retry", 3},
			`{"id":"i","name":"N","message":"a <b> & c","details":[],"permissions":["ADMIN"],"retry":3}`},
		{"a value that cannot be encoded", []Detail{}, []any{"f", func() {}},
			`{"id":"i","name":"N","message":"a <b> & c","details":[],"f":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewStyled("i", "N", "a <b> & c", tt.details, false)
			for i := 0; i < len(tt.extra); i += 2 {
				w.Member(tt.extra[i].(string), tt.extra[i+1])
			}
			got := w.Close()
			if string(got) != tt.want {
				t.Errorf("body %s\nwant %s", got, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("body %s is not JSON", got)
			}
		})
	}
}

// TestStyles writes the details of a schema 400 in the members' order of
// 6.x and later and in the form of 5.x, as each version writes them. The
// messages come worded as the version words them and are written as they
// come; a 5.x path is the pointer without the request's /body; the path
// comes first where the detail says so.
func TestStyles(t *testing.T) {
	for _, tt := range []struct {
		described bool
		messages  [3]string
		want      string
	}{
		{false, [3]string{
			"The `/body/data/features` property is required. It was not present on the data you sent.",
			"The `/body` object of the request body does not allow additional properties. Your request included the `/body/extra` property.",
			"The `/body/data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 2000.",
		}, `{"id":"i","name":"BadDataError","message":"m","details":[` +
			`{"path":"/body/data/features","message":"The ` + "`/body/data/features`" + ` property is required. It was not present on the data you sent."},` +
			`{"path":"/body/extra","message":"The ` + "`/body`" + ` object of the request body does not allow additional properties. Your request included the ` + "`/body/extra`" + ` property."},` +
			`{"message":"The ` + "`/body/data/featureEnvironments/0/variants/0/weight`" + ` property must be <= 1000. You sent 2000.","path":"/body/data/featureEnvironments/0/variants/0/weight"}]}`},
		{true, [3]string{
			"The `data/features` property is required. It was not present on the data you sent.",
			"The root object of the request body does not allow additional properties. Your request included the `extra` property.",
			"The `data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 2000.",
		}, `{"id":"i","name":"BadDataError","message":"m","details":[` +
			`{"path":"data/features","description":"The ` + "`data/features`" + ` property is required. It was not present on the data you sent.","message":"The ` + "`data/features`" + ` property is required. It was not present on the data you sent."},` +
			`{"path":"extra","description":"The root object of the request body does not allow additional properties. Your request included the ` + "`extra`" + ` property.","message":"The root object of the request body does not allow additional properties. Your request included the ` + "`extra`" + ` property."},` +
			`{"description":"The ` + "`data/featureEnvironments/0/variants/0/weight`" + ` property must be <= 1000. You sent 2000.","message":"The ` + "`data/featureEnvironments/0/variants/0/weight`" + ` property must be <= 1000. You sent 2000.","path":"data/featureEnvironments/0/variants/0/weight"}]}`},
	} {
		details := []Detail{
			{ErrorDetail: model.ErrorDetail{Path: "/body/data/features", Message: tt.messages[0]}, PathFirst: true},
			{ErrorDetail: model.ErrorDetail{Path: "/body/extra", Message: tt.messages[1]}, PathFirst: true},
			{ErrorDetail: model.ErrorDetail{Path: "/body/data/featureEnvironments/0/variants/0/weight", Message: tt.messages[2]}},
		}
		if got := string(NewStyled("i", "BadDataError", "m", details, tt.described).Close()); got != tt.want {
			t.Errorf("described %v:\n got %s\nwant %s", tt.described, got, tt.want)
		}
	}
	if got := string(NewStyled("", "N", "m", nil, false).Close()); got != `{"name":"N","message":"m","details":[{"message":"m"}]}` {
		t.Errorf("a body without an id: %s", got)
	}
	if got := string(NewStyled("i", "NoAccessError", "no", nil, true).Close()); got != `{"id":"i","name":"NoAccessError","message":"no","details":[{"message":"no","description":"no"}]}` {
		t.Errorf("a 5.x error without details: %s", got)
	}
}
