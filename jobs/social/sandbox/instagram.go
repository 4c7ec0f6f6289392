package sandbox

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

const ig = "instagram"

func (s *Server) instagramRoutes(r chi.Router) {
	auth := s.authorize(ig, "Instagram", allScopes[ig], insightScope[ig], ",")
	r.Get("/instagram/oauth/authorize", auth)
	r.Post("/instagram/oauth/authorize", auth)
	r.Post("/instagram/oauth/access_token", s.igCode)
	r.Get("/instagram/graph/access_token", s.igLongLived("short", "ig_exchange_token"))
	r.Get("/instagram/graph/refresh_access_token", s.igLongLived("access", "ig_refresh_token"))
	r.Get("/instagram/graph/v23.0/me", s.igData(s.igMe))
	r.Get("/instagram/graph/v23.0/{id}/insights", s.igData(s.igInsights))
	r.Get("/instagram/graph/v23.0/{id}/media", s.igData(s.igMedia))
}

// igError writes a Graph error: an invalid token (190) carries its
// error_subcode (463 expired, 458 not authorized), a throttle (4) says it is
// transient.
func igError(w http.ResponseWriter, status, code int, msg string) {
	e := map[string]any{"message": msg, "type": "OAuthException", "code": code, "fbtrace_id": "Sbx" + randomHex(6)}
	switch {
	case code == 190 && strings.Contains(msg, "not authorized"):
		e["error_subcode"] = 458
	case code == 190:
		e["error_subcode"] = 463
	case code == 4:
		e["is_transient"] = true
	}
	writeJSON(w, status, map[string]any{"error": e})
}

// igDescriptions are the insights metrics' descriptions, as the platform words them.
var igDescriptions = map[string]string{
	"views":                 "The number of times your content was played or displayed.",
	"reach":                 "The number of unique accounts that have seen your content, at least once, including in ads.",
	"likes":                 "The number of likes on your posts, reels and videos.",
	"accounts_engaged":      "The number of accounts that have interacted with your content, including in ads.",
	"total_interactions":    "The total number of post interactions, story interactions, reels interactions, video interactions and live video interactions.",
	"follower_count":        "The number of accounts that followed you.",
	"follower_demographics": "The demographic characteristics of followers, including countries, cities and gender distribution.",
}

// igTimePaging is the previous/next links of a since/until insights answer.
func igTimePaging(r *http.Request, since, until int64) map[string]any {
	link := func(from, to int64) string {
		u := *r.URL
		u.Scheme, u.Host = "http", r.Host
		q := u.Query()
		q.Set("since", strconv.FormatInt(from, 10))
		q.Set("until", strconv.FormatInt(to, 10))
		u.RawQuery = q.Encode()
		return u.String()
	}
	span := until - since
	return map[string]any{"previous": link(since-span, since), "next": link(until, until+span)}
}

// igCode answers the code exchange in the data[] form of Instagram Login.
func (s *Server) igCode(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	g, err := s.open(r.Form.Get("code"), ig, "code")
	if err != nil || g.Redirect != r.Form.Get("redirect_uri") {
		igError(w, http.StatusBadRequest, 36007, "Invalid authorization code")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": []any{map[string]any{"access_token": s.issue(g, "short", time.Hour),
		"user_id": fmt.Sprint(hash(g.Handle) % 1e15), "permissions": g.Scopes}}})
}

// igLongLived answers ig_exchange_token (from a short token) and
// ig_refresh_token (from a long-lived one).
func (s *Server) igLongLived(from, grantType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.open(r.URL.Query().Get("access_token"), ig, from)
		if r.URL.Query().Get("grant_type") != grantType {
			igError(w, http.StatusBadRequest, 100, "Unsupported grant_type")
			return
		}
		if err != nil || (from == "access" && s.mode(ig, g.Handle) == ModeExpiredRefresh) {
			igError(w, http.StatusBadRequest, 190, "Error validating access token: Session has expired")
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"access_token": s.issue(g, "access", s.LongTTL), "token_type": "bearer",
			"expires_in": int64(s.LongTTL.Seconds())})
	}
}

// igData checks the token and the switches, counts the call and sets the usage header.
func (s *Server) igData(next func(http.ResponseWriter, *http.Request, grant)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.open(bearer(r), ig, "access")
		if err != nil {
			igError(w, http.StatusUnauthorized, 190, "Error validating access token: "+err.Error())
			return
		}
		s.count(ig)
		w.Header().Set("X-App-Usage", `{"call_count":3,"total_cputime":1,"total_time":2}`)
		switch s.mode(ig, g.Handle) {
		case ModeRateLimit:
			w.Header().Set("Retry-After", s.retrySeconds())
			igError(w, http.StatusTooManyRequests, 4, "(#4) Application request limit reached")
		case ModeRevoked:
			igError(w, http.StatusUnauthorized, 190, "Error validating access token: The user has not authorized application.")
		case ModeMissingScope:
			igError(w, http.StatusForbidden, 10, "(#10) Application does not have permission for this action")
		case ModeMalformed:
			malformed(w)
		default:
			next(w, r, g)
		}
	}
}

func (s *Server) igMe(w http.ResponseWriter, r *http.Request, g grant) {
	today := s.Now().UTC().Truncate(24 * time.Hour)
	writeJSON(w, http.StatusOK, map[string]any{"id": fmt.Sprint(hash(g.Handle) % 1e15), "user_id": fmt.Sprint(hash(g.Handle) % 1e15),
		"username": g.Handle, "name": displayName(g.Handle), "followers_count": Day(ig, g.Handle, today).Followers, "media_count": 120 + hash(g.Handle)%300})
}

// igInsights answers follower_count (period=day time series), total_value
// metrics summed over [since, until), and follower_demographics breakdowns.
func (s *Server) igInsights(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	metrics := strings.Split(q.Get("metric"), ",")
	if !hasScope(g.Scopes, insightScope[ig]) {
		igError(w, http.StatusForbidden, 10, "(#10) Application does not have permission for this action")
		return
	}
	if id := chi.URLParam(r, "id"); id != "me" && id != fmt.Sprint(hash(g.Handle)%1e15) {
		s.igMediaInsights(w, r, g, id)
		return
	}
	if q.Get("metric") == "follower_demographics" {
		s.igDemographics(w, q.Get("breakdown"), g)
		return
	}
	since, err1 := strconv.ParseInt(q.Get("since"), 10, 64)
	until, err2 := strconv.ParseInt(q.Get("until"), 10, 64)
	if err1 != nil || err2 != nil || until <= since {
		igError(w, http.StatusBadRequest, 100, "(#100) since and until must be unix times, since before until")
		return
	}
	span := days(time.Unix(since, 0), time.Unix(until, 0))
	var data []any
	for _, m := range metrics {
		if q.Get("metric_type") == "total_value" {
			var sum int64
			for _, d := range span {
				st := Day(ig, g.Handle, d)
				sum += map[string]int64{"views": st.Views, "reach": st.Reach, "likes": st.Likes, "accounts_engaged": st.Reach / 9,
					"total_interactions": st.Likes * 13 / 10}[m]
			}
			data = append(data, map[string]any{"name": m, "period": "day", "title": m, "description": igDescriptions[m],
				"total_value": map[string]any{"value": sum}, "id": fmt.Sprintf("%d/insights/%s/day", hash(g.Handle)%1e15, m)})
			continue
		}
		var values []any
		for _, d := range span {
			values = append(values, map[string]any{"value": Day(ig, g.Handle, d).Gained,
				"end_time": d.AddDate(0, 0, 1).Add(7 * time.Hour).Format("2006-01-02T15:04:05-0700")})
		}
		data = append(data, map[string]any{"name": m, "period": "day", "values": values, "title": m, "description": igDescriptions[m],
			"id": fmt.Sprintf("%d/insights/%s/day", hash(g.Handle)%1e15, m)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data, "paging": igTimePaging(r, since, until)})
}

func (s *Server) igDemographics(w http.ResponseWriter, dim string, g grant) {
	shares, ok := Audience(ig, g.Handle)[dim]
	if !ok {
		igError(w, http.StatusBadRequest, 100, "(#100) breakdown must be one of age, gender, country, city")
		return
	}
	followers := Day(ig, g.Handle, s.Now().UTC().Truncate(24*time.Hour)).Followers
	var results []any
	for _, k := range sortedKeys(shares) {
		key := k
		if dim == "gender" {
			key = map[string]string{"female": "F", "male": "M", "other": "U"}[k]
		}
		results = append(results, map[string]any{"dimension_values": []string{key}, "value": int64(shares[k] * float64(followers))})
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": []any{map[string]any{"name": "follower_demographics", "period": "lifetime",
		"title": "Follower demographics", "description": igDescriptions["follower_demographics"],
		"total_value": map[string]any{"breakdowns": []any{map[string]any{"dimension_keys": []string{dim}, "results": results}}},
		"id":          fmt.Sprintf("%d/insights/follower_demographics/lifetime", hash(g.Handle)%1e15)}}})
}

// Post is one Instagram media of a handle: synthetic history or published.
type Post struct {
	ID        string
	Time      time.Time
	LikeCount int64
	Comments  int64
	Caption   string
	Published bool
}

// Posts are handle's Instagram history media of day d, newest first: one or
// two a day whose like_count add up to the day's likes (Day), at seeded
// times. An id is "18", the day's number (5 digits), the post's index and 9
// seeded digits, so the media's insights find it again.
func Posts(handle string, d time.Time) []Post {
	likes := Day(ig, handle, d).Likes
	n := 1 + int(hash("posts", handle, d.Format(time.DateOnly))%2)
	out := make([]Post, n)
	for i := range out {
		h := hash("post", handle, d.Format(time.DateOnly), strconv.Itoa(i))
		share := likes / int64(n)
		if i == 0 {
			share = likes - share*int64(n-1)
		}
		out[i] = Post{ID: fmt.Sprintf("18%05d%d%09d", dayNumber(d), i, h%1e9), LikeCount: share, Comments: share / 25,
			Time:    d.Add(time.Duration(20-i*10)*time.Hour + time.Duration(h%3600)*time.Second),
			Caption: caption("ig", handle, d.Format(time.DateOnly), strconv.Itoa(i))}
	}
	return out
}

// igDay is day d's media of handle, history and published (pub), newest
// first (published ones with their figures at now).
func igDay(handle string, pub []Published, d, now time.Time) []Post {
	out := Posts(handle, d)
	for _, p := range onDay(pub, d) {
		f := PostFigures(ig, handle, p.ID, p.At, now)
		out = append(out, Post{ID: p.ID, Time: p.At, LikeCount: f.Likes, Comments: f.Comments, Caption: p.Caption, Published: true})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

// igFind finds handle's media id: published, or history by its day and index.
func (s *Server) igFind(handle, id string, now time.Time) (Post, bool) {
	if p, ok := s.findPublished(ig, handle, id); ok {
		f := PostFigures(ig, handle, p.ID, p.At, now)
		return Post{ID: p.ID, Time: p.At, LikeCount: f.Likes, Comments: f.Comments, Caption: p.Caption, Published: true}, true
	}
	if len(id) != 17 || !strings.HasPrefix(id, "18") {
		return Post{}, false
	}
	d, ok := parseDayNumber(id[2:7])
	if !ok {
		return Post{}, false
	}
	for _, p := range Posts(handle, d) {
		if p.ID == id && !p.Time.After(now) {
			return p, true
		}
	}
	return Post{}, false
}

// igMediaFields are the media fields the sandbox knows.
var igMediaFields = map[string]bool{"id": true, "timestamp": true, "like_count": true, "comments_count": true, "media_type": true,
	"caption": true, "permalink": true}

// igMedia answers the media edge: the media published up to now, newest
// first, limit (25, at most 100) a page, with before/after cursors and a
// next link while older media remain.
func (s *Server) igMedia(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	fields := strings.Split(q.Get("fields"), ",")
	for _, f := range fields {
		if !igMediaFields[f] {
			igError(w, http.StatusBadRequest, 100, fmt.Sprintf("(#100) Tried accessing nonexisting field (%s) on node type (IGMedia)", f))
			return
		}
	}
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit <= 0 {
		limit = 25
	}
	limit = min(limit, 100)
	offset := 0
	if a := q.Get("after"); a != "" {
		if offset, err = cursorOffset(a); err != nil {
			igError(w, http.StatusBadRequest, 100, "(#100) The after cursor is invalid")
			return
		}
	}
	now := s.postClock(ig, g.Handle)
	pub := s.publishedOf(ig, g.Handle)
	var page []any
	skipped, more := 0, false
	for d := now.Truncate(24 * time.Hour); !d.Before(epoch) && !more; d = d.AddDate(0, 0, -1) {
		for _, p := range igDay(g.Handle, pub, d, now) {
			switch {
			case p.Time.After(now):
			case skipped < offset:
				skipped++
			case len(page) == limit:
				more = true
			default:
				page = append(page, igMediaItem(p, fields))
			}
		}
	}
	paging := map[string]any{}
	if len(page) > 0 {
		paging["cursors"] = map[string]any{"before": cursor(offset), "after": cursor(offset + len(page))}
	}
	if more {
		next := *r.URL
		next.Scheme, next.Host = "http", r.Host
		nq := next.Query()
		nq.Set("after", cursor(offset+len(page)))
		next.RawQuery = nq.Encode()
		paging["next"] = next.String()
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": orEmpty(page), "paging": paging})
}

func igMediaItem(p Post, fields []string) map[string]any {
	m := make(map[string]any, len(fields))
	for _, f := range fields {
		switch f {
		case "id":
			m[f] = p.ID
		case "timestamp":
			m[f] = p.Time.Format("2006-01-02T15:04:05-0700")
		case "like_count":
			m[f] = p.LikeCount
		case "comments_count":
			m[f] = p.Comments
		case "media_type":
			m[f] = "IMAGE"
		case "caption":
			m[f] = p.Caption
		case "permalink":
			m[f] = "https://www.instagram.com/p/" + shortcode(p.ID) + "/"
		}
	}
	return m
}

// igMediaMetrics are the lifetime media insights the sandbox answers.
var igMediaMetrics = map[string]string{"views": "Views", "reach": "Accounts reached", "shares": "Shares", "likes": "Likes",
	"comments": "Comments", "saved": "Saves", "total_interactions": "Interactions"}

// igMediaInsights answers GET /{media-id}/insights?metric=...: each
// metric's lifetime value. History media earn views of 16 per like, reach of
// 11 per like and a share per 12 likes; published ones follow PostFigures.
func (s *Server) igMediaInsights(w http.ResponseWriter, r *http.Request, g grant, id string) {
	now := s.postClock(ig, g.Handle)
	p, ok := s.igFind(g.Handle, id, now)
	if !ok {
		igError(w, http.StatusBadRequest, 100, fmt.Sprintf("(#100) Object with ID '%s' does not exist, cannot be loaded due to missing permissions, or does not support this operation", id))
		return
	}
	f := Figures{Views: p.LikeCount * 16, Reach: p.LikeCount * 11, Likes: p.LikeCount, Comments: p.Comments, Shares: p.LikeCount / 12}
	if p.Published {
		f = PostFigures(ig, g.Handle, p.ID, p.Time, now)
	}
	var data []any
	for _, m := range strings.Split(r.URL.Query().Get("metric"), ",") {
		title, known := igMediaMetrics[m]
		if !known {
			igError(w, http.StatusBadRequest, 100, "(#100) metric["+m+"] must be one of the following values: views, reach, shares, likes, comments, saved, total_interactions")
			return
		}
		v := map[string]int64{"views": f.Views, "reach": f.Reach, "shares": f.Shares, "likes": f.Likes, "comments": f.Comments,
			"saved": f.Likes / 20, "total_interactions": f.Likes + f.Comments + f.Shares}[m]
		data = append(data, map[string]any{"name": m, "period": "lifetime", "values": []any{map[string]any{"value": v}},
			"title": title, "description": igDescriptions[m], "id": id + "/insights/" + m + "/lifetime"})
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": orEmpty(data)})
}

func orEmpty(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

// cursor is an opaque paging cursor for offset, and cursorOffset reads one.
func cursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("QVFI:" + strconv.Itoa(offset)))
}

func cursorOffset(c string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || !strings.HasPrefix(string(raw), "QVFI:") {
		return 0, errBadToken
	}
	return strconv.Atoi(strings.TrimPrefix(string(raw), "QVFI:"))
}

// displayName makes "Sandbox Maya" of "maya_fit".
func displayName(handle string) string {
	first, _, _ := strings.Cut(handle, "_")
	if first == "" {
		first = handle
	}
	return "Sandbox " + strings.ToUpper(first[:1]) + first[1:]
}
