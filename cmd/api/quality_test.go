package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// qualitySeries writes n constructed days to a new Instagram account of the
// creator email (a network entry named name, listed) and computes its
// reading as the sync does. Followers grow 20–24 a day with reach about 3,000;
// on day 30 a viral post (followers +2,500 with reach ×5: explained), on
// day 45 a jump of 3,000 with reach flat (unexplained). Spike days are
// returned (YYYY-MM-DD). reachNull leaves reach and accounts engaged NULL,
// as a platform that does not report them.
func (e *env) qualitySeries(email, name string, n int, reachNull bool) (token, creatorID, viral, jump string) {
	e.t.Helper()
	token = e.account(email, store.RoleUser)
	if err := e.db.SQL().QueryRow(`INSERT INTO creators (identity, name, email, niche, location, instagram_handle, instagram_followers, user_id)
		SELECT 'email:' || email, $2, email, 'Travel', 'Lisbon', 'q_handle', 10000, id FROM users WHERE email = $1 RETURNING id`, email, name).Scan(&creatorID); err != nil {
		e.t.Fatal(err)
	}
	var acc string
	if err := e.db.SQL().QueryRow(`INSERT INTO social_accounts (user_id, platform, username, external_id)
		SELECT id, 'instagram', 'q_handle', 'ext-' || id FROM users WHERE email = $1 RETURNING id`, email).Scan(&acc); err != nil {
		e.t.Fatal(err)
	}
	start := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -n)
	followers := int64(10000)
	for i := 0; i < n; i++ {
		gain, reach := int64(20+i%5), int64(3000+(i%7)*40)
		switch i {
		case 30:
			gain, reach = 2500, 15000
		case 45:
			gain = 3000
		}
		followers += gain
		var r, eng any
		if !reachNull {
			r, eng = reach, reach/10
		}
		if _, err := e.db.SQL().Exec(`INSERT INTO social_daily (account_id, day, followers, likes, views, reach, accounts_engaged)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, acc, start.AddDate(0, 0, i), followers, reach/20, reach*2, r, eng); err != nil {
			e.t.Fatal(err)
		}
	}
	e.jobs.ReadAudienceQuality(context.Background(), []string{acc})
	return token, creatorID, start.AddDate(0, 0, 30).Format(time.DateOnly), start.AddDate(0, 0, 45).Format(time.DateOnly)
}

// quality reads a reading answer's quality object.
func qualityOf(r resp) map[string]any { return r.data()["quality"].(map[string]any) }

// spikeOf returns the spike of account a on day, nil when none.
func spikeOf(a map[string]any, day string) map[string]any {
	reading, _ := a["reading"].(map[string]any)
	spikes, _ := reading["spikes"].([]any)
	for _, s := range spikes {
		m := s.(map[string]any)
		if strings.HasPrefix(m["day"].(string), day) {
			return m
		}
	}
	return nil
}

// TestQuality_ReadingNotesAndReview: a brand reads a listed creator's
// reading with an explained (viral) and an unexplained spike; the creator
// annotates the unexplained one and the brand sees the note; the note's
// rules; a review request mails the ADMINs.
func TestQuality_ReadingNotesAndReview(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok, id, viral, jump := e.qualitySeries("ana@quality.io", "Ana Quality", 60, false)
	brand := e.brandAccount("owner@qual.io", store.RoleBrandViewer, "Qual")
	e.account("admin@quality.io", store.RoleAdmin)

	q := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))
	accs := q["accounts"].([]any)
	if len(accs) != 1 || q["score"] == nil || q["basis"] != store.BasisDerived {
		t.Fatalf("quality %v", q)
	}
	a := accs[0].(map[string]any)
	if a["platform"] != "instagram" || a["score"] != q["score"] || a["computedAt"] == nil {
		t.Fatalf("account %v", a)
	}
	// Alone on its platform: read against a flat 10 %, said so.
	if live := a["reading"].(map[string]any)["components"].([]any)[0].(map[string]any); !strings.Contains(live["text"].(string), "read against 10 %") {
		t.Fatalf("live audience without peers %v", live)
	}
	if s := spikeOf(a, viral); s == nil || s["explained"] != true {
		t.Fatalf("viral day %s: %v", viral, a["reading"])
	}
	if s := spikeOf(a, jump); s == nil || s["explained"] != false {
		t.Fatalf("jump day %s: %v", jump, a["reading"])
	}
	if body, _ := json.Marshal(q); strings.Contains(strings.ToLower(string(body)), "fake") || strings.Contains(strings.ToLower(string(body)), "fraud") {
		t.Fatal("the reading speaks of fake followers")
	}

	// The note: the creator only, on a spike day, at most 280 characters.
	note := "giveaway with @brand on 3 Nov"
	path := "/api/quality/annotations"
	e.want(e.call("PUT", path, brand, map[string]any{"platform": "instagram", "day": jump, "note": note}), http.StatusForbidden)
	if r := e.want(e.call("PUT", path, tok, map[string]any{"platform": "instagram", "day": viral[:8] + "01", "note": note}), http.StatusUnprocessableEntity); r.field("day") != store.MsgQualityNotSpike {
		t.Fatalf("not a spike %v", r.Body)
	}
	if r := e.want(e.call("PUT", path, tok, map[string]any{"platform": "instagram", "day": jump, "note": strings.Repeat("é", 281)}), http.StatusUnprocessableEntity); r.field("note") != store.MsgQualityNoteLong {
		t.Fatalf("long note %v", r.Body)
	}
	for _, bad := range []map[string]any{{"platform": "myspace", "day": jump, "note": note}, {"platform": "instagram", "day": "3 Nov", "note": note}} {
		e.want(e.call("PUT", path, tok, bad), http.StatusUnprocessableEntity)
	}
	e.want(e.call("PUT", path, tok, map[string]any{"platform": "youtube", "day": jump, "note": note}), http.StatusNotFound)
	e.want(e.call("PUT", path, tok, map[string]any{"platform": "instagram", "day": jump, "note": strings.Repeat("é", 279) + " "}), http.StatusOK)
	e.want(e.call("PUT", path, tok, map[string]any{"platform": "instagram", "day": jump, "note": "  " + note + " "}), http.StatusOK)

	seen := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))["accounts"].([]any)[0].(map[string]any)
	if ns := seen["annotations"].([]any); len(ns) != 1 || ns[0].(map[string]any)["day"] != jump || ns[0].(map[string]any)["note"] != note {
		t.Fatalf("brand sees %v", seen["annotations"])
	}
	mine := qualityOf(e.want(e.call("GET", "/api/quality/me", tok, nil), http.StatusOK))
	if mine["score"] != q["score"] || len(mine["accounts"].([]any)[0].(map[string]any)["annotations"].([]any)) != 1 {
		t.Fatalf("what brands see %v", mine)
	}
	e.want(e.call("PUT", path, tok, map[string]any{"platform": "instagram", "day": jump, "note": ""}), http.StatusOK)
	if n := e.count(`SELECT count(*) FROM quality_annotations`); n != 0 {
		t.Fatalf("%d notes after removal", n)
	}

	// Review: the creator only; mails every ADMIN; 3 a day.
	e.want(e.call("POST", "/api/quality/review", brand, map[string]any{}), http.StatusForbidden)
	if r := e.want(e.call("POST", "/api/quality/review", tok, map[string]any{"message": strings.Repeat("x", 1001)}), http.StatusUnprocessableEntity); r.field("message") == "" {
		t.Fatalf("long message %v", r.Body)
	}
	e.want(e.call("POST", "/api/quality/review", tok, map[string]any{"message": "The jump was a giveaway"}), http.StatusCreated)
	m := e.mail.Wait(t, "admin@quality.io", 1)
	if !strings.Contains(m.Text(), "Ana Quality asks for a review") || !strings.Contains(m.Text(), "The jump was a giveaway") || !strings.Contains(m.Text(), "/creator-network/"+id) {
		t.Fatalf("mail %q", m.Text())
	}
	e.want(e.call("POST", "/api/quality/review", tok, map[string]any{}), http.StatusCreated)
	e.want(e.call("POST", "/api/quality/review", tok, map[string]any{}), http.StatusCreated)
	if r := e.want(e.call("POST", "/api/quality/review", tok, map[string]any{}), http.StatusTooManyRequests); r.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}

// TestQuality_Privacy: brands read listed creators only; a creator reads
// none through the network; an imported creator and a short series have no
// reading, with their reasons; a platform without reach still gets a reading.
func TestQuality_Privacy(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok, id, _, _ := e.qualitySeries("bo@quality.io", "Bo Quality", 60, true)
	_, short, _, _ := e.qualitySeries("cy@quality.io", "Cy Quality", 20, false)
	brand := e.brandAccount("owner@priv.io", store.RoleBrandManager, "Priv")
	admin := e.account("admin@priv.io", store.RoleAdmin)

	// Without reach, views stand in: a reading, no figure of reach invented.
	q := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))
	if q["score"] == nil {
		t.Fatalf("no reading without reach %v", q)
	}
	e.want(e.call("GET", "/api/creators/"+id+"/quality", tok, nil), http.StatusForbidden)

	s := qualityOf(e.want(e.call("GET", "/api/creators/"+short+"/quality", brand, nil), http.StatusOK))
	if s["score"] != nil || s["reason"] != "fewer than 30 days of measured data" || s["basis"] != store.BasisUnavailable {
		t.Fatalf("short series %v", s)
	}

	var imported string
	if err := e.db.SQL().QueryRow(`INSERT INTO creators (identity, name, niche, instagram_handle, instagram_followers)
		VALUES ('handle:instagram:imp_q', 'Imp Quality', 'Travel', 'imp_q', 5000) RETURNING id`).Scan(&imported); err != nil {
		t.Fatal(err)
	}
	if r := qualityOf(e.want(e.call("GET", "/api/creators/"+imported+"/quality", brand, nil), http.StatusOK)); r["reason"] != "connect accounts for a verified reading" || r["score"] != nil {
		t.Fatalf("imported %v", r)
	}

	// Unlisted: brands no longer see it, ADMIN does; unknown ids are 404.
	if _, err := e.db.SQL().Exec(`UPDATE creators SET listed = false WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/creators/"+id+"/quality", admin, nil), http.StatusOK)
	for _, bad := range []string{"00000000-0000-0000-0000-000000000000", "nope"} {
		e.want(e.call("GET", "/api/creators/"+bad+"/quality", brand, nil), http.StatusNotFound)
	}
	e.want(e.call("GET", "/api/quality/me", brand, nil), http.StatusForbidden)
}

// TestQuality_PeerMedian: with ten measured peers of the same platform,
// niche and tier, the live audience is read against their median (stated
// with the group and its size); a smaller group widens to the platform's tier.
func TestQuality_PeerMedian(t *testing.T) {
	t.Parallel()
	e := setup(t)
	// Ten peers reaching 20 % of 10,000 followers a day, 5 % likes per view.
	for i := 0; i < 10; i++ {
		if _, err := e.db.SQL().Exec(`WITH u AS (INSERT INTO users (email, name, password_hash, role) VALUES ('peer' || $1 || '@q.io', 'Peer', 'x', 'USER') RETURNING id),
			c AS (INSERT INTO creators (identity, name, niche, instagram_handle, instagram_followers, user_id) SELECT 'peer:' || $1, 'Peer ' || $1, 'Travel', 'p' || $1, 10000, id FROM u),
			a AS (INSERT INTO social_accounts (user_id, platform, username, external_id) SELECT id, 'instagram', 'p' || $1, 'peer' || $1 FROM u RETURNING id)
			INSERT INTO social_daily (account_id, day, followers, likes, views, reach)
			SELECT a.id, current_date - g, 10000, 200, 4000, 2000 FROM a, generate_series(0, 29) g`, i); err != nil {
			t.Fatal(err)
		}
	}
	_, id, _, _ := e.qualitySeries("dee@quality.io", "Dee Quality", 60, false)
	brand := e.brandAccount("owner@peer.io", store.RoleBrandViewer, "Peer")
	a := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))["accounts"].([]any)[0].(map[string]any)
	live := a["reading"].(map[string]any)["components"].([]any)[0].(map[string]any)
	facts := map[string]float64{}
	for _, f := range live["facts"].([]any) {
		m := f.(map[string]any)
		facts[m["label"].(string)] = m["value"].(float64)
	}
	// Dee's own figures are among the peers: 11 accounts, median 0.2.
	if facts["niche and tier median"] != 0.2 || facts["similar creators compared (Instagram, travel, Micro)"] != 11 {
		t.Fatalf("live audience %v", live)
	}

	_, alone, _, _ := e.qualitySeries("eve@quality.io", "Eve Quality", 60, false)
	if _, err := e.db.SQL().Exec(`UPDATE creators SET niche = 'Gaming' WHERE id = $1`, alone); err != nil {
		t.Fatal(err)
	}
	var acc string
	if err := e.db.SQL().Get(&acc, `SELECT a.id FROM social_accounts a JOIN creators c ON c.user_id = a.user_id WHERE c.id = $1`, alone); err != nil {
		t.Fatal(err)
	}
	e.jobs.ReadAudienceQuality(context.Background(), []string{acc})
	b := qualityOf(e.want(e.call("GET", "/api/creators/"+alone+"/quality", brand, nil), http.StatusOK))["accounts"].([]any)[0].(map[string]any)
	// Gaming has one measured account: widened to every niche of the tier.
	widened := b["reading"].(map[string]any)["components"].([]any)[0].(map[string]any)
	if !strings.Contains(fmt.Sprint(widened["facts"]), "similar creators compared (Instagram, all niches, Micro) value:12") {
		t.Fatalf("widened group %v", widened)
	}
}
