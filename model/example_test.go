package model_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/model"
)

// A Nullable member tells "absent", "null" and a value apart, and encodes
// each of them back as it was read when the field is tagged omitzero.
func ExampleNullable() {
	type contextField struct {
		Name        string                 `json:"name"`
		Description model.Nullable[string] `json:"description,omitzero"`
	}
	for _, in := range []string{
		`{"name":"a"}`,
		`{"name":"b","description":null}`,
		`{"name":"c","description":"Region"}`,
	} {
		var f contextField
		if err := json.Unmarshal([]byte(in), &f); err != nil {
			fmt.Println(err)
			return
		}
		out, _ := json.Marshal(f)
		fmt.Printf("absent=%v null=%v ptr=%v -> %s\n",
			f.Description.IsZero(), f.Description.IsNull(), f.Description.Ptr() != nil, out)
	}

	// Building values.
	out, _ := json.Marshal(contextField{Name: "d", Description: model.Null[string]()})
	fmt.Println(string(out))
	out, _ = json.Marshal(contextField{Name: "e", Description: model.Some("")})
	fmt.Println(string(out))
	// Output:
	// absent=true null=false ptr=false -> {"name":"a"}
	// absent=false null=true ptr=false -> {"name":"b","description":null}
	// absent=false null=false ptr=true -> {"name":"c","description":"Region"}
	// {"name":"d","description":null}
	// {"name":"e","description":""}
}

// DecodeStrict rejects members the model does not name and values of the
// wrong type, and says where they are as a JSON pointer.
func ExampleDecodeStrict() {
	for _, in := range []string{
		`{"users":[{"id":3,"nmae":"Editor User"}]}`,
		`{"users":[{"id":3},{"id":"4"}]}`,
		`{"tagTypes":[{"name":"simple"}]}`,
	} {
		var s model.Snapshot
		err := model.DecodeStrict([]byte(in), &s)
		var de *model.DecodeError
		if errors.As(err, &de) {
			fmt.Printf("%s: %s\n", de.Location.Pointer, de.Msg)
			continue
		}
		fmt.Println("ok:", s.TagTypes[0].Name)
	}
	// Output:
	// /users/0/nmae: unknown member "nmae"
	// /users/1/id: cannot use a JSON string as int64
	// ok: simple
}
