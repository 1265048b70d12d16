package importvalidate

import "testing"

func TestImportLinkRules(t *testing.T) {
	accepted := []refusalCase{{name: "link-feature-other-project"}, {name: "link-normalized"}, {name: "ok-baseline"}}
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportLinkInvalidURL, at: "/data/links/0/links/0/url", refused: []string{"link-invalid-url"}},
		{code: CodeImportLinkTooMany, at: "/data/links/0/links/10", refused: []string{"link-too-many"}},
		{code: CodeImportLinkFeatureNotActive, at: "/data/links/0/feature",
			refused: []string{"link-feature-archived", "link-feature-missing"}},
		// The setup gave project default the template "http://".
		{code: CodeImportLinkTemplateInvalid, at: "/data/features/0",
			refused: []string{"link-project-template-invalid"}},
	})
}

// TestImportLinkURLUntold: a link whose host needs IDNA is a warning, at
// the URL, since whether the import accepts it cannot be told; an ASCII
// host is not.
func TestImportLinkURLUntold(t *testing.T) {
	check := refusalCheck(t, CodeImportLinkURLUntold)
	if found := check(refusalCaseInput(t, "link-normalized")); len(found) != 0 {
		t.Errorf("an ASCII host: %s", refusalDescribe(found))
	}
	in := refusalCaseInput(t, "link-normalized")
	in.Import.Data.Links[0].Links[0].URL = "http://exämple.com"
	found := check(in)
	if len(found) != 1 || len(found[0].Items) != 1 || found[0].Items[0].Locations[0].Pointer != "/data/links/0/links/0/url" {
		t.Fatalf("a host of Unicode: %s", refusalDescribe(found))
	}
}
