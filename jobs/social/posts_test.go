package social_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
)

// TestConnectors_Posts: each platform's post listing finds a post published
// through the sandbox (and none of the history's, whose captions carry no
// campaign tag), reads the figures the platform reports and leaves the
// others nil; posts outside the range are not returned; the calls stay
// within the plan of PostCalls. FetchPosts answers what Fetch and Posts
// answer, with fewer calls than both where they share some.
func TestConnectors_Posts(t *testing.T) {
	t.Parallel()
	// What each platform reports: views, likes, comments, shares, reach.
	reports := map[string][5]bool{
		social.Instagram: {true, true, true, true, true},
		social.YouTube:   {true, true, true, false, false},
		social.TikTok:    {true, true, true, true, false},
		social.LinkedIn:  {true, true, true, true, true},
	}
	for _, platform := range social.Platforms {
		t.Run(platform, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			tok := b.connect(t, platform, "cleo_tags")
			snap, _, err := b.fetch(platform, tok, 3)
			if err != nil {
				t.Fatal(err)
			}
			now := b.clock.Now()
			in := b.sb.Publish(platform, "cleo_tags", "Cosy knits for the cold #AcmeWinterWarmup!", now.Add(-50*time.Hour))
			b.sb.Publish(platform, "cleo_tags", "Too early #acmewinterwarmup", now.Add(-30*24*time.Hour))
			b.sb.Publish(platform, "cleo_tags", "Another brand #acmewinterwarmup2", now.Add(-40*time.Hour))
			b.clock.Advance(30 * time.Minute) // the figures grow (the token lives an hour)
			from, to := now.Add(-7*24*time.Hour), b.clock.Now()
			calls := 0
			posts, err := b.conns[platform].Posts(context.Background(), tok, social.PostQuery{Account: snap.ExternalID, From: from, To: to,
				Keep: func(text string, _ time.Time) bool {
					return strings.Contains(strings.ToLower(text), "#acmewinterwarmup")
				}},
				func() { calls++ })
			if err != nil {
				t.Fatal(err)
			}
			var found *social.Post
			for i := range posts {
				if posts[i].ExternalID == in.ID {
					found = &posts[i]
				} else if !strings.Contains(posts[i].Text, "acmewinterwarmup2") {
					t.Errorf("unexpected post %+v", posts[i])
				}
			}
			if found == nil {
				t.Fatalf("published post %s not found in %+v", in.ID, posts)
			}
			if !found.PublishedAt.Equal(in.At.Truncate(time.Second)) || found.URL == "" || !strings.Contains(found.Text, "#AcmeWinterWarmup!") {
				t.Errorf("post %+v, published %+v", found, in)
			}
			want := sandbox.PostFigures(platform, "cleo_tags", in.ID, in.At, b.clock.Now())
			figs := [5]*int64{found.Views, found.Likes, found.Comments, found.Shares, found.Reach}
			wantFigs := [5]int64{want.Views, want.Likes, want.Comments, want.Shares, want.Reach}
			for i, f := range figs {
				switch {
				case reports[platform][i] && (f == nil || *f != wantFigs[i]):
					t.Errorf("figure %d: got %v, want %d", i, f, wantFigs[i])
				case !reports[platform][i] && f != nil:
					t.Errorf("figure %d: got %d, want nil (not reported)", i, *f)
				}
			}
			if plan := b.conns[platform].PostCalls(from, to); calls > plan+len(posts)*5 {
				t.Errorf("%d calls for %d posts, plan %d", calls, len(posts), plan)
			}

			// FetchPosts: the same snapshot as Fetch and the same posts as
			// Posts, its calls within Calls and FetchPostCalls.
			since := b.clock.Now().AddDate(0, 0, -1)
			alone, fetchCalls, err := b.fetch(platform, tok, 2)
			if err != nil {
				t.Fatal(err)
			}
			calls = 0
			both, capture, err := b.conns[platform].FetchPosts(context.Background(), tok, since, social.PostQuery{From: from, To: to,
				Keep: func(text string, _ time.Time) bool {
					return strings.Contains(strings.ToLower(text), "#acmewinterwarmup")
				}},
				func() { calls++ })
			if err != nil || capture.Err != nil {
				t.Fatal(err, capture.Err)
			}
			if both.ExternalID != alone.ExternalID || len(both.Days) != len(alone.Days) {
				t.Fatalf("FetchPosts snapshot %+v, Fetch %+v", both, alone)
			}
			for i := range both.Days {
				if !reflect.DeepEqual(both.Days[i], alone.Days[i]) {
					t.Errorf("day %d: FetchPosts %+v, Fetch %+v", i, both.Days[i], alone.Days[i])
				}
			}
			if len(capture.Posts) != len(posts) {
				t.Fatalf("FetchPosts found %+v, Posts %+v", capture.Posts, posts)
			}
			for i, p := range capture.Posts {
				q := posts[i]
				if p.ExternalID != q.ExternalID || p.URL != q.URL || p.Text != q.Text || !p.PublishedAt.Equal(q.PublishedAt) ||
					fmt.Sprint(deref(p.Views), deref(p.Likes), deref(p.Comments), deref(p.Shares), deref(p.Reach)) !=
						fmt.Sprint(deref(q.Views), deref(q.Likes), deref(q.Comments), deref(q.Shares), deref(q.Reach)) {
					t.Errorf("FetchPosts post %+v, Posts %+v", p, q)
				}
			}
			conn := b.conns[platform]
			if extra := calls - fetchCalls; extra > conn.FetchPostCalls(since, from, to)+len(posts)*5 || extra >= conn.PostCalls(from, to)+len(posts)*5 && platform != social.LinkedIn {
				t.Errorf("FetchPosts made %d calls beyond Fetch's %d for %d posts (plan %d, Posts alone %d)", extra, fetchCalls, len(posts),
					conn.FetchPostCalls(since, from, to), conn.PostCalls(from, to))
			}
		})
	}
}

func deref(p *int64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// TestSandbox_PublishRoute: POST /{platform}/posts answers 201 with the
// post, published now unless publishedAt says when; bad input is a 400.
func TestSandbox_PublishRoute(t *testing.T) {
	t.Parallel()
	b := setup(t)
	srv := httptest.NewServer(b.sb.Handler())
	t.Cleanup(srv.Close)
	post := func(platform, body string) (*http.Response, sandbox.Published) {
		res, err := http.Post(srv.URL+"/"+platform+"/posts", "application/json", bytes.NewBufferString(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var p sandbox.Published
		_ = json.NewDecoder(res.Body).Decode(&p)
		return res, p
	}
	res, p := post("tiktok", `{"handle": "cleo_tags", "caption": "hello #tag"}`)
	if res.StatusCode != http.StatusCreated || p.ID == "" || !p.At.Equal(b.clock.Now()) || p.Platform != "tiktok" {
		t.Errorf("now: %d %+v", res.StatusCode, p)
	}
	res, p = post("youtube", `{"handle": "cleo_tags", "caption": "title", "publishedAt": "2026-12-02T10:00:00Z"}`)
	if res.StatusCode != http.StatusCreated || p.At.Format(time.RFC3339) != "2026-12-02T10:00:00Z" || len(p.ID) != 11 {
		t.Errorf("dated: %d %+v", res.StatusCode, p)
	}
	for _, bad := range []struct{ platform, body string }{{"instagram", `{"handle": "x", "caption": "c"}`},
		{"instagram", `{"handle": "cleo", "caption": ""}`}, {"instagram", `{"handle": "cleo", "caption": "c", "publishedAt": "soon"}`},
		{"instagram", `not json`}} {
		if res, _ := post(bad.platform, bad.body); res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s %s: %d, want 400", bad.platform, bad.body, res.StatusCode)
		}
	}
	if res, _ := post("myspace", `{"handle": "cleo", "caption": "c"}`); res.StatusCode != http.StatusNotFound {
		t.Errorf("unknown platform: %d", res.StatusCode)
	}
}
