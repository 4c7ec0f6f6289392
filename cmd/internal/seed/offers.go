package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"creatorcoach/store"
)

// Demo network: DemoCreators generated creators from a fixed random seed,
// recorded as one finished import job with a fixed id.
const (
	DemoCreators    = 2000
	demoImportJobID = "00000000-0000-4000-8000-000000002026"
)

var (
	demoFirst  = strings.Fields("Ava Liam Mia Noah Zoe Ethan Lena Omar Iris Mateo Chloe Ravi Nora Kenji Sara Diego Lucia Felix Hana Amir Elif Jonas Maya Tariq Ines Leo Priya Hugo Yara Sven")
	demoLast   = strings.Fields("Martinez Chen Okafor Novak Silva Kowalski Haddad Rossi Tanaka Larsen Dubois Mensah Ivanova Costa Becker Nguyen Patel Moreau Yilmaz Fischer Walsh Romero Sato Kaur Berg Lopez Wagner Ali Petrov Grant")
	demoCities = []string{"Berlin", "London", "New York", "Austin, TX", "Paris", "Lagos", "Tokyo", "São Paulo", "Mumbai", "Toronto", "Sydney", "Madrid"}
)

// demoNetwork returns the demo creators: every niche, Micro (70%), Mid
// (25%) and Macro (5%) followings, most on Instagram, many also on TikTok,
// YouTube or LinkedIn, with engagement and audience splits.
func demoNetwork(niches []store.Niche) []store.CreatorInput {
	rng := rand.New(rand.NewPCG(2026, 11))
	out := make([]store.CreatorInput, DemoCreators)
	for i := range out {
		first, last := demoFirst[rng.IntN(len(demoFirst))], demoLast[rng.IntN(len(demoLast))]
		handle := strings.ToLower(first+"."+last) + strconv.Itoa(i)
		var followers int64
		switch t := rng.IntN(100); {
		case t < 70:
			followers = 1_000 + rng.Int64N(49_000)
		case t < 95:
			followers = 50_000 + rng.Int64N(450_000)
		default:
			followers = 500_000 + rng.Int64N(2_500_000)
		}
		c := store.CreatorInput{Name: first + " " + last, Email: "demo." + handle + "@creators.example",
			Niche: niches[rng.IntN(len(niches))].Name, Location: demoCities[rng.IntN(len(demoCities))]}
		c.Handles[0], c.Followers[0] = handle, ptr(followers)
		for p, share := range []int{1: 25, 2: 40, 3: 10} { // by store.Platforms index
			if p > 0 && rng.IntN(100) < share {
				c.Handles[p], c.Followers[p] = handle, ptr(followers*int64(20+rng.IntN(100))/100)
			}
		}
		er := float64(5+rng.IntN(85)) / 10
		female := float64(15 + rng.IntN(71))
		other := float64(rng.IntN(5))
		male := 100 - female - other
		c.EngagementRate, c.Female, c.Male, c.Other = &er, &female, &male, &other
		if rng.IntN(10) > 0 { // a tenth have no known audience ages
			c.Ages = demoAges(rng)
		}
		out[i] = c
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// demoAges splits 100% of an audience over the age bands, centred on a random band.
func demoAges(rng *rand.Rand) map[string]float64 {
	centre := 1 + rng.IntN(4)
	weights := make([]float64, len(store.AgeBands))
	var sum float64
	for i := range weights {
		d := float64(i - centre)
		weights[i] = 1 / (1 + d*d) * float64(50+rng.IntN(50))
		sum += weights[i]
	}
	ages := map[string]float64{}
	for i, band := range store.AgeBands {
		ages[band] = float64(int(weights[i]/sum*1000)) / 10
	}
	return ages
}

// demoCampaign is one of the demo brand's campaigns and what happens to it;
// its dates fit its status: from day start to day end, counted from today
// (a completed campaign ended in the past, an active one runs today).
type demoCampaign struct {
	name, status string
	start, end   int
	budget       float64
	niches       []string
	offers       [][]string // per roster entry, the moves its offer makes
	usage        string     // the campaign's content usage; "" is organic_only
}

var demoCampaigns = []demoCampaign{
	{name: "Winter Warm-up", status: store.CampaignDraft, start: 7, end: 37, budget: 4000},
	{name: "Spring Fitness Push", status: store.CampaignActive, start: -10, end: 20, budget: 15000, niches: []string{"Fitness & Health", "Wellness & Mindfulness"},
		offers: [][]string{{"sent", "accepted"}, {"sent", "accepted", "completed"}, {"sent", "countered"}, {"sent"}, {"sent"}, {"sent", "declined"}}},
	{name: "Autumn Lookbook", status: store.CampaignCompleted, start: -75, end: -45, budget: 8000, niches: []string{"Fashion & Style"},
		offers: [][]string{{"sent", "accepted", "completed"}, {"sent", "accepted", "completed"}, {"sent", "expired"}}},
	{name: demoUsageCampaign, status: store.CampaignCompleted, start: -35, end: -15, budget: 3000, niches: []string{"Beauty & Makeup"},
		offers: [][]string{{"sent", "accepted", "completed"}}, usage: "30_days"},
}

// offers adds the demo network, the demo brand's four campaigns and the
// active one's roster with offers in several states. It only adds what is
// missing, so it may run again.
func offers(ctx context.Context, db *store.DB) error {
	niches, err := db.ListNiches(ctx)
	if err != nil {
		return err
	}
	if err := db.EnsureFinishedJob(ctx, demoImportJobID, store.JobKindCreatorImport,
		map[string]any{"rows": DemoCreators, "imported": DemoCreators, "format": "demo"}); err != nil {
		return err
	}
	if err := db.SaveCreatorImportBatch(ctx, demoImportJobID, demoNetwork(niches), nil); err != nil {
		return fmt.Errorf("seed creators: %w", err)
	}
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	admin, _, err := db.Login(ctx, "admin@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: admin log-in: %w", err)
	}
	for _, dc := range demoCampaigns {
		if err := seedCampaign(ctx, db, brand, admin, niches, dc); err != nil {
			return fmt.Errorf("seed campaign %q: %w", dc.name, err)
		}
	}
	fmt.Printf("Demo network: %d creators; brand campaigns: %d\n", DemoCreators, len(demoCampaigns))
	return creatorOffers(ctx, db, brand)
}

func seedCampaign(ctx context.Context, db *store.DB, brand, admin *store.User, niches []store.Niche, dc demoCampaign) error {
	p, err := db.ListCampaigns(ctx, brand, store.CampaignFilter{Search: dc.name, Page: 1, Limit: 1})
	if err != nil || p.Total > 0 {
		return err
	}
	start := time.Now().UTC().AddDate(0, 0, 7)
	usage := dc.usage
	if usage == "" {
		usage = "organic_only"
	}
	raw := fmt.Sprintf(`{"campaignName": %q, "goals": ["Brand Awareness", "Community Growth"], "budget": %v,
		"duration": {"startDate": %q, "endDate": %q}, "location": "", "demographics": {"ageRange": {"start": 18, "end": 34},
		"gender": "Female"}, "contentVibes": ["Authentic", "Fun"], "terms": {"exclusivity": "no_exclusivity",
		"contentUsage": %q}, "status": "draft"}`, dc.name, dc.budget, start.Format(time.DateOnly),
		start.AddDate(0, 1, 0).Format(time.DateOnly), usage)
	var in store.Campaign
	if err := json.Unmarshal([]byte(raw), &in); err != nil {
		return err
	}
	c, err := db.CreateCampaign(ctx, brand, in)
	if err != nil {
		return err
	}
	if len(dc.offers) > 0 {
		var ids []string
		for _, n := range niches {
			for _, want := range dc.niches {
				if n.Name == want {
					ids = append(ids, n.ID)
				}
			}
		}
		if _, err := db.GenerateRoster(ctx, c.ID, 12, ids, "", nil); err != nil {
			return err
		}
		if err := seedOfferMoves(ctx, db, admin, brand, c.ID, dc.offers); err != nil {
			return err
		}
	}
	moves := map[string][]string{store.CampaignActive: {store.CampaignActive},
		store.CampaignCompleted: {store.CampaignActive, store.CampaignCompleted}}[dc.status]
	for _, st := range moves {
		if _, err := db.UpdateCampaign(ctx, brand, c.ID, func(c *store.Campaign) error { c.Status = st; return nil }); err != nil {
			return err
		}
	}
	// The form accepts no start in the past: the dates that fit the status
	// are set once it is reached.
	today := time.Now().UTC()
	_, err = db.SQL().ExecContext(ctx, `UPDATE campaigns SET start_date = $2, end_date = $3 WHERE id = $1`, c.ID,
		today.AddDate(0, 0, dc.start).Format(time.DateOnly), today.AddDate(0, 0, dc.end).Format(time.DateOnly))
	return err
}

// seedOfferMoves walks the first roster entries' offers through moves; an
// acceptance is both sides' signatures (brand@ and the creator, see
// demoAccept).
func seedOfferMoves(ctx context.Context, db *store.DB, admin, brand *store.User, campaignID string, moves [][]string) error {
	raw, err := db.GetRoster(ctx, admin, campaignID)
	if err != nil {
		return err
	}
	var ro struct {
		Entries []struct {
			ID  string  `json:"_id"`
			Fee float64 `json:"estimatedFee"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(raw, &ro); err != nil {
		return err
	}
	for i, seq := range moves[:min(len(moves), len(ro.Entries))] {
		for _, st := range seq {
			if st == store.OfferAccepted {
				if err := demoAccept(ctx, db, ro.Entries[i].ID, brand); err != nil {
					return err
				}
				continue
			}
			ch := store.OfferChange{EntryID: ro.Entries[i].ID, Status: ptr(st)}
			if st == store.OfferCountered {
				ch.Amount = ptr(store.Number(ro.Entries[i].Fee * 1.3))
			}
			if _, err := db.UpdateOffers(ctx, admin, store.OfferUpdate{CampaignID: campaignID, Entries: []store.OfferChange{ch}}, nil); err != nil {
				return err
			}
		}
	}
	return nil
}
