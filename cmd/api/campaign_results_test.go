package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// resultsPost is one captured post of a fixture: its figures (nil = the
// platform does not report it) and its daily readings.
type resultsPost struct {
	published                           time.Time
	views, likes, comments, shares, rch *int64
	daily                               []resultsReading
}

type resultsReading struct {
	day          time.Time
	views, likes *int64
}

func n64(v int64) *int64 { return &v }

// addCreatorOffer inserts a network creator and its roster entry on
// campaign id with status and amount, and returns the entry id.
func (e *env) addCreatorOffer(campaignID, name, platform, handle, status string, amount float64) string {
	e.t.Helper()
	var creatorID, entryID string
	if err := e.db.SQL().Get(&creatorID, `INSERT INTO creators (identity, name, `+store.HandleColumn(platform)+`)
		VALUES ($1, $2, $3) RETURNING id`, "test:"+name+":"+campaignID, name, handle); err != nil {
		e.t.Fatal(err)
	}
	if err := e.db.SQL().Get(&entryID, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform,
			estimated_fee, offer_amount, offer_status, offer_updated_at)
		VALUES ($1, $2, 1, 50, '{}', $3, $4, $4, $5, now()) RETURNING id`, campaignID, creatorID, platform, amount, status); err != nil {
		e.t.Fatal(err)
	}
	return entryID
}

// addPost inserts a captured post of entry (as the analytics sync would)
// with its daily readings, and returns its id.
func (e *env) addPost(campaignID, entryID, platform, caption string, p resultsPost) string {
	e.t.Helper()
	var id string
	ext := fmt.Sprintf("post-%d", p.published.UnixNano())
	if err := e.db.SQL().Get(&id, `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption,
			published_at, views, likes, comments, shares, reach, refreshed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $7::timestamptz + interval '2 days') RETURNING id`,
		campaignID, entryID, platform, ext, "https://"+platform+".example/p/"+ext, caption, p.published,
		p.views, p.likes, p.comments, p.shares, p.rch); err != nil {
		e.t.Fatal(err)
	}
	for _, r := range p.daily {
		if _, err := e.db.SQL().Exec(`INSERT INTO campaign_post_daily (post_id, day, views, likes) VALUES ($1, $2, $3, $4)`,
			id, r.day.Format(time.DateOnly), r.views, r.likes); err != nil {
			e.t.Fatal(err)
		}
	}
	return id
}

// resultsFixture is a campaign of Acme with three accepted or completed
// offers (one without posts), a sent offer (not in the results) and three
// posts; the days of its readings are d0, d0+1, d0+2.
type resultsFixture struct {
	id, owner string
	d0        time.Time
}

func (e *env) resultsFixture(owner string) resultsFixture {
	e.t.Helper()
	id := e.createCampaign(owner, "Winter Warmup")
	d0 := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	cleo := e.addCreatorOffer(id, "Cleo Park", "instagram", "cleo", "accepted", 1000)
	dan := e.addCreatorOffer(id, "=HYPERLINK(\"http://evil\")", "tiktok", "dan", "completed", 500)
	e.addCreatorOffer(id, "Eve Stone", "youtube", "", "accepted", 1500)
	sent := e.addCreatorOffer(id, "Fay Sent", "instagram", "fay", "sent", 700)
	e.addPost(id, cleo, "instagram", "First look #winterwarmup", resultsPost{published: d0.Add(10 * time.Hour),
		views: n64(1000), likes: n64(100), comments: n64(10), daily: []resultsReading{{d0, n64(500), nil}, {d0.AddDate(0, 0, 1), n64(1000), nil}}})
	e.addPost(id, cleo, "instagram", "-cmd|' /C calc'!A0 #winterwarmup", resultsPost{published: d0.AddDate(0, 0, 2).Add(9 * time.Hour),
		views: n64(3000), likes: n64(200), comments: n64(20), daily: []resultsReading{{d0.AddDate(0, 0, 2), n64(3000), nil}}})
	e.addPost(id, dan, "tiktok", "Warm #WinterWarmup", resultsPost{published: d0.AddDate(0, 0, 1).Add(8 * time.Hour),
		views: n64(6000), likes: n64(300), comments: n64(30), shares: n64(70),
		daily: []resultsReading{{d0.AddDate(0, 0, 1), n64(4000), n64(100)}, {d0.AddDate(0, 0, 2), n64(6000), n64(300)}}})
	// A sent offer's post (captured before, say, a withdrawal) is not in the results.
	e.addPost(id, sent, "instagram", "#winterwarmup", resultsPost{published: d0.Add(12 * time.Hour), views: n64(99999)})
	return resultsFixture{id: id, owner: owner, d0: d0}
}

// resultFigure reads a ResultFigure at a dotted path of m.
func resultFigure(m map[string]any, path string) map[string]any {
	cur := any(m)
	for _, k := range strings.Split(path, ".") {
		cur = cur.(map[string]any)[k]
	}
	f, _ := cur.(map[string]any)
	return f
}

func wantFigure(t *testing.T, m map[string]any, path string, want map[string]any) {
	t.Helper()
	if got := resultFigure(m, path); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", path, got, want)
	}
}

func measured(v float64) map[string]any { return map[string]any{"value": v, "basis": "measured"} }
func derived(v float64, formula string) map[string]any {
	return map[string]any{"value": v, "basis": "derived", "formula": formula}
}
func unavailable(reason string) map[string]any {
	return map[string]any{"value": nil, "basis": "unavailable", "reason": reason}
}

func (e *env) results(token, id string) map[string]any {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/campaigns/"+id+"/results", token, nil), http.StatusOK)
	return r.data()["results"].(map[string]any)
}

// TestCampaignResults_Figures: totals, per-creator figures and their bases,
// the daily series, the order of creators and what is left out.
func TestCampaignResults_Figures(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	f := e.resultsFixture(owner)
	res := e.results(owner, f.id)

	if res["feesShown"] != true || res["asOf"] == nil {
		t.Errorf("feesShown %v, asOf %v", res["feesShown"], res["asOf"])
	}
	c := res["campaign"].(map[string]any)
	if c["campaignName"] != "Winter Warmup" || c["brandName"] != "Acme" || c["budget"] != 2500.0 || c["startDate"] != e.day(1) {
		t.Errorf("campaign %v", c)
	}
	for path, want := range map[string]map[string]any{
		"totals.posts":             measured(3),
		"totals.creatorsLive":      measured(2),
		"totals.views":             measured(10000),
		"totals.likes":             measured(600),
		"totals.comments":          measured(60),
		"totals.shares":            map[string]any{"value": 70.0, "basis": "measured", "platforms": []any{"TikTok"}},
		"totals.reach":             unavailable("No platform of these posts reports reach"),
		"totals.engagements":       derived(730, store.FormulaEngagements),
		"totals.engagementPerView": derived(7.3, store.FormulaEngagementPerView),
		"totals.spend":             derived(3000, store.FormulaSpend),
		"totals.cpm":               derived(300, store.FormulaCPM),
		"totals.cpe":               derived(4.11, store.FormulaCPE),
		"totals.costPerView":       derived(0.3, store.FormulaCostPerView),
	} {
		wantFigure(t, res, path, want)
	}

	creators := res["creators"].([]any)
	var names []string
	for _, x := range creators {
		names = append(names, x.(map[string]any)["name"].(string))
	}
	if want := []string{"=HYPERLINK(\"http://evil\")", "Cleo Park", "Eve Stone"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("creators (most views first, accepted and completed only): %q, want %q", names, want)
	}
	dan, cleo, eve := creators[0].(map[string]any), creators[1].(map[string]any), creators[2].(map[string]any)
	if dan["handle"] != "@dan" || dan["offerStatus"] != "completed" || dan["fee"] != 500.0 || dan["platform"] != "tiktok" {
		t.Errorf("dan %v", dan)
	}
	wantFigure(t, dan, "engagementPerView", derived(6.67, store.FormulaEngagementPerView))
	wantFigure(t, cleo, "views", measured(4000))
	wantFigure(t, cleo, "shares", unavailable("No platform of these posts reports shares"))
	wantFigure(t, cleo, "engagementPerView", derived(8.25, store.FormulaEngagementPerView))
	posts := cleo["posts"].([]any)
	if len(posts) != 2 || posts[0].(map[string]any)["views"] != 3000.0 || posts[1].(map[string]any)["shares"] != nil ||
		posts[1].(map[string]any)["reach"] != nil {
		t.Errorf("cleo's posts (newest first, null where not reported): %v", posts)
	}
	if eve["handle"] != "" || len(eve["posts"].([]any)) != 0 {
		t.Errorf("eve %v", eve)
	}
	wantFigure(t, eve, "views", unavailable(store.ReasonNoPosts))
	wantFigure(t, eve, "engagementPerView", unavailable(store.ReasonNoPosts))

	// The series runs from the first post's day to the last reading,
	// each day the sum of every post's last reading so far.
	series := res["series"].([]any)
	type point struct {
		day                      string
		views, likes, engagement any
	}
	var got []point
	for _, x := range series {
		p := x.(map[string]any)
		got = append(got, point{p["day"].(string), p["views"], p["likes"], p["engagements"]})
	}
	want := []point{{"2026-12-02", 500.0, nil, nil}, {"2026-12-03", 5000.0, 100.0, 100.0},
		{"2026-12-04", 10000.0, 300.0, 300.0}, {"2026-12-05", 10000.0, 300.0, 300.0}, {"2026-12-06", 10000.0, 300.0, 300.0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("series\n got %v\nwant %v", got, want)
	}
}

// TestCampaignResults_Unavailable: a campaign without posts, and one whose
// only post has no views: nothing is 0 that was not measured as 0.
func TestCampaignResults_Unavailable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	empty := e.createCampaign(owner, "Nothing yet")
	e.addCreatorOffer(empty, "Ann", "instagram", "ann", "accepted", 800)
	res := e.results(owner, empty)
	if res["asOf"] != nil || len(res["series"].([]any)) != 0 {
		t.Errorf("asOf %v, series %v", res["asOf"], res["series"])
	}
	wantFigure(t, res, "totals.posts", measured(0))
	wantFigure(t, res, "totals.views", unavailable(store.ReasonNoPosts))
	wantFigure(t, res, "totals.engagementPerView", unavailable(store.ReasonNoPosts))
	wantFigure(t, res, "totals.spend", derived(800, store.FormulaSpend))
	wantFigure(t, res, "totals.cpm", unavailable(store.ReasonNoPosts))

	zero := e.createCampaign(owner, "No views")
	entry := e.addCreatorOffer(zero, "Bo", "linkedin", "bo", "accepted", 400)
	e.addPost(zero, entry, "linkedin", "#noviews", resultsPost{published: time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC),
		views: n64(0), likes: n64(3)})
	res = e.results(owner, zero)
	wantFigure(t, res, "totals.views", measured(0))
	wantFigure(t, res, "totals.engagementPerView", unavailable(store.ReasonNoViews))
	wantFigure(t, res, "totals.cpm", unavailable(store.ReasonNoViews))
	wantFigure(t, res, "totals.costPerView", unavailable(store.ReasonNoViews))
	wantFigure(t, res, "totals.cpe", derived(133.33, store.FormulaCPE))
	wantFigure(t, res, "totals.reach", unavailable("No platform of these posts reports reach"))
}

// rawGet fetches path and returns the status, headers and body unread as JSON.
func (e *env) rawGet(path, token string) (int, http.Header, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b
}

// TestCampaignResults_CSV: a campaign row with the time the figures are as
// of, one creator row per creator carrying the fee once (the fee column sums
// to the spend), one post row per post on the post's own platform with its
// usage, n/a for what is not reported, numbers written as the page and the
// PDF write them, formula cells defused.
func TestCampaignResults_CSV(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	f := e.resultsFixture(owner)
	// Gil's offer is for Instagram, his tagged post is on TikTok.
	gil := e.addCreatorOffer(f.id, "Gil Ruiz", "instagram", "gil", "accepted", 1250.5)
	e.addPost(f.id, gil, "tiktok", "#winterwarmup", resultsPost{published: f.d0.Add(7 * time.Hour), views: n64(1200), likes: n64(60)})
	status, h, body := e.rawGet("/api/campaigns/"+f.id+"/results.csv", owner)
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") ||
		h.Get("Content-Disposition") != `attachment; filename=winter-warmup-results.csv` {
		t.Fatalf("status %d, headers %v", status, h)
	}
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows[0], resultsCSVHeader) {
		t.Fatalf("header %q", rows[0])
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	cell := func(row []string, name string) string { return row[col[name]] }
	res := e.results(owner, f.id)
	camp := rows[1]
	if cell(camp, "row") != "campaign" || cell(camp, "creator") != "Winter Warmup" || cell(camp, "views") != "11,200" ||
		cell(camp, "as of") != res["asOf"].(string)[:19]+"Z" || cell(camp, "fee") != "" {
		t.Errorf("campaign row %q (asOf %v)", camp, res["asOf"])
	}
	var fees, postRows, creatorRows int
	var spendCents int64
	for _, row := range rows[2:] {
		switch cell(row, "row") {
		case "creator":
			creatorRows++
			fee := strings.NewReplacer("$", "", ",", "", ".", "").Replace(cell(row, "fee"))
			cents, err := strconv.ParseInt(fee, 10, 64)
			if err != nil {
				t.Fatalf("creator fee %q", cell(row, "fee"))
			}
			spendCents += cents
			fees++
		case "post":
			postRows++
			if cell(row, "fee") != "" {
				t.Errorf("a post row repeats the fee: %q", row)
			}
			// The campaign grants 30 days of paid usage and exclusivity (store.UsageOf).
			if !strings.HasPrefix(cell(row, "usage"), "Paid until ") || !strings.Contains(cell(row, "usage"), "; exclusive until ") {
				t.Errorf("post usage %q", cell(row, "usage"))
			}
		default:
			t.Errorf("row %q", row)
		}
	}
	if creatorRows != 4 || postRows != 4 || fees != 4 || spendCents != 425050 ||
		resultFigure(res, "totals.spend")["value"].(float64) != 4250.5 {
		t.Errorf("%d creator rows, %d post rows, fees sum to %d cents (spend %v)", creatorRows, postRows, spendCents, resultFigure(res, "totals.spend"))
	}
	find := func(kind, creator string) []string {
		for _, row := range rows {
			if cell(row, "row") == kind && cell(row, "creator") == creator {
				return row
			}
		}
		t.Fatalf("no %s row of %s", kind, creator)
		return nil
	}
	if g := find("creator", "Gil Ruiz"); cell(g, "platform") != "Instagram" || cell(g, "fee") != "$1,250.50" || cell(g, "views") != "1,200" {
		t.Errorf("gil's creator row %q", g)
	}
	if g := find("post", "Gil Ruiz"); cell(g, "platform") != "TikTok" || cell(g, "shares") != "n/a" || cell(g, "engagements") != "60" ||
		cell(g, "engagement per view") != "5.00%" {
		t.Errorf("gil's post row (the post's platform) %q", g)
	}
	dan := find("creator", `'=HYPERLINK("http://evil")`)
	if cell(dan, "handle") != "'@dan" || cell(dan, "views") != "6,000" || cell(dan, "reach") != "n/a" || cell(dan, "fee") != "$500.00" ||
		cell(dan, "engagements") != "400" || cell(dan, "engagement per view") != "6.67%" {
		t.Errorf("dan's row: %q", dan)
	}
	if eve := find("creator", "Eve Stone"); cell(eve, "views") != "n/a" || cell(eve, "fee") != "$1,500.00" {
		t.Errorf("eve (no posts): %q", eve)
	}
	for _, row := range rows[1:] {
		for _, c := range row {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				t.Errorf("formula cell %q in %q", c, row)
			}
		}
	}
}

// TestCampaignResults_PDF: the job runs end to end, the file downloads
// through its signed link and is a PDF; on STORAGE=s3 too (ops/test.sh).
func TestCampaignResults_PDF(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	f := e.resultsFixture(owner)
	r := e.want(e.call("POST", "/api/campaigns/"+f.id+"/results/pdf", viewer, nil), http.StatusAccepted)
	jobID := r.str("data", "job", "id")
	if r.str("data", "job", "kind") != store.JobKindCampaignExportPDF {
		t.Fatalf("job %v", r.Body)
	}
	e.settle()
	j := e.want(e.call("GET", "/api/jobs/"+jobID, viewer, nil), http.StatusOK)
	if j.str("data", "job", "status") != "succeeded" {
		t.Fatalf("job %v", j.Body)
	}
	url := j.str("data", "job", "result", "url")
	if j.str("data", "job", "result", "name") != "winter-warmup-results.pdf" || j.str("data", "job", "result", "fileId") == "" ||
		!strings.HasPrefix(url, "/api/files/") || j.str("data", "job", "result", "expiresAt") == "" {
		t.Fatalf("result %v", j.data()["job"])
	}
	status, h, body := e.rawGet(url, "")
	if status != http.StatusOK || h.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(body), "%PDF-") || len(body) < 1000 {
		t.Fatalf("download: %d %v %q", status, h, body[:min(len(body), 40)])
	}
	var owned string
	if err := e.db.SQL().Get(&owned, `SELECT owner_id FROM files WHERE key = $1`, j.str("data", "job", "result", "fileId")); err != nil {
		t.Fatal(err)
	}
	if list := e.want(e.call("GET", "/api/jobs?kind=campaign_export_pdf", viewer, nil), http.StatusOK); len(list.data()["jobs"].([]any)) != 1 {
		t.Errorf("jobs %v", list.Body)
	}
	// Another brand's staff cannot start one.
	other := e.brandAccount("other@globex.io", store.RoleBrandAdmin, "Globex")
	e.want(e.call("POST", "/api/campaigns/"+f.id+"/results/pdf", other, nil), http.StatusNotFound)
}

// TestCampaignSummary_Performance: Mission Control's performance counts the
// brand's active campaigns of this month, their posts published this month,
// spend against budget, the top posts and the counters waiting on the brand.
func TestCampaignSummary_Performance(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	other := e.brandAccount("other@globex.io", store.RoleBrandAdmin, "Globex")
	now := e.clock.Now().UTC()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	activate := func(id string) {
		if _, err := e.db.SQL().Exec(`UPDATE campaigns SET status = 'active', start_date = $2, end_date = $3 WHERE id = $1`,
			id, first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)); err != nil {
			t.Fatal(err)
		}
	}
	live := e.createCampaign(owner, "Live now")
	activate(live)
	a := e.addCreatorOffer(live, "Ann", "instagram", "ann", "accepted", 1000)
	b := e.addCreatorOffer(live, "Ben", "tiktok", "ben", "completed", 500)
	e.addCreatorOffer(live, "Cat", "youtube", "cat", "countered", 900)
	for i, v := range []int64{700, 100, 400, 300, 200, 600} {
		entry := a
		if i%2 == 1 {
			entry = b
		}
		e.addPost(live, entry, "instagram", "#live", resultsPost{published: first.Add(time.Duration(i+1) * time.Hour),
			views: n64(v), likes: n64(v / 10)})
	}
	// Last month's post, a draft's posts and another brand's are not counted.
	e.addPost(live, a, "instagram", "#live", resultsPost{published: first.Add(-time.Hour), views: n64(100000)})
	draft := e.createCampaign(owner, "Draft")
	e.addPost(draft, e.addCreatorOffer(draft, "Dee", "instagram", "dee", "accepted", 50), "instagram", "#d",
		resultsPost{published: first.Add(time.Hour), views: n64(100000)})
	theirs := e.createCampaign(other, "Theirs")
	activate(theirs)
	e.addPost(theirs, e.addCreatorOffer(theirs, "Eli", "instagram", "eli", "accepted", 50), "instagram", "#t",
		resultsPost{published: first.Add(time.Hour), views: n64(100000)})

	sum := e.want(e.call("GET", "/api/campaigns/summary", viewer, nil), http.StatusOK).data()["summary"].(map[string]any)
	perf := sum["performance"].(map[string]any)
	if perf["month"] != first.Format("2006-01") || perf["budget"] != 2500.0 {
		t.Errorf("month %v, budget %v", perf["month"], perf["budget"])
	}
	wantFigure(t, perf, "views", measured(2300))
	wantFigure(t, perf, "engagements", derived(230, store.FormulaEngagements))
	wantFigure(t, perf, "engagementPerView", derived(10, store.FormulaEngagementPerView))
	wantFigure(t, perf, "spend", derived(1500, store.FormulaSpend))
	var top []float64
	for _, p := range perf["topPosts"].([]any) {
		top = append(top, p.(map[string]any)["views"].(float64))
	}
	if !reflect.DeepEqual(top, []float64{700, 600, 400, 300, 200}) {
		t.Errorf("top posts %v", top)
	}
	if p := perf["topPosts"].([]any)[0].(map[string]any); p["creatorName"] != "Ann" || p["campaignName"] != "Live now" {
		t.Errorf("top post %v", p)
	}
	waiting := perf["waitingOnBrand"].([]any)
	if len(waiting) != 1 || waiting[0].(map[string]any)["creatorName"] != "Cat" || waiting[0].(map[string]any)["amount"] != 900.0 {
		t.Errorf("waiting %v", waiting)
	}

	// The same figures as the campaign's results when every post is this month's.
	if _, err := e.db.SQL().Exec(`DELETE FROM campaign_posts WHERE published_at < $1`, first); err != nil {
		t.Fatal(err)
	}
	res := e.results(owner, live)
	if !reflect.DeepEqual(resultFigure(res, "totals.views"), resultFigure(perf, "views")) ||
		!reflect.DeepEqual(resultFigure(res, "totals.engagementPerView"), resultFigure(perf, "engagementPerView")) ||
		!reflect.DeepEqual(resultFigure(res, "totals.spend"), resultFigure(perf, "spend")) {
		t.Errorf("results %v and Mission Control %v differ", res["totals"], perf)
	}

	// A brand with nothing this month: unavailable, not 0.
	perf = e.want(e.call("GET", "/api/campaigns/summary", e.brandAccount("new@initech.io", store.RoleBrandAdmin, "Initech"), nil),
		http.StatusOK).data()["summary"].(map[string]any)["performance"].(map[string]any)
	wantFigure(t, perf, "views", unavailable(store.ReasonNoPostsThisMonth))
	wantFigure(t, perf, "engagementPerView", unavailable(store.ReasonNoPostsThisMonth))
	wantFigure(t, perf, "spend", derived(0, store.FormulaSpend))
	if len(perf["topPosts"].([]any)) != 0 || len(perf["waitingOnBrand"].([]any)) != 0 {
		t.Errorf("empty brand %v", perf)
	}
}
