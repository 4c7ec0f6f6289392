package store

import (
	"strings"
)

// countryAliases maps every accepted way of writing a country (its ISO
// 3166-1 alpha-2 code, alpha-3 code, English name and common short names),
// lower-case, to its alpha-2 code. It is the one table of country names:
// roster generation, the creator network's "City or country" filter and
// the creator import all read it through CountryCode.
var countryAliases = map[string]string{
	"us": "US", "usa": "US", "u.s.": "US", "u.s.a.": "US", "united states": "US", "united states of america": "US", "america": "US",
	"gb": "GB", "uk": "GB", "gbr": "GB", "u.k.": "GB", "united kingdom": "GB", "great britain": "GB", "britain": "GB", "england": "GB",
	"de": "DE", "deu": "DE", "germany": "DE", "deutschland": "DE",
	"fr": "FR", "fra": "FR", "france": "FR",
	"es": "ES", "esp": "ES", "spain": "ES", "españa": "ES",
	"it": "IT", "ita": "IT", "italy": "IT",
	"nl": "NL", "nld": "NL", "netherlands": "NL", "the netherlands": "NL", "holland": "NL",
	"jp": "JP", "jpn": "JP", "japan": "JP",
	"br": "BR", "bra": "BR", "brazil": "BR", "brasil": "BR",
	"in": "IN", "ind": "IN", "india": "IN",
	"ng": "NG", "nga": "NG", "nigeria": "NG",
	"ca": "CA", "can": "CA", "canada": "CA",
	"au": "AU", "aus": "AU", "australia": "AU",
	"mx": "MX", "mex": "MX", "mexico": "MX",
	"kr": "KR", "kor": "KR", "south korea": "KR", "korea": "KR",
	"za": "ZA", "zaf": "ZA", "south africa": "ZA",
	"ae": "AE", "are": "AE", "uae": "AE", "united arab emirates": "AE",
}

// countryNames is the English name shown for a code.
var countryNames = map[string]string{
	"US": "the United States", "GB": "the United Kingdom", "DE": "Germany", "FR": "France", "ES": "Spain", "IT": "Italy",
	"NL": "the Netherlands", "JP": "Japan", "BR": "Brazil", "IN": "India", "NG": "Nigeria", "CA": "Canada",
	"AU": "Australia", "MX": "Mexico", "KR": "South Korea", "ZA": "South Africa", "AE": "the United Arab Emirates",
}

// cityCountries maps the cities of the demo network, the sample roster
// files and the seed (lower-case, without accents where people drop them)
// to their country. Migration 00040 fills existing rows from the same list.
var cityCountries = map[string]string{
	"berlin": "DE", "munich": "DE", "hamburg": "DE",
	"london": "GB", "manchester": "GB",
	"new york": "US", "new york city": "US", "nyc": "US", "austin": "US", "los angeles": "US", "chicago": "US",
	"san francisco": "US", "miami": "US",
	"paris": "FR", "lyon": "FR",
	"lagos": "NG",
	"tokyo": "JP", "osaka": "JP",
	"são paulo": "BR", "sao paulo": "BR", "rio de janeiro": "BR",
	"mumbai": "IN", "delhi": "IN", "new delhi": "IN", "bangalore": "IN",
	"toronto": "CA", "vancouver": "CA", "montreal": "CA",
	"sydney": "AU", "melbourne": "AU",
	"madrid": "ES", "barcelona": "ES",
	"amsterdam": "NL", "rome": "IT", "milan": "IT", "mexico city": "MX", "seoul": "KR", "dubai": "AE",
}

// CountryCode returns the ISO alpha-2 code of a country written any way
// countryAliases knows ("United States", "USA", "us"), or "".
func CountryCode(s string) string {
	return countryAliases[strings.ToLower(strings.TrimSpace(s))]
}

// CountryName returns the display name of an alpha-2 code ("the United
// States"), or the code itself when unknown.
func CountryName(code string) string {
	if n, ok := countryNames[code]; ok {
		return n
	}
	return code
}

// usStates are the two-letter US state codes that may follow a city
// ("Austin, TX") and are not also a country code of countryAliases.
var usStates = strings.Fields("AL AK AZ AR CO CT FL GA HI ID IL IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC")

// CountryOf returns the country code of a creator's location: the country
// of a known city ("New York", "Austin, TX"), the country named last
// ("Tokyo, Japan", "Germany"), US for a US state code ("Boise, ID"), else "".
func CountryOf(location string) string {
	parts := strings.Split(location, ",")
	if c, ok := cityCountries[strings.ToLower(strings.TrimSpace(parts[0]))]; ok {
		return c
	}
	last := strings.TrimSpace(parts[len(parts)-1])
	if c := CountryCode(last); c != "" {
		return c
	}
	for _, st := range usStates {
		if len(parts) > 1 && strings.EqualFold(last, st) {
			return "US"
		}
	}
	return ""
}

// Place is a location a brand asks for: a whole country (Country set) or
// a city, matched as text against the creator's location as before.
type Place struct {
	Country string // alpha-2 code when the text is a country
	Text    string // lower-case, trimmed
}

// ParsePlace reads a location typed by a brand: a country ("United States",
// "USA", "US") or a city ("New York", "Berlin, Germany"). Zero for "".
func ParsePlace(s string) Place {
	t := strings.ToLower(strings.TrimSpace(s))
	return Place{Country: CountryCode(t), Text: t}
}

// Matches reports whether a creator at location, with country code
// country, is in the place: the same country for a country; for a city,
// one of the two texts contains the other ("Berlin" and "Berlin, Germany").
func (p Place) Matches(location, country string) bool {
	if p.Country != "" {
		if country == "" {
			country = CountryOf(location)
		}
		return country == p.Country
	}
	a := strings.ToLower(location)
	return p.Text != "" && a != "" && (strings.Contains(a, p.Text) || strings.Contains(p.Text, a))
}
