package sandbox

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

const yt = "youtube"

func (s *Server) youtubeRoutes(r chi.Router) {
	auth := s.authorize(yt, "YouTube", allScopes[yt], insightScope[yt], " ")
	r.Get("/youtube/o/oauth2/v2/auth", auth)
	r.Post("/youtube/o/oauth2/v2/auth", auth)
	r.Post("/youtube/token", s.oauthToken(yt, true))
	r.Post("/youtube/revoke", s.oauthRevoke(yt))
	r.Get("/youtube/youtube/v3/channels", s.googleData(s.ytChannels))
	r.Get("/youtube/v2/reports", s.googleData(s.ytReports))
}

// oauthToken is a standard OAuth 2 token endpoint (Google, LinkedIn):
// authorization_code (with PKCE when the code has a challenge) and
// refresh_token grants; errors {"error", "error_description"}.
func (s *Server) oauthToken(platform string, pkce bool) http.HandlerFunc {
	fail := func(w http.ResponseWriter, code, desc string) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": desc})
	}
	return func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		var g grant
		var err error
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			g, err = s.open(r.Form.Get("code"), platform, "code")
			if err != nil || g.Redirect != r.Form.Get("redirect_uri") {
				fail(w, "invalid_grant", "Malformed auth code.")
				return
			}
			if pkce && g.Challenge != "" {
				sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
				if base64.RawURLEncoding.EncodeToString(sum[:]) != g.Challenge {
					fail(w, "invalid_grant", "Invalid code verifier.")
					return
				}
			}
		case "refresh_token":
			g, err = s.open(r.Form.Get("refresh_token"), platform, "refresh")
			if err != nil || s.mode(platform, g.Handle) == ModeExpiredRefresh {
				fail(w, "invalid_grant", "Token has been expired or revoked.")
				return
			}
		default:
			fail(w, "unsupported_grant_type", "Invalid grant_type.")
			return
		}
		// Google says token_type; LinkedIn says when its refresh token expires.
		out := map[string]any{"access_token": s.issue(g, "access", s.AccessTTL), "expires_in": int64(s.AccessTTL.Seconds()), "scope": g.Scopes}
		if platform == yt {
			out["token_type"] = "Bearer"
		}
		if r.Form.Get("grant_type") == "authorization_code" {
			out["refresh_token"] = s.issue(g, "refresh", s.RefreshTTL)
			if platform == li {
				out["refresh_token_expires_in"] = int64(s.RefreshTTL.Seconds())
			}
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// oauthRevoke revokes the grant of the posted token (and its refresh token).
func (s *Server) oauthRevoke(platform string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		tok := r.Form.Get("token")
		g, err := s.open(tok, platform, "access")
		if err != nil {
			g, err = s.open(tok, platform, "refresh")
		}
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_token", "error_description": "Token expired or revoked"})
			return
		}
		s.revoke(g.ID)
		writeJSON(w, http.StatusOK, map[string]any{})
	}
}

// googleError writes Google's error envelope; an authentication error
// names where the credential was (the Authorization header).
func googleError(w http.ResponseWriter, status int, reason, statusText, msg string) {
	item := map[string]string{"message": msg, "domain": "global", "reason": reason}
	if reason == "authError" {
		item["location"], item["locationType"] = "Authorization", "header"
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"code": status, "message": msg, "status": statusText,
		"errors": []any{item}}})
}

func (s *Server) googleData(next func(http.ResponseWriter, *http.Request, grant)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.open(bearer(r), yt, "access")
		if err != nil {
			googleError(w, http.StatusUnauthorized, "authError", "UNAUTHENTICATED", "Request had invalid authentication credentials.")
			return
		}
		s.count(yt)
		switch s.mode(yt, g.Handle) {
		case ModeRateLimit:
			w.Header().Set("Retry-After", s.retrySeconds())
			googleError(w, http.StatusTooManyRequests, "rateLimitExceeded", "RESOURCE_EXHAUSTED", "Too many requests.")
		case ModeRevoked:
			googleError(w, http.StatusUnauthorized, "authError", "UNAUTHENTICATED", "Token has been expired or revoked.")
		case ModeMissingScope:
			googleError(w, http.StatusForbidden, "insufficientPermissions", "PERMISSION_DENIED", "Request had insufficient authentication scopes.")
		case ModeMalformed:
			malformed(w)
		default:
			next(w, r, g)
		}
	}
}

func (s *Server) ytChannels(w http.ResponseWriter, r *http.Request, g grant) {
	today := s.Now().UTC().Truncate(24 * time.Hour)
	var views int64
	for _, d := range days(today.AddDate(0, 0, -365), today.AddDate(0, 0, 1)) {
		views += Day(yt, g.Handle, d).Views
	}
	writeJSON(w, http.StatusOK, map[string]any{"kind": "youtube#channelListResponse", "etag": randomHex(8),
		"pageInfo": map[string]int{"totalResults": 1, "resultsPerPage": 5},
		"items": []any{map[string]any{"kind": "youtube#channel", "etag": randomHex(8), "id": fmt.Sprintf("UC%022x", hash(g.Handle))[:24],
			"snippet": map[string]any{"title": displayName(g.Handle), "customUrl": "@" + g.Handle, "description": "",
				"publishedAt": epoch.AddDate(0, 0, int(hash(g.Handle)%300)).Add(16 * time.Hour).Format(time.RFC3339)},
			"statistics": map[string]any{"viewCount": fmt.Sprint(views), "subscriberCount": fmt.Sprint(Day(yt, g.Handle, today).Followers),
				"hiddenSubscriberCount": false, "videoCount": fmt.Sprint(40 + hash(g.Handle)%200)}}}})
}

// ytReports answers the reports the connector runs: daily metrics,
// viewerPercentage by ageGroup and gender, and views by country.
func (s *Server) ytReports(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	if !hasScope(g.Scopes, insightScope[yt]) {
		googleError(w, http.StatusForbidden, "forbidden", "PERMISSION_DENIED", "The caller does not have permission")
		return
	}
	start, err1 := time.Parse(time.DateOnly, q.Get("startDate"))
	end, err2 := time.Parse(time.DateOnly, q.Get("endDate"))
	if q.Get("ids") != "channel==MINE" || err1 != nil || err2 != nil || end.Before(start) {
		googleError(w, http.StatusBadRequest, "badRequest", "INVALID_ARGUMENT", "Required: ids=channel==MINE, startDate, endDate.")
		return
	}
	col := func(name, kind, typ string) map[string]string {
		return map[string]string{"name": name, "columnType": kind, "dataType": typ}
	}
	var headers []map[string]string
	var rows [][]any
	aud := Audience(yt, g.Handle)
	switch q.Get("dimensions") {
	case "day":
		headers = []map[string]string{col("day", "DIMENSION", "STRING")}
		metrics := strings.Split(q.Get("metrics"), ",")
		for _, m := range metrics {
			headers = append(headers, col(m, "METRIC", "INTEGER"))
		}
		for _, d := range days(start, end.AddDate(0, 0, 1)) {
			st := Day(yt, g.Handle, d)
			row := []any{d.Format(time.DateOnly)}
			for _, m := range metrics {
				row = append(row, map[string]int64{"views": st.Views, "likes": st.Likes, "subscribersGained": max(st.Gained, 0) + st.Gained/10,
					"subscribersLost": st.Gained / 10}[m])
			}
			rows = append(rows, row)
		}
	case "ageGroup,gender":
		headers = []map[string]string{col("ageGroup", "DIMENSION", "STRING"), col("gender", "DIMENSION", "STRING"), col("viewerPercentage", "METRIC", "FLOAT")}
		for _, a := range sortedKeys(aud["age"]) {
			for _, gd := range []string{"female", "male", "other"} {
				gender := map[string]string{"female": "female", "male": "male", "other": "user_specified"}[gd]
				rows = append(rows, []any{"age" + a, gender, float64(int(aud["age"][a]*aud["gender"][gd]*10000)) / 100})
			}
		}
	case "country":
		headers = []map[string]string{col("country", "DIMENSION", "STRING"), col("views", "METRIC", "INTEGER")}
		for _, c := range sortedKeys(aud["country"]) {
			rows = append(rows, []any{c, int64(aud["country"][c] * 100000)})
		}
	default:
		googleError(w, http.StatusBadRequest, "badRequest", "INVALID_ARGUMENT", "Unsupported dimensions.")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"kind": "youtubeAnalytics#resultTable", "columnHeaders": headers, "rows": rows})
}
