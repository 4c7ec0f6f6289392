package main

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"creatorcoach/store"
)

// seedPlaces imports (through the roster-file import's store call, which
// fills the country) four Fitness creators: in New York, Austin TX, Berlin
// and Tokyo.
func (e *env) seedPlaces() {
	e.t.Helper()
	ctx := context.Background()
	const job = "00000000-0000-4000-8000-0000000000c1"
	if err := e.db.EnsureFinishedJob(ctx, job, store.JobKindCreatorImport, map[string]any{"rows": 4}); err != nil {
		e.t.Fatal(err)
	}
	var in []store.CreatorInput
	for i, loc := range []string{"New York", "Austin, TX", "Berlin", "Tokyo, Japan"} {
		f := int64(20_000 + i*1000)
		c := store.CreatorInput{Row: i + 2, Name: "Placed " + loc, Niche: "Fitness & Health", Location: loc}
		c.Handles[0], c.Followers[0] = "placed"+string(rune('a'+i)), &f
		in = append(in, c)
	}
	if err := e.db.SaveCreatorImportBatch(ctx, job, in, nil); err != nil {
		e.t.Fatal(err)
	}
}

// placedCampaign creates a campaign asking for location.
func (e *env) placedCampaign(token, location string) string {
	e.t.Helper()
	r := e.want(e.call("POST", "/api/campaigns/add-campaign", token, with(e.campaignBody("In "+location), "location", location)), http.StatusCreated)
	return r.str("data", "campaign", "_id")
}

func locations(es []map[string]any) []string {
	var out []string
	for _, x := range es {
		out = append(out, x["creator"].(map[string]any)["location"].(string))
	}
	slices.Sort(out)
	return out
}

// TestRoster_CountryLocation: a campaign in "United States", "USA" or "US"
// gets the creators of New York and Austin; "New York" only New York's; a
// location nobody is in ends with which requirement emptied it and the counts.
func TestRoster_CountryLocation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedPlaces()
	brand := e.brandAccount("owner@places.io", "BRAND_ADMIN", "Places")
	for loc, want := range map[string][]string{
		"United States": {"Austin, TX", "New York"}, "USA": {"Austin, TX", "New York"}, "us": {"Austin, TX", "New York"},
		"New York": {"New York"}, "Japan": {"Tokyo, Japan"}, "Berlin": {"Berlin"},
	} {
		id := e.placedCampaign(brand, loc)
		job := e.generate(brand, id, 4)
		res := job["result"].(map[string]any)
		if got := locations(entries(e.roster(brand, "/api/campaigns/"+id+"/roster"))); !slices.Equal(got, want) {
			t.Errorf("%q: roster in %v, want %v", loc, got, want)
		}
		if res["message"] != nil || res["requirement"] != nil {
			t.Errorf("%q: result %v", loc, res)
		}
	}
	id := e.placedCampaign(brand, "Lisbon")
	res := e.generate(brand, id, 4)["result"].(map[string]any)
	if res["entries"] != float64(0) || res["requirement"] != "location" ||
		res["message"] != "No creator in Lisbon matches: 0 of 4 creators are in Lisbon; widen the location" {
		t.Fatalf("empty result %v", res)
	}
}

// TestCreators_CountryFilter: the network's "City or country" filter takes a
// country by name or code, and a city.
func TestCreators_CountryFilter(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	e.seedPlaces()
	brand := e.brandAccount("owner@filter.io", "BRAND_ADMIN", "Filter")
	for loc, want := range map[string][]string{
		"United States": {"Austin, TX", "New York"}, "USA": {"Austin, TX", "New York"}, "US": {"Austin, TX", "New York"},
		"new york": {"New York"}, "Germany": {"Berlin"}, "Japan": {"Tokyo, Japan"},
	} {
		r := e.want(e.call("GET", "/api/creators?location="+url.QueryEscape(loc), brand, nil), http.StatusOK)
		var got []string
		for _, c := range r.data()["creators"].([]any) {
			got = append(got, c.(map[string]any)["location"].(string))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", loc, got, want)
		}
	}
}
