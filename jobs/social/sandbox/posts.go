package sandbox

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

// A handle's posts on each platform are its deterministic history (a few a
// week, captions without campaign tags, so a sync never captures one by
// accident) plus the posts published through POST /{platform}/posts, which
// tests and demos use to put a campaign's tag in a caption. Published posts
// are kept in the sandbox's memory, like its switches and revocations: the
// sandbox is one process (the api mounts it; workers reach it over HTTP at
// PUBLIC_URL/sandbox), and a restart of the api forgets them.

// Published is a post published through the sandbox.
type Published struct {
	ID       string    `json:"id"`
	Platform string    `json:"platform"`
	Handle   string    `json:"handle"`
	Caption  string    `json:"caption"`
	At       time.Time `json:"publishedAt"`
	URL      string    `json:"url"`
}

// Figures are a post's figures at a moment (every platform's; each
// platform's answers show the ones it reports).
type Figures struct {
	Views, Reach, Likes, Comments, Shares int64
}

// PostFigures are the figures at now of the post id of handle on platform
// published at: they grow from nothing towards a cap seeded by the post and
// the handle's followers (most of it in the first days), so each sync reads
// a little more. Zero before the post is published.
func PostFigures(platform, handle, id string, at, now time.Time) Figures {
	age := now.Sub(at).Hours()
	if age < 0 {
		return Figures{}
	}
	h := hash("figures", platform, handle, id)
	followers := float64(Day(platform, handle, at.UTC().Truncate(24*time.Hour)).Followers)
	grow := 1 - math.Exp(-(age+1)/30)
	reach := followers * (0.25 + float64(h%30)/100) * grow
	views := reach * 1.45
	likes := views * (0.04 + float64((h>>8)%30)/1000)
	return Figures{Views: int64(views), Reach: int64(reach), Likes: int64(likes), Comments: int64(likes / 18), Shares: int64(likes / 9)}
}

// captions are the history's captions: no campaign tags.
var captions = []string{
	"Morning routine, coffee first ☕ #morning #dailylife",
	"Trying something new today. Thoughts?",
	"Behind the scenes of this week's shoot #bts",
	"Sunday reset: plans, lists and a long walk",
	"Three things I learned this month 👇",
	"Golden hour never gets old #sunset",
	"Q&A time! Ask me anything in the comments",
	"New week, new goals #motivation",
	"A little throwback to last summer",
	"What I eat in a day (honest version)",
	"Studio day. Lots of ideas, little sleep",
	"Thank you for 1,000 comments on the last one ❤️",
}

// caption is the history caption of a post seeded by parts.
func caption(parts ...string) string { return captions[hash(parts...)%uint64(len(captions))] }

// Publish records a post of handle on platform published at (its id in the
// platform's format) and returns it.
func (s *Server) Publish(platform, handle, text string, at time.Time) Published {
	p := Published{Platform: platform, Handle: handle, Caption: text, At: at.UTC()}
	switch platform {
	case ig:
		p.ID = "19" + randomDigits(15)
		p.URL = "https://www.instagram.com/p/" + shortcode(p.ID) + "/"
	case yt:
		p.ID = "p" + randomHex(5)[:10]
		p.URL = "https://www.youtube.com/watch?v=" + p.ID
	case tt:
		p.ID = "75" + randomDigits(17)
		p.URL = "https://www.tiktok.com/@" + handle + "/video/" + p.ID
	case li:
		p.ID = "urn:li:share:8" + randomDigits(18)
		p.URL = "https://www.linkedin.com/feed/update/" + p.ID + "/"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.posts == nil {
		s.posts = map[string][]Published{}
	}
	s.posts[platform+"/"+handle] = append(s.posts[platform+"/"+handle], p)
	return p
}

// publishedOf returns handle's published posts on platform, newest first:
// one look under the lock per answer, however many days it walks.
func (s *Server) publishedOf(platform, handle string) []Published {
	s.mu.Lock()
	out := slices.Clone(s.posts[platform+"/"+handle])
	s.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].At.After(out[j].At) })
	return out
}

// postClock is the time at which the sandbox answers for handle's posts on
// platform: now, or the publication time of its newest published post when
// that is later. Campaigns start after today, so tests and demos publish
// inside a campaign's future dates; such a post is listed (as the newest)
// and read at its first moment, as if the platform's clock had reached it.
func (s *Server) postClock(platform, handle string) time.Time {
	now := s.Now().UTC()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.posts[platform+"/"+handle] {
		if p.At.After(now) {
			now = p.At
		}
	}
	return now
}

// onDay returns the posts of pub (newest first) published during day d (UTC).
func onDay(pub []Published, d time.Time) []Published {
	var out []Published
	for _, p := range pub {
		if !p.At.Before(d) && p.At.Before(d.AddDate(0, 0, 1)) {
			out = append(out, p)
		}
	}
	return out
}

// findPublished returns handle's published post id on platform.
func (s *Server) findPublished(platform, handle, id string) (Published, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.posts[platform+"/"+handle] {
		if p.ID == id {
			return p, true
		}
	}
	return Published{}, false
}

// publish answers POST /{platform}/posts {"handle", "caption", "publishedAt"?}
// with 201 and the post (published now unless publishedAt says when).
func (s *Server) publish(w http.ResponseWriter, r *http.Request) {
	platform := chi.URLParam(r, "platform")
	var body struct {
		Handle      string `json:"handle"`
		Caption     string `json:"caption"`
		PublishedAt string `json:"publishedAt"`
	}
	fail := func(msg string) { writeJSON(w, http.StatusBadRequest, map[string]string{"message": msg}) }
	switch {
	case platform != ig && platform != yt && platform != tt && platform != li:
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "unknown platform"})
		return
	case json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10)).Decode(&body) != nil:
		fail("the body must be JSON: {\"handle\", \"caption\", \"publishedAt\"?}")
		return
	case !handleRe.MatchString(body.Handle):
		fail("handle must be 2 to 30 letters, digits, '_' or '.'")
		return
	case strings.TrimSpace(body.Caption) == "" || len([]rune(body.Caption)) > 2200 || strings.ContainsRune(body.Caption, 0):
		fail("caption must be 1 to 2200 characters")
		return
	}
	at := s.Now()
	if body.PublishedAt != "" {
		t, err := time.Parse(time.RFC3339, body.PublishedAt)
		if err != nil {
			fail("publishedAt must be an RFC 3339 time")
			return
		}
		at = t
	}
	writeJSON(w, http.StatusCreated, s.Publish(platform, body.Handle, body.Caption, at))
}

// randomDigits returns n random decimal digits.
func randomDigits(n int) string {
	var b strings.Builder
	for range n {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b.WriteString(d.String())
	}
	return b.String()
}

// shortcode is an Instagram-like shortcode of a media id.
func shortcode(id string) string {
	const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	h := hash("shortcode", id)
	out := make([]byte, 11)
	for i := range out {
		out[i] = abc[h%64]
		h = h/64 + uint64(i)*7919
	}
	return string(out)
}

// dayNumber is d's number of days since epoch, and dayOf its inverse.
func dayNumber(d time.Time) int { return int(d.Sub(epoch).Hours() / 24) }
func dayOf(n int) time.Time     { return epoch.AddDate(0, 0, n) }

// parseDayNumber reads a 5-digit day number.
func parseDayNumber(s string) (time.Time, bool) {
	var n int
	if len(s) != 5 {
		return time.Time{}, false
	}
	if _, err := fmt.Sscanf(s, "%05d", &n); err != nil {
		return time.Time{}, false
	}
	return dayOf(n), true
}
