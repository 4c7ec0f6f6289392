package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestCreators_Browse checks the brand search filters, sorting and the
// validation of its parameters.
func TestCreators_Browse(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	brand := e.account("b@browse.io", store.RoleBrandManager)
	f := func(v float64) *float64 { return &v }
	n := func(v int64) *int64 { return &v }
	in := []store.CreatorInput{
		{Row: 2, Name: "Ann Big", Email: "ann@x.io", Niche: "Travel", Location: "Paris, France", Handles: [4]string{"annbig"},
			Followers: [4]*int64{n(600_000)}, EngagementRate: f(2), Female: f(70), Male: f(30)},
		{Row: 3, Name: "Bo Mid", Email: "bo@x.io", Niche: "Gaming", Location: "Berlin", Handles: [4]string{"", "bo_mid80"},
			Followers: [4]*int64{nil, n(80_000)}, EngagementRate: f(6), Male: f(80)},
		{Row: 4, Name: "Cy Small", Niche: "travel", Handles: [4]string{"", "", "cysmall"}, Followers: [4]*int64{nil, nil, n(900)},
			Other: f(60)},
	}
	for i := range in {
		if fe := in[i].Validate(); len(fe) > 0 {
			t.Fatal(fe)
		}
	}
	job, _ := e.db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err := e.db.SaveCreatorImportBatch(ctx, job.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	names := func(q string) string {
		t.Helper()
		d := e.want(e.call("GET", "/api/creators?"+q, brand, nil), http.StatusOK).data()
		var out []string
		for _, c := range d["creators"].([]any) {
			out = append(out, c.(map[string]any)["name"].(string))
		}
		return strings.Join(out, ",")
	}
	for q, want := range map[string]string{
		"":                                      "Ann Big,Bo Mid,Cy Small",
		"niche=TRAVEL":                          "Ann Big,Cy Small",
		"tier=Micro":                            "Cy Small",
		"tier=Macro":                            "Ann Big",
		"platform=youtube":                      "Bo Mid",
		"minFollowers=1000&maxFollowers=100000": "Bo Mid",
		"minEngagement=5":                       "Bo Mid",
		"location=paris":                        "Ann Big",
		"gender=female":                         "Ann Big",
		"gender=male":                           "Bo Mid",
		"gender=other":                          "Cy Small",
		"sort=-followers":                       "Cy Small,Bo Mid,Ann Big",
		"sort=name&limit=2&page=2":              "Cy Small",
		"sort=engagement":                       "Bo Mid,Ann Big,Cy Small",
		"search=x.io&sort=name":                 "Ann Big,Bo Mid",
		"search=x.io&sort=engagement":           "Bo Mid,Ann Big",
		"search=x.io&sort=-followers":           "Bo Mid,Ann Big",
		"search=CYSM":                           "Cy Small",
		"search=%25":                            "Ann Big,Bo Mid,Cy Small", "search=ann+x.io": "Ann Big",
		"search=bo_mid80": "Bo Mid", "search=mid8": "Bo Mid", "search=mid80": "Bo Mid", "search=80": "Bo Mid",
		"search=mid9": "", "search=mid+bo": "Bo Mid", "search=midd": "",
	} {
		if got := names(q); got != want {
			t.Errorf("%q: got %q, want %q", q, got, want)
		}
	}
	if got := strings.Split(names("search=x.io&sort=recent"), ","); len(got) != 2 { // same created_at: either order
		t.Errorf("search + sort=recent: %v", got)
	}
	// Totals: counted with the search's page, by a count query past its end.
	for q, want := range map[string]float64{"search=x.io&limit=1": 2, "search=x.io&limit=1&page=2": 2, "search=x.io&limit=1&page=5": 2,
		"niche=travel&limit=1&page=2": 2, "limit=2": 3, "search=nobody": 0} {
		if d := e.want(e.call("GET", "/api/creators?"+q, brand, nil), http.StatusOK).data(); num(d, "total") != int(want) {
			t.Errorf("%s: total %v, want %v", q, d["total"], want)
		}
	}
	// Every entry is exactly the documented Creator shape.
	raw := e.want(e.call("GET", "/api/creators?sort=name", brand, nil), http.StatusOK).data()["creators"]
	b, _ := json.Marshal(raw)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var got []store.Creator
	if err := dec.Decode(&got); err != nil || len(got) != 3 {
		t.Fatalf("creators %s: %v", b, err)
	}
	for _, c := range raw.([]any) {
		for _, k := range []string{"engagementRate", "audience", "uploadJobId"} {
			if _, ok := c.(map[string]any)[k]; !ok {
				t.Errorf("%v lacks %q", c, k)
			}
		}
		for _, k := range []string{"email", "userId"} { // ADMIN only
			if _, ok := c.(map[string]any)[k]; ok {
				t.Errorf("a brand reads %q of %v", k, c)
			}
		}
	}
	ann, bo, cy := got[0], got[1], got[2]
	want := []store.Creator{
		{Name: "Ann Big", Niche: "Travel", Location: "Paris, France", Tier: store.TierMacro, Followers: 600_000,
			EngagementRate: f(2), Platforms: map[string]store.PlatformAccount{"instagram": {Handle: "annbig", Followers: n(600_000)}},
			Audience: &store.Audience{Gender: map[string]float64{"female": 70, "male": 30}, Ages: map[string]float64{}, Basis: store.BasisImported, Platforms: []string{}}, Contactable: true, Listed: true},
		{Name: "Bo Mid", Niche: "Gaming", Location: "Berlin", Tier: store.TierMid, Followers: 80_000,
			EngagementRate: f(6), Platforms: map[string]store.PlatformAccount{"youtube": {Handle: "bo_mid80", Followers: n(80_000)}},
			Audience: &store.Audience{Gender: map[string]float64{"male": 80}, Ages: map[string]float64{}, Basis: store.BasisImported, Platforms: []string{}}, Contactable: true, Listed: true},
		{Name: "Cy Small", Niche: "travel", Tier: store.TierMicro, Followers: 900,
			Platforms: map[string]store.PlatformAccount{"tiktok": {Handle: "cysmall", Followers: n(900)}},
			Audience:  &store.Audience{Gender: map[string]float64{"other": 60}, Ages: map[string]float64{}, Basis: store.BasisImported, Platforms: []string{}}, Listed: true},
	}
	for i, c := range []store.Creator{ann, bo, cy} {
		if c.ID == "" || c.CreatedAt.IsZero() || c.UpdatedAt.Before(c.CreatedAt) {
			t.Errorf("%s: id %q, times %v %v", c.Name, c.ID, c.CreatedAt, c.UpdatedAt)
		}
		c.ID, c.CreatedAt, c.UpdatedAt = "", time.Time{}, time.Time{}
		want[i].UploadJobID = &job.ID
		if !reflect.DeepEqual(c, want[i]) {
			t.Errorf("creator %d:\ngot  %+v\nwant %+v", i, c, want[i])
		}
	}

	r := e.want(e.call("GET", "/api/creators?tier=Huge&limit=1000&minFollowers=x", brand, nil), http.StatusUnprocessableEntity)
	for _, k := range []string{"minFollowers"} {
		if r.field(k) == "" {
			t.Errorf("no field error for %s: %v", k, r.Body)
		}
	}
	r = e.want(e.call("GET", "/api/creators?tier=Huge&limit=1000", brand, nil), http.StatusUnprocessableEntity)
	if r.field("tier") == "" || r.field("limit") == "" {
		t.Errorf("fields %v", r.Body)
	}
}

// TestCreators_EstimatedTotal: a search of common words answers its page
// from creator_words with "totalEstimated": true and a total near the
// real one; a selective search answers an exact total without the flag.
func TestCreators_EstimatedTotal(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	brand := e.account("b@estimate.io", store.RoleBrandManager)
	var in []store.CreatorInput
	for i := range 6000 {
		first, last := "Zed", "Kim"
		if i%3 != 0 {
			first = "Ann"
		}
		if i%2 == 0 {
			last = "Lee"
		}
		f := int64(i*7919) % 1_000_003
		c := store.CreatorInput{Row: i + 2, Name: first + " " + last, Niche: "Travel", Handles: [4]string{fmt.Sprintf("h%d", i)},
			Followers: [4]*int64{&f}}
		if fe := c.Validate(); len(fe) > 0 {
			t.Fatal(fe)
		}
		in = append(in, c)
	}
	job, _ := e.db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err := e.db.SaveCreatorImportBatch(ctx, job.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`ANALYZE creators`); err != nil {
		t.Fatal(err)
	}
	d := e.want(e.call("GET", "/api/creators?search=ann+lee&limit=10", brand, nil), http.StatusOK).data()
	if d["totalEstimated"] != true || num(d, "total") < 1000 || num(d, "total") > 4000 || len(d["creators"].([]any)) != 10 {
		t.Errorf("common words: total %v, estimated %v, %d creators; want about 2000, estimated, 10", d["total"], d["totalEstimated"],
			len(d["creators"].([]any)))
	}
	d = e.want(e.call("GET", "/api/creators?search=h43+ann", brand, nil), http.StatusOK).data()
	if _, ok := d["totalEstimated"]; ok || num(d, "total") != 1 {
		t.Errorf("a rare word: total %v, estimated %v; want exactly 1", d["total"], d["totalEstimated"])
	}
}
