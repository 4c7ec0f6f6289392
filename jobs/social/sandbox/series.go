package sandbox

import (
	"hash/fnv"
	"math"
	"sort"
	"time"
)

// Stats is one synthetic day of a handle.
type Stats struct {
	Followers, Gained, Likes, Views, Impressions, Reach int64
}

// epoch is day 0 of the synthetic histories.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

func hash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// spikeEvery is the period of a handle's viral spikes, in days.
const spikeEvery = 97

// weekly is the rhythm of a week, Sunday first: weekends are busier.
var weekly = [7]float64{1.3, 0.85, 0.9, 0.95, 1.0, 1.1, 1.35}

// Day returns the synthetic stats of handle on platform for day d: followers
// growing from a handle-seeded base, a weekly rhythm, daily noise and a
// viral spike every spikeEvery days (views ×8 on the day, decaying over
// three days, with a jump in followers).
func Day(platform, handle string, d time.Time) Stats {
	h := hash(platform, handle)
	n := int(d.Sub(epoch).Hours() / 24)
	followers := func(n int) float64 {
		base := 2000 + float64(h%60000)
		g := 0.001 + float64((h>>8)%10)/10000
		spikes := 0
		if off := int(h>>16) % spikeEvery; n >= off {
			spikes = (n-off)/spikeEvery + 1
		}
		return base*math.Pow(1+g, float64(n)) + float64(spikes)*base*0.08
	}
	f, prev := followers(n), followers(n-1)
	noise := 0.8 + float64(hash(handle, d.Format(time.DateOnly))%400)/1000
	boost := 1.0
	if k := (n - int(h>>16)%spikeEvery) % spikeEvery; k >= 0 && k < 4 {
		boost = []float64{8, 4, 2, 1.4}[k]
	}
	views := f * 0.35 * weekly[d.Weekday()] * noise * boost
	return Stats{Followers: int64(f), Gained: int64(f) - int64(prev), Views: int64(views), Likes: int64(views * 0.06),
		Impressions: int64(views * 1.6), Reach: int64(views * 0.7)}
}

// Audience is a handle's synthetic audience: shares by dimension and bucket.
func Audience(platform, handle string) map[string]map[string]float64 {
	h := hash("audience", platform, handle)
	weights := func(keys []string, salt uint64) map[string]float64 {
		m, total := map[string]float64{}, 0.0
		for i, k := range keys {
			w := float64((h>>(salt+uint64(i)*3))%17+1) / float64(i+1)
			m[k] = w
			total += w
		}
		for k := range m {
			m[k] = math.Round(m[k]/total*10000) / 10000
		}
		return m
	}
	ages := []string{"25-34", "18-24", "35-44", "45-54", "13-17", "55-64", "65+"}
	countries := []string{"US", "GB", "IN", "BR", "DE", "CA", "FR", "AU"}
	r := int(h % uint64(len(countries)))
	countries = append(countries[r:], countries[:r]...)
	return map[string]map[string]float64{"age": weights(ages, 1), "gender": weights([]string{"female", "male", "other"}, 5),
		"country": weights(countries, 9)}
}

// sortedKeys returns m's keys, largest share first.
func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	return keys
}

// days lists the UTC days from start up to (not including) end.
func days(start, end time.Time) []time.Time {
	var out []time.Time
	for d := start.UTC().Truncate(24 * time.Hour); d.Before(end); d = d.AddDate(0, 0, 1) {
		out = append(out, d)
	}
	return out
}
