package importmodel

import (
	"strconv"
	"strings"
)

// The import replaces the links of every feature its links[] name: it
// deletes them, then creates each link in file order, checking that the
// feature is active, that it has fewer than ten links, and that the URL
// normalizes (feature-link-service.js createLink). A feature it creates
// also gets the project's link templates, through the same checks.

// maxLinks is the most links a feature may have.
const maxLinks = 10

// tooManyLinks is the import's message for the eleventh link.
const tooManyLinks = "Too many links (10) exist for this feature"

// checkImportLinkFeatureNotActive reports links of features that are not
// active once the features are written: missing, archived, or archived by
// the file. (An archived entry of features[] is skipped, its links are
// not.)
func checkImportLinkFeatureNotActive(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	for i := range in.Import.Data.Links {
		l := &in.Import.Data.Links[i]
		if len(l.Links) > 0 && !v.refs[v.link[i]].activeAfterFeatures(in) {
			out = append(out, single("Could not find feature with name "+l.Feature, l.Feature, place("links", i, "feature")))
		}
	}
	return out
}

// checkImportLinkTooMany reports the links beyond the tenth of one
// feature, over every links[] entry that names it.
func checkImportLinkTooMany(in *Input) []Finding {
	links := in.Import.Data.Links
	total := 0
	for i := range links {
		total += len(links[i].Links)
	}
	if total <= maxLinks {
		return nil
	}
	count := map[string]int{}
	var items []Item
	for i := range links {
		for k := range links[i].Links {
			count[links[i].Feature]++
			if count[links[i].Feature] > maxLinks {
				items = append(items, Item{Value: links[i].Feature, Places: []Place{placeIn("links", i, "links", k, "")}})
			}
		}
	}
	return one(tooManyLinks, items)
}

// checkImportLinkInvalidURL reports link URLs that normalize-url refuses.
func checkImportLinkInvalidURL(in *Input) []Finding {
	return in.linkURLs(urlInvalid)
}

// checkImportLinkURLUntold warns of link URLs whose host the import maps
// with Unicode's IDNA processing, which is not reproduced here.
func checkImportLinkURLUntold(in *Input) []Finding {
	return in.linkURLs(urlUntold)
}

// linkURLs reports the link URLs of the given verdict.
func (in *Input) linkURLs(verdict urlVerdict) []Finding {
	var out []Finding
	for i := range in.Import.Data.Links {
		for k, link := range in.Import.Data.Links[i].Links {
			if linkURL(link.URL) != verdict {
				continue
			}
			msg := "Invalid URL: " + link.URL
			if verdict == urlUntold {
				msg = "The import reads the host of " + strconv.Quote(link.URL) + " with Unicode's IDNA processing, " +
					"which is not reproduced here: whether it accepts the URL cannot be told."
			}
			out = append(out, single(msg, link.URL, placeIn("links", i, "links", k, "url")))
		}
	}
	return out
}

// checkImportLinkTemplateInvalid reports the features the import creates
// that the project's link templates fail for: a template whose URL, with
// {{project}} and {{feature}} replaced, does not normalize, an eleventh
// template, or a feature the file creates archived.
func checkImportLinkTemplateInvalid(in *Input) []Finding {
	if !in.Facts.LinkTemplates.Known || len(in.Facts.LinkTemplates.Value) == 0 {
		return nil
	}
	templates := in.Facts.LinkTemplates.Value
	var out []Finding
	in.creates(func(i int, name string) {
		at := place("features", i, "")
		if a := in.Import.Data.Features[i].Archived; a != nil && *a {
			out = append(out, single("Could not find feature with name "+name, name, at))
			return
		}
		for k, t := range templates {
			if k >= maxLinks {
				out = append(out, single(tooManyLinks, name, at))
				break
			}
			url := strings.ReplaceAll(strings.ReplaceAll(t.URLTemplate, "{{project}}", in.Project), "{{feature}}", name)
			if linkURL(url) == urlInvalid {
				out = append(out, single("Invalid URL: "+url, name, at))
			}
		}
	})
	return out
}
