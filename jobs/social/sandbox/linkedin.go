package sandbox

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

const li = "linkedin"

func (s *Server) linkedinRoutes(r chi.Router) {
	auth := s.authorize(li, "LinkedIn", allScopes[li], insightScope[li], ",")
	r.Get("/linkedin/oauth/v2/authorization", auth)
	r.Post("/linkedin/oauth/v2/authorization", auth)
	r.Post("/linkedin/oauth/v2/accessToken", s.oauthToken(li, false))
	r.Post("/linkedin/oauth/v2/revoke", s.oauthRevoke(li))
	r.Get("/linkedin/v2/userinfo", s.liData(false, s.liUserinfo))
	r.Get("/linkedin/rest/memberFollowersCount", s.liData(true, s.liFollowers))
	r.Get("/linkedin/rest/memberCreatorPostAnalytics", s.liData(true, s.liPostAnalytics))
	r.Get("/linkedin/rest/posts", s.liData(true, s.liPosts))
}

func liError(w http.ResponseWriter, status, service int, code, msg string) {
	writeJSON(w, status, map[string]any{"status": status, "serviceErrorCode": service, "code": code, "message": msg})
}

// liData checks the token, the /rest headers and the switches.
func (s *Server) liData(rest bool, next func(http.ResponseWriter, *http.Request, grant)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.open(bearer(r), li, "access")
		if err != nil {
			liError(w, http.StatusUnauthorized, 65600, "INVALID_ACCESS_TOKEN", "Invalid access token")
			return
		}
		if rest && (r.Header.Get("LinkedIn-Version") == "" || r.Header.Get("X-Restli-Protocol-Version") != "2.0.0") {
			liError(w, http.StatusBadRequest, 0, "VERSION_MISSING", "A version must be present. Please specify a version by adding the LinkedIn-Version header.")
			return
		}
		s.count(li)
		switch s.mode(li, g.Handle) {
		case ModeRateLimit:
			w.Header().Set("Retry-After", s.retrySeconds())
			liError(w, http.StatusTooManyRequests, 101, "TOO_MANY_REQUESTS", "Resource level throttle limit for calls to this resource is reached.")
		case ModeRevoked:
			liError(w, http.StatusUnauthorized, 65601, "REVOKED_ACCESS_TOKEN", "The token used in the request has been revoked by the user")
		case ModeMissingScope:
			liError(w, http.StatusForbidden, 100, "ACCESS_DENIED", "Not enough permissions to access: memberCreatorPostAnalytics.GET.20250601")
		case ModeMalformed:
			malformed(w)
		default:
			if rest && !hasScope(g.Scopes, insightScope[li]) {
				liError(w, http.StatusForbidden, 100, "ACCESS_DENIED", "Not enough permissions to access: "+r.URL.Path)
				return
			}
			next(w, r, g)
		}
	}
}

func (s *Server) liUserinfo(w http.ResponseWriter, r *http.Request, g grant) {
	writeJSON(w, http.StatusOK, map[string]any{"sub": liSub(g.Handle), "name": displayName(g.Handle),
		"given_name": "Sandbox", "family_name": g.Handle, "email": g.Handle + "@sandbox.example", "email_verified": true, "locale": "en-US",
		"picture": "https://media.licdn.com/dms/image/sandbox/" + g.Handle + "/profile-displayphoto-shrink_100_100/0/"})
}

var liRangeRe = regexp.MustCompile(`^\(start:\(day:(\d+),month:(\d+),year:(\d+)\),end:\(day:(\d+),month:(\d+),year:(\d+)\)\)$`)

// liRange parses a Rest.li 2.0 dateRange (end exclusive).
func liRange(v string) (time.Time, time.Time, bool) {
	m := liRangeRe.FindStringSubmatch(v)
	if m == nil {
		return time.Time{}, time.Time{}, false
	}
	n := func(i int) int { x, _ := strconv.Atoi(m[i]); return x }
	start := time.Date(n(3), time.Month(n(2)), n(1), 0, 0, 0, 0, time.UTC)
	end := time.Date(n(6), time.Month(n(5)), n(4), 0, 0, 0, 0, time.UTC)
	return start, end, end.After(start)
}

func liDate(d time.Time) map[string]int {
	return map[string]int{"year": d.Year(), "month": int(d.Month()), "day": d.Day()}
}

func (s *Server) liFollowers(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	paging := map[string]any{"start": 0, "count": 10, "links": []any{}}
	switch q.Get("q") {
	case "me":
		f := Day(li, g.Handle, s.Now().UTC().Truncate(24*time.Hour)).Followers
		writeJSON(w, http.StatusOK, map[string]any{"paging": paging, "elements": []any{map[string]any{"memberFollowersCount": f}}})
	case "dateRange":
		start, end, ok := liRange(q.Get("dateRange"))
		if !ok {
			liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "Invalid dateRange")
			return
		}
		var els []any
		for _, d := range days(start, end) {
			els = append(els, map[string]any{"dateRange": map[string]any{"start": liDate(d), "end": liDate(d.AddDate(0, 0, 1))},
				"memberFollowersCount": Day(li, g.Handle, d).Gained})
		}
		writeJSON(w, http.StatusOK, map[string]any{"paging": paging, "elements": els})
	default:
		liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "q must be me or dateRange")
	}
}

func (s *Server) liPostAnalytics(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	if q.Get("q") == "entity" {
		s.liEntityAnalytics(w, r, g)
		return
	}
	start, end, ok := liRange(q.Get("dateRange"))
	typ := q.Get("queryType")
	if q.Get("q") != "me" || !ok || (typ != "IMPRESSION" && typ != "REACTION") || q.Get("aggregation") != "DAILY" {
		liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "q=me, queryType, aggregation=DAILY and dateRange are required")
		return
	}
	var els []any
	for _, d := range days(start, end) {
		st := Day(li, g.Handle, d)
		count := st.Impressions
		if typ == "REACTION" {
			count = st.Likes
		}
		els = append(els, map[string]any{"count": count, "dateRange": map[string]any{"start": liDate(d), "end": liDate(d.AddDate(0, 0, 1))},
			"metricType": map[string]string{"com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": typ}})
	}
	writeJSON(w, http.StatusOK, map[string]any{"paging": map[string]any{"start": 0, "count": 10, "links": []any{}}, "elements": els})
}

// liSub is the member id of handle (the OpenID sub).
func liSub(handle string) string { return fmt.Sprintf("sbx%x", hash(handle))[:12] }

// liPost is one post of a handle: synthetic history or published.
type liPost struct {
	ID, Text  string
	At        time.Time
	Published bool
}

// liHistory is handle's history post of day d, if it has one (about every
// other day, in the morning). Its id is urn:li:share:7, the day's number (5
// digits) and 12 seeded digits.
func liHistory(handle string, d time.Time) (liPost, bool) {
	date := d.Format(time.DateOnly)
	h := hash("li-post", handle, date)
	if h%2 != 0 {
		return liPost{}, false
	}
	return liPost{ID: fmt.Sprintf("urn:li:share:7%05d%012d", dayNumber(d), (h>>4)%1e12), Text: caption("li", handle, date),
		At: d.Add(8*time.Hour + time.Duration(h%7200)*time.Second)}, true
}

// liDay is day d's posts of handle (history and published, pub) up to now, newest first.
func liDay(handle string, pub []Published, d, now time.Time) []liPost {
	var out []liPost
	for _, p := range onDay(pub, d) {
		out = append(out, liPost{ID: p.ID, Text: p.Caption, At: p.At, Published: true})
	}
	if p, ok := liHistory(handle, d); ok {
		out = append(out, p)
	}
	out = slices.DeleteFunc(out, func(p liPost) bool { return p.At.After(now) })
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.After(out[j].At) })
	return out
}

// liFind finds handle's post urn published by now.
func (s *Server) liFind(handle, urn string, now time.Time) (liPost, bool) {
	if p, ok := s.findPublished(li, handle, urn); ok && !p.At.After(now) {
		return liPost{ID: p.ID, Text: p.Caption, At: p.At, Published: true}, true
	}
	rest, ok := strings.CutPrefix(urn, "urn:li:share:7")
	if !ok || len(rest) != 17 {
		return liPost{}, false
	}
	d, ok := parseDayNumber(rest[:5])
	if !ok {
		return liPost{}, false
	}
	if p, ok := liHistory(handle, d); ok && p.ID == urn && !p.At.After(now) {
		return p, true
	}
	return liPost{}, false
}

// liPosts answers the Posts API's author finder (q=author): the member's
// posts, newest first, count (10, at most 100) from start.
func (s *Server) liPosts(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	if q.Get("q") != "author" || q.Get("author") != "urn:li:person:"+liSub(g.Handle) {
		liError(w, http.StatusForbidden, 100, "ACCESS_DENIED", "Not enough permissions to access: partnerApiPostsExternal.FINDER-author")
		return
	}
	start, count := 0, 10
	if v := q.Get("start"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &start); err != nil || start < 0 {
			liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "start must be a number from 0")
			return
		}
	}
	if v := q.Get("count"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &count); err != nil || count < 1 || count > 100 {
			liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "count must be from 1 to 100")
			return
		}
	}
	now := s.postClock(li, g.Handle)
	pub := s.publishedOf(li, g.Handle)
	var els []any
	n := 0
	for d := now.Truncate(24 * time.Hour); !d.Before(epoch) && len(els) < count; d = d.AddDate(0, 0, -1) {
		for _, p := range liDay(g.Handle, pub, d, now) {
			if n >= start && len(els) < count {
				ms := p.At.UnixMilli()
				els = append(els, map[string]any{"id": p.ID, "author": "urn:li:person:" + liSub(g.Handle), "commentary": p.Text,
					"visibility": "PUBLIC", "lifecycleState": "PUBLISHED", "publishedAt": ms, "createdAt": ms, "lastModifiedAt": ms,
					"isReshareDisabledByAuthor": false, "distribution": map[string]any{"feedDistribution": "MAIN_FEED",
						"targetEntities": []any{}, "thirdPartyDistributionChannels": []any{}}})
			}
			n++
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"paging": map[string]any{"start": start, "count": count, "links": []any{}},
		"elements": orEmpty(els)})
}

// liEntityAnalytics answers memberCreatorPostAnalytics?q=entity for one post
// (entity "(share:urn:li:share:…)" or "(ugcPost:…)"), aggregation TOTAL:
// its lifetime count of queryType. History posts earn a tenth of their day's
// impressions; published ones follow PostFigures.
func (s *Server) liEntityAnalytics(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	inner := strings.TrimSuffix(strings.TrimPrefix(q.Get("entity"), "("), ")")
	kind, urn, _ := strings.Cut(inner, ":")
	typ := q.Get("queryType")
	if (kind != "share" && kind != "ugcPost") || q.Get("aggregation") != "TOTAL" ||
		!slices.Contains([]string{"IMPRESSION", "MEMBERS_REACHED", "REACTION", "COMMENT", "RESHARE"}, typ) {
		liError(w, http.StatusBadRequest, 100, "ILLEGAL_ARGUMENT", "entity, queryType and aggregation=TOTAL are required")
		return
	}
	now := s.postClock(li, g.Handle)
	p, ok := s.liFind(g.Handle, urn, now)
	if !ok {
		liError(w, http.StatusNotFound, 0, "NOT_FOUND", "Not Found")
		return
	}
	f := PostFigures(li, g.Handle, p.ID, p.At, now)
	if !p.Published {
		st := Day(li, g.Handle, p.At.Truncate(24*time.Hour))
		f = Figures{Views: st.Impressions / 10, Reach: st.Impressions / 14, Likes: st.Likes / 10, Comments: st.Likes / 80, Shares: st.Likes / 60}
	}
	count := map[string]int64{"IMPRESSION": f.Views, "MEMBERS_REACHED": f.Reach, "REACTION": f.Likes, "COMMENT": f.Comments, "RESHARE": f.Shares}[typ]
	writeJSON(w, http.StatusOK, map[string]any{"paging": map[string]any{"start": 0, "count": 10, "links": []any{}},
		"elements": []any{map[string]any{"count": count,
			"metricType": map[string]string{"com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": typ}}}})
}
