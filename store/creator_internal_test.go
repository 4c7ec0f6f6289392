package store

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCreatorPageSQL_Shapes: the page statement built once per filter shape
// is, for every filter of that shape, the statement built afresh, its
// parameters are exactly its arguments, and shapes do not share statements.
func TestCreatorPageSQL_Shapes(t *testing.T) {
	t.Parallel()
	i := func(v int64) *int64 { return &v }
	x := func(v float64) *float64 { return &v }
	filters := []CreatorFilter{
		{},
		{Page: 51},
		{Search: "ann sil"},
		{Search: "bob kay", Page: 3, Limit: 25},
		{Search: "ann", Sort: "-followers"},
		{Search: "ann", Niche: "Travel"},
		{Niche: "Gaming"},
		{Search: "ann", Tier: TierMacro, MinFollowers: i(100), MaxFollowers: i(400)},
		{Platform: "youtube", MinFollowers: i(5)},
		{Gender: "female", Location: "Lagos", MinEngagement: x(2.5), Sort: "name"},
		{Gender: "male", Location: "Paris", MinEngagement: x(1), Sort: "name"},
	}
	param := regexp.MustCompile(`\$(\d+)`)
	seen := map[string]pageShape{}
	for _, f := range filters {
		if err := f.Validate(); err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		for range 2 { // built, then read from pageStatements
			q, args := creatorPageSQL(f)
			where, _ := f.where()
			key := pageShape{where, f.Sort, searchQuery(f.Search) != "", f.ForBrand}
			if want := key.sql(len(args)); q != want {
				t.Fatalf("%+v: cached statement differs from a fresh one", f)
			}
			order := creatorSorts[f.Sort].order
			if f.Search != "" {
				order = creatorSorts[f.Sort].searchSort
			}
			if !strings.Contains(q, " FROM creators"+where+" ORDER BY "+order+" LIMIT") {
				t.Fatalf("%+v: statement without its conditions or order:\n%s", f, q)
			}
			var nums []int
			for _, m := range param.FindAllStringSubmatch(q, -1) {
				n, _ := strconv.Atoi(m[1])
				nums = append(nums, n)
			}
			slices.Sort(nums)
			if nums = slices.Compact(nums); len(nums) != len(args) || nums[len(nums)-1] != len(args) {
				t.Fatalf("%+v: parameters %v for %d arguments", f, nums, len(args))
			}
			if args[len(args)-2] != f.Limit || args[len(args)-1] != (f.Page-1)*f.Limit {
				t.Fatalf("%+v: limit and offset %v", f, args[len(args)-2:])
			}
			if other, ok := seen[q]; ok && other != key {
				t.Fatalf("%+v: shares its statement with the shape %+v", f, other)
			}
			seen[q] = key
		}
	}
	shapes := map[pageShape]bool{}
	for _, k := range seen {
		shapes[k] = true
	}
	if len(seen) != 9 || len(shapes) != 9 { // {} and page 51, and the two two-word searches, share a shape
		t.Fatalf("%d statements for %d shapes", len(seen), len(shapes))
	}
}

// TestHasSearch: hasSearch, which spares building the query, says whether
// searchQuery makes one.
func TestHasSearch(t *testing.T) {
	t.Parallel()
	for _, term := range []string{"", " ", "--", "!?. ,", "a", " ann sil ", "Ünal", "95", "dubois95", "李", "_", "@#$%^&*()"} {
		if got, want := hasSearch(term), searchQuery(term) != ""; got != want {
			t.Errorf("hasSearch(%q) = %v, searchQuery says %v", term, got, want)
		}
	}
}
