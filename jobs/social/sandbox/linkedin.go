package sandbox

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
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
	writeJSON(w, http.StatusOK, map[string]any{"sub": fmt.Sprintf("sbx%x", hash(g.Handle))[:12], "name": displayName(g.Handle),
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
