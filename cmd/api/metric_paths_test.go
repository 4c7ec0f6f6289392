package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"creatorcoach/cmd/internal/seed"
	"creatorcoach/jobs"
	"creatorcoach/store"
)

// TestMetrics_SameEverywhere: every glossary metric the demo data shows is
// computed through every path that shows it and has the same value under the
// same name. The engagement rate (per follower) of creator@'s network entry:
// the network list, the profile and the coach's facts. Engagements,
// engagement per view, spend and each post's usage of Autumn Lookbook: the
// results JSON, the CSV, the PDF (read back with pdftotext) and the share
// page; engagement per view is also recomputed from the posts with the
// glossary's function. No results path calls a per-view figure "engagement
// rate".
func TestMetrics_SameEverywhere(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is not installed: ops/services.sh installs it, the PDF path is part of this test")
	}
	e := setupSeeded(t)
	ctx := context.Background()
	demo := func(email string) string {
		return e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": seed.DemoPassword}),
			http.StatusOK).str("data", "accessToken")
	}
	brand := demo("brand@example.com")

	t.Run("EngagementRate", func(t *testing.T) {
		var entry struct {
			ID   string  `db:"id"`
			Name string  `db:"name"`
			Rate float64 `db:"engagement_rate"`
		}
		if err := e.db.SQL().Get(&entry, `SELECT c.id, c.name, c.engagement_rate::float8 AS engagement_rate FROM creators c
			JOIN users u ON u.id = c.user_id WHERE u.email = 'creator@example.com' AND c.engagement_rate IS NOT NULL`); err != nil {
			t.Fatal(err)
		}
		list := e.want(e.call("GET", "/api/creators?search="+url.QueryEscape(entry.Name), brand, nil), http.StatusOK).data()
		var inList any
		var listAudience map[string]any
		for _, c := range list["creators"].([]any) {
			if m := c.(map[string]any); m["_id"] == entry.ID {
				inList = m["engagementRate"]
				listAudience, _ = m["audience"].(map[string]any)
			}
		}
		if inList != entry.Rate {
			t.Errorf("network list: engagementRate %v, the entry's %v", inList, entry.Rate)
		}
		prof := e.want(e.call("GET", "/api/creators/"+entry.ID, brand, nil), http.StatusOK).data()
		fig, _ := prof["profile"].(map[string]any)["engagementRate"].(map[string]any)
		if fig["value"] != entry.Rate || fig["basis"] != store.BasisMeasured {
			t.Errorf("profile: engagementRate %v, the entry's %v (measured)", fig, entry.Rate)
		}
		// The audience: one figure, the same split on the network list and the profile, saying its platforms.
		pa, _ := prof["profile"].(map[string]any)["audience"].(map[string]any)
		if pa == nil || listAudience == nil || pa["basis"] != store.BasisMeasured || len(pa["platforms"].([]any)) == 0 {
			t.Fatalf("audience: list %v, profile %v", listAudience, pa)
		}
		for g, v := range pa["gender"].(map[string]any) {
			lv, _ := listAudience["gender"].(map[string]any)[g].(float64)
			if math.Round(lv) != math.Round(v.(float64)) {
				t.Errorf("audience %s: list %v%%, profile %v%%", g, lv, v)
			}
		}
		// The coach compares the same figure, under the same name.
		creator := demo("creator@example.com")
		asked := e.want(ask(e, creator, "How does my engagement compare to similar creators?", ""), http.StatusCreated)
		id := asked.str("data", "entry", "_id")
		var answered map[string]any
		for deadline := time.Now().Add(20 * time.Second); answered == nil; time.Sleep(50 * time.Millisecond) {
			for _, c := range chatEntries(e.chats(creator, "")) {
				if m := c.(map[string]any); m["_id"] == id && m["status"] == "answered" {
					answered = m
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the coach did not answer %s", id)
			}
		}
		var rate, perView any
		for _, f := range answered["facts"].([]any) {
			fm := f.(map[string]any)
			label, _ := fm["label"].(string)
			switch {
			case label == "Engagement rate (likes per follower), network entry":
				rate = fm["value"]
			case strings.HasPrefix(label, "Engagement per view"):
				perView = fm["value"]
			case strings.Contains(strings.ToLower(label), "engagement rate") && strings.Contains(label, "per view"):
				t.Errorf("a per-view figure named engagement rate: %q", label)
			}
		}
		if rate != entry.Rate {
			t.Errorf("coach: engagement rate %v, the entry's %v (%v)", rate, entry.Rate, answered["answer"])
		}
		if perView == nil {
			t.Errorf("coach: no engagement per view fact: %v", answered["facts"])
		}
	})

	t.Run("Results", func(t *testing.T) {
		var campaignID string
		if err := e.db.SQL().Get(&campaignID, `SELECT id FROM campaigns WHERE name = 'Autumn Lookbook'`); err != nil {
			t.Fatal(err)
		}
		res, err := e.db.CampaignResultsOf(ctx, campaignID)
		if err != nil {
			t.Fatal(err)
		}
		api := e.want(e.call("GET", "/api/campaigns/"+campaignID+"/results", brand, nil), http.StatusOK).data()["results"].(map[string]any)
		totals := api["totals"].(map[string]any)
		if _, ok := totals["engagementRate"]; ok {
			t.Error("the results call a per-view figure engagementRate")
		}
		if len(res.Creators) < 2 || res.Totals.EngagementPerView.Value == nil || res.Totals.Engagements.Value == nil || res.Totals.Spend.Value == nil {
			t.Fatalf("demo results without figures: %+v", res.Totals)
		}

		// The glossary's functions over the posts give the figures the statement gives.
		var likes, comments, shares, views int64
		for _, c := range res.Creators {
			var cl, cc, cs, cv int64
			for _, p := range c.Posts {
				cl, cc, cs, cv = cl+deref(p.Likes), cc+deref(p.Comments), cs+deref(p.Shares), cv+deref(p.Views)
			}
			likes, comments, shares, views = likes+cl, comments+cc, shares+cs, views+cv
			if c.EngagementPerView.Value == nil {
				continue
			}
			if v, _ := store.EngagementPerView(store.Engagements(cl, cc, cs), cv); v != *c.EngagementPerView.Value {
				t.Errorf("%s: engagement per view %v, the glossary's %v", c.Name, *c.EngagementPerView.Value, v)
			}
		}
		eng := store.Engagements(likes, comments, shares)
		if float64(eng) != *res.Totals.Engagements.Value {
			t.Errorf("engagements %v, the glossary's %d", *res.Totals.Engagements.Value, eng)
		}
		if v, _ := store.EngagementPerView(eng, views); v != *res.Totals.EngagementPerView.Value {
			t.Errorf("engagement per view %v, the glossary's %v", *res.Totals.EngagementPerView.Value, v)
		}

		// Each path writes the same figures the same way.
		want := map[string]string{
			"Engagements":         res.Totals.Engagements.Text(store.KindCount),
			"Engagement per view": res.Totals.EngagementPerView.Text(store.KindPercent),
			"Spend":               res.Totals.Spend.Text(store.KindMoney),
			"Views":               res.Totals.Views.Text(store.KindCount),
		}

		// The CSV: the campaign row, the creator rows (fees sum to the spend), the post rows' usage.
		status, _, body := e.rawGet("/api/campaigns/"+campaignID+"/results.csv", brand)
		if status != http.StatusOK {
			t.Fatalf("csv %d", status)
		}
		rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for i, n := range rows[0] {
			col[n] = i
		}
		camp := rows[1]
		for name, csvCol := range map[string]string{"Engagements": "engagements", "Engagement per view": "engagement per view", "Views": "views"} {
			if got := camp[col[csvCol]]; got != want[name] {
				t.Errorf("CSV %s: %q, the results' %q", csvCol, got, want[name])
			}
		}
		var spend float64
		usages := map[string]string{}
		for _, row := range rows[2:] {
			switch row[col["row"]] {
			case "creator":
				for _, c := range res.Creators {
					// Two creators may share a name: the handle tells them apart.
					if c.Name == row[col["creator"]] && strings.TrimLeft(row[col["handle"]], "'@") == strings.TrimLeft(c.Handle, "@") && c.Fee != nil {
						spend += *c.Fee
						if got := row[col["engagement per view"]]; got != c.EngagementPerView.Text(store.KindPercent) {
							t.Errorf("CSV %s engagement per view %q, the results' %q", c.Name, got, c.EngagementPerView.Text(store.KindPercent))
						}
						if got := row[col["fee"]]; got != store.FigureText(*c.Fee, store.KindMoney) {
							t.Errorf("CSV %s fee %q", c.Name, got)
						}
					}
				}
			case "post":
				usages[row[col["post link"]]] = row[col["usage"]]
			}
		}
		if store.FigureText(spend, store.KindMoney) != want["Spend"] {
			t.Errorf("CSV fees sum to %v, the spend is %s", spend, want["Spend"])
		}
		for _, c := range res.Creators {
			for _, p := range c.Posts {
				if p.Usage == nil || usages[p.URL] != p.Usage.Label {
					t.Errorf("CSV usage of %s: %q, the results' %+v", p.URL, usages[p.URL], p.Usage)
				}
			}
		}

		// The PDF, read back as text.
		var pdf bytes.Buffer
		if err := jobs.ResultsPDF(res, time.Now()).Output(&pdf); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "results.pdf")
		if err := os.WriteFile(file, pdf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-layout", file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		lines := strings.Split(text, "\n")
		line := func(prefix string, also ...string) string {
			for _, l := range lines {
				if strings.HasPrefix(strings.TrimSpace(l), prefix) && (len(also) == 0 || strings.Contains(l, also[0])) {
					return l
				}
			}
			return ""
		}
		for name, v := range want {
			if l := line(name + " "); !strings.Contains(l, " "+v+" ") {
				t.Errorf("PDF %s: %q lacks %q", name, l, v)
			}
		}
		if strings.Contains(strings.ToLower(text), "engagement rate") {
			t.Error("the PDF names a per-view figure engagement rate")
		}
		for _, c := range res.Creators {
			if l := line(c.Name, c.Handle); !strings.Contains(l, c.EngagementPerView.Text(store.KindPercent)) {
				t.Errorf("PDF row of %s: %q lacks %q", c.Name, l, c.EngagementPerView.Text(store.KindPercent))
			}
			for _, p := range c.Posts {
				if !strings.Contains(text, p.Usage.Label) {
					t.Errorf("PDF lacks the usage %q of %s", p.Usage.Label, p.URL)
				}
			}
		}

		// The share page with fees shown: the same figures, the same usage.
		share := e.want(e.call("POST", "/api/campaigns/"+campaignID+"/share", brand, map[string]any{"showFees": true}), http.StatusCreated)
		shared := e.want(e.call("GET", "/api/share/"+share.str("data", "share", "token"), "", nil), http.StatusOK).data()["results"].(map[string]any)
		st := shared["totals"].(map[string]any)
		for _, k := range []string{"engagements", "engagementPerView", "spend", "views"} {
			if resultFigure(st, k)["value"] != resultFigure(totals, k)["value"] {
				t.Errorf("share page %s %v, the results' %v", k, st[k], totals[k])
			}
		}
		for i, c := range shared["creators"].([]any) {
			for j, p := range c.(map[string]any)["posts"].([]any) {
				u, _ := p.(map[string]any)["usage"].(map[string]any)
				if want := res.Creators[i].Posts[j].Usage.Label; u["label"] != want {
					t.Errorf("share page usage %v, the results' %q", u, want)
				}
			}
		}
	})
}
