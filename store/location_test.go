package store_test

import (
	"testing"

	"creatorcoach/store"
)

// TestCountryOf: the country of a location, from a known city, the country
// written last, or a US state code.
func TestCountryOf(t *testing.T) {
	for loc, want := range map[string]string{
		"New York": "US", "new york, usa": "US", "Austin, TX": "US", "Boise, ID": "US", "Tokyo, Japan": "JP",
		"São Paulo, Brazil": "BR", "Sao Paulo": "BR", "London, UK": "GB", "Berlin": "DE", "Germany": "DE",
		"United States": "US", "Lisbon": "", "": "", "Springfield": "",
	} {
		if got := store.CountryOf(loc); got != want {
			t.Errorf("CountryOf(%q) = %q, want %q", loc, got, want)
		}
	}
}

// TestPlaceMatches: a country matches its creators by code or by location;
// a city matches as text both ways.
func TestPlaceMatches(t *testing.T) {
	cases := []struct {
		place, location, country string
		want                     bool
	}{
		{"United States", "New York", "US", true},
		{"USA", "Austin, TX", "", true},
		{" us ", "Chicago", "US", true},
		{"United States", "Berlin", "DE", false},
		{"New York", "New York, USA", "US", true},
		{"New York", "Austin, TX", "US", false},
		{"Berlin, Germany", "Berlin", "DE", true},
		{"Berlin", "", "", false},
	}
	for _, c := range cases {
		if got := store.ParsePlace(c.place).Matches(c.location, c.country); got != c.want {
			t.Errorf("%q matches %q (%s) = %v, want %v", c.place, c.location, c.country, got, c.want)
		}
	}
}
