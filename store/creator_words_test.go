package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// wordsInvariant fails when creator_words is not exactly the lexemes of
// every creator's search words with its followers and niche.
func wordsInvariant(t *testing.T, db *store.DB, when string) {
	t.Helper()
	var diff int
	if err := db.SQL().Get(&diff, `SELECT count(*) FROM (
		(SELECT x.word, followers, lower(niche), x.sig, id FROM creators, creator_words_of(search) x
			EXCEPT ALL SELECT word, followers, niche, sig, id FROM creator_words)
		UNION ALL (SELECT word, followers, niche, sig, id FROM creator_words
			EXCEPT ALL SELECT x.word, followers, lower(niche), x.sig, id FROM creators, creator_words_of(search) x)) d`); err != nil {
		t.Fatal(err)
	}
	if diff != 0 {
		t.Errorf("%s: creator_words differs from the creators' words in %d rows", when, diff)
	}
}

// TestCreatorSearch_CommonWords: a search whose words are all common walks
// creator_words in followers order. Its pages are exactly the matches the
// filters select, in order, with an estimated total (exact when the walk
// reaches the list's end), and creator_words follows inserts, updates,
// deletes and truncation.
func TestCreatorSearch_CommonWords(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	// 6,000 creators: "ann" in two thirds, "lee" in half, independently;
	// followers all different.
	type creator struct {
		handle, niche string
		ann, lee      bool
		followers     int64
	}
	var all []creator
	var in []store.CreatorInput
	for i := range 6000 {
		c := creator{handle: fmt.Sprintf("h%d", i), ann: i%3 != 0, lee: i%2 == 0,
			followers: int64(i*7919) % 1_000_003}
		c.niche = []string{"Travel", "Gaming"}[(i/3)%2]
		first, last := "Zed", "Kim"
		if c.ann {
			first = "Ann"
		}
		if c.lee {
			last = "Lee"
		}
		f := c.followers
		in = append(in, store.CreatorInput{Row: i + 2, Name: first + " " + last, Niche: c.niche, Handles: [4]string{c.handle},
			Followers: [4]*int64{&f}})
		all = append(all, c)
	}
	for i := range in {
		if fe := in[i].Validate(); len(fe) > 0 {
			t.Fatal(fe)
		}
	}
	job, err := db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(in); i += 1000 {
		if err := db.SaveCreatorImportBatch(ctx, job.ID, in[i:i+1000], nil); err != nil {
			t.Fatal(err)
		}
	}
	wordsInvariant(t, db, "after import")
	if _, err := db.SQL().Exec(`ANALYZE creators`); err != nil {
		t.Fatal(err)
	}

	handles := func(p store.Page) string {
		var items []store.Creator
		if err := json.Unmarshal(p.Items, &items); err != nil {
			t.Fatal(err)
		}
		var hs []string
		for _, c := range items {
			hs = append(hs, c.Platforms["instagram"].Handle)
		}
		return strings.Join(hs, ",")
	}
	want := func(f store.CreatorFilter, keep func(c creator) bool) (string, int) {
		var m []creator
		for _, c := range all {
			if c.ann && c.lee && keep(c) {
				m = append(m, c)
			}
		}
		sort.Slice(m, func(i, j int) bool {
			if f.Sort == "-followers" {
				return m[i].followers < m[j].followers
			}
			return m[i].followers > m[j].followers
		})
		var hs []string
		for i := (f.Page - 1) * f.Limit; i < len(m) && i < f.Page*f.Limit; i++ {
			hs = append(hs, m[i].handle)
		}
		return strings.Join(hs, ","), len(m)
	}
	n := func(v int64) *int64 { return &v }
	for _, tc := range []struct {
		name      string
		f         store.CreatorFilter
		keep      func(c creator) bool
		estimated bool
	}{
		{"page 1", store.CreatorFilter{Search: "Ann Lee"}, func(creator) bool { return true }, true},
		{"page 3, prefix", store.CreatorFilter{Search: "ann le", Page: 3}, func(creator) bool { return true }, true},
		{"smallest first", store.CreatorFilter{Search: "ann lee", Sort: "-followers"}, func(creator) bool { return true }, true},
		{"niche", store.CreatorFilter{Search: "ann lee", Niche: "TRAVEL"}, func(c creator) bool { return c.niche == "Travel" }, true},
		{"niche, page 4", store.CreatorFilter{Search: "ann le", Niche: "gaming", Page: 4}, func(c creator) bool { return c.niche == "Gaming" }, true},
		{"a niche none of them is in", store.CreatorFilter{Search: "ann lee", Niche: "Food"}, func(c creator) bool { return c.niche == "Food" }, false},
		{"tier", store.CreatorFilter{Search: "ann lee", Tier: store.TierMid}, func(c creator) bool {
			return c.followers >= store.MidFollowers && c.followers < store.MacroFollowers
		}, true},
		{"followers, to the list's end", store.CreatorFilter{Search: "ann lee", MinFollowers: n(990_000), MaxFollowers: n(999_000), Limit: 20},
			func(c creator) bool { return c.followers >= 990_000 && c.followers <= 999_000 }, false},
	} {
		f := tc.f
		if f.Limit == 0 {
			f.Limit = 10
		}
		if f.Page == 0 {
			f.Page = 1
		}
		p, err := db.ListCreators(ctx, f)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		page, total := want(f, tc.keep)
		if got := handles(p); got != page {
			t.Errorf("%s: page %s, want %s", tc.name, got, page)
		}
		if p.Estimated != tc.estimated {
			t.Errorf("%s: estimated %v, want %v (total %d)", tc.name, p.Estimated, tc.estimated, p.Total)
		}
		if !tc.estimated && p.Total != total || tc.estimated && (p.Total < total/2 || p.Total > total*2) {
			t.Errorf("%s: total %d, want about %d", tc.name, p.Total, total)
		}
		if !strings.Contains(db.CreatorQuery(ctx, f).SQL, "creator_words") {
			t.Errorf("%s: the page does not walk creator_words", tc.name)
		}
	}
	// A rare word goes through the GIN index, with an exact total.
	if q := db.CreatorQuery(ctx, store.CreatorFilter{Search: "h42 ann", Page: 1, Limit: 10}); strings.Contains(q.SQL, "creator_words") {
		t.Error("a rare word walks creator_words")
	}

	// Updates (a re-import changing names and followers), deletes, truncation.
	for i := range 1000 {
		in[i].Name, in[i].Followers[0] = "Ann Lee", n(int64(2_000_000+i))
	}
	if err := db.SaveCreatorImportBatch(ctx, job.ID, in[:1000], nil); err != nil {
		t.Fatal(err)
	}
	wordsInvariant(t, db, "after update")
	p, err := db.ListCreators(ctx, store.CreatorFilter{Search: "ann lee", Page: 1, Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := handles(p); got != "h999,h998" {
		t.Errorf("after update: %s", got)
	}
	if _, err := db.SQL().Exec(`DELETE FROM creators WHERE instagram_handle = 'h999'`); err != nil {
		t.Fatal(err)
	}
	wordsInvariant(t, db, "after delete")
	if _, err := db.SQL().Exec(`TRUNCATE creators CASCADE`); err != nil {
		t.Fatal(err)
	}
	wordsInvariant(t, db, "after truncate")
}

// TestCreatorSearch_FirstSearchesAtOnce: the searches that arrive together
// while the store reads the word statistics for the first time are all
// answered (they use the GIN index meanwhile), none fails.
func TestCreatorSearch_FirstSearchesAtOnce(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	f := int64(5000)
	in := []store.CreatorInput{{Row: 2, Name: "Ann Lee", Niche: "Travel", Handles: [4]string{"ann_lee"}, Followers: [4]*int64{&f}}}
	job, err := db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SaveCreatorImportBatch(ctx, job.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	const searches = 16
	errs := make(chan error, searches)
	start := make(chan struct{})
	for range searches {
		go func() {
			<-start
			p, err := db.ListCreators(ctx, store.CreatorFilter{Search: "ann lee", Page: 1, Limit: 10})
			if err == nil && p.Total != 1 {
				err = fmt.Errorf("total %d, want 1", p.Total)
			}
			errs <- err
		}()
	}
	close(start)
	for range searches {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
