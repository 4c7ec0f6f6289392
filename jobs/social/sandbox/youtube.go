package sandbox

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"sort"
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
	r.Get("/youtube/youtube/v3/playlistItems", s.googleData(s.ytPlaylistItems))
	r.Get("/youtube/youtube/v3/videos", s.googleData(s.ytVideos))
}

// verifies reports whether verifier answers the code's PKCE challenge
// (S256): a code asked for with a challenge is refused without its verifier
// or with another one, as the platforms that take PKCE do; a code asked for
// without one needs none.
func (g grant) verifies(verifier string) bool {
	if g.Challenge == "" {
		return true
	}
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:]) == g.Challenge
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
			if pkce && !g.verifies(r.Form.Get("code_verifier")) {
				fail(w, "invalid_grant", "Invalid code verifier.")
				return
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
	item := map[string]any{"kind": "youtube#channel", "etag": randomHex(8), "id": ytChannelID(g.Handle)}
	parts := strings.Split(r.URL.Query().Get("part"), ",")
	if slices.Contains(parts, "snippet") {
		item["snippet"] = map[string]any{"title": displayName(g.Handle), "customUrl": "@" + g.Handle, "description": "",
			"publishedAt": epoch.AddDate(0, 0, int(hash(g.Handle)%300)).Add(16 * time.Hour).Format(time.RFC3339)}
	}
	if slices.Contains(parts, "statistics") {
		item["statistics"] = map[string]any{"viewCount": fmt.Sprint(views), "subscriberCount": fmt.Sprint(Day(yt, g.Handle, today).Followers),
			"hiddenSubscriberCount": false, "videoCount": fmt.Sprint(40 + hash(g.Handle)%200)}
	}
	if slices.Contains(parts, "contentDetails") {
		item["contentDetails"] = map[string]any{"relatedPlaylists": map[string]string{"likes": "", "uploads": ytUploads(g.Handle)}}
	}
	writeJSON(w, http.StatusOK, map[string]any{"kind": "youtube#channelListResponse", "etag": randomHex(8),
		"pageInfo": map[string]int{"totalResults": 1, "resultsPerPage": 5}, "items": []any{item}})
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

// ytVideo is one video of a handle: synthetic history or published.
type ytVideo struct {
	ID, Title, Description string
	At                     time.Time
	Published              bool
}

// ytHistory is handle's history video of day d, if it has one (about one
// day in three, ytHasHistory, at a seeded afternoon time). Its id is "v",
// the day's number (5 digits) and 5 seeded hex digits.
func ytHistory(handle string, d time.Time) (ytVideo, bool) {
	if !ytHasHistory(hash("yt-video", handle), dayNumber(d)) {
		return ytVideo{}, false
	}
	date := d.Format(time.DateOnly)
	h := hash("yt-video", handle, date)
	return ytVideo{ID: fmt.Sprintf("v%05d%05x", dayNumber(d), (h>>8)%0x100000), Title: caption("yt", handle, date),
		Description: "Thanks for watching! New videos every week.", At: d.Add(15*time.Hour + time.Duration(h%3600)*time.Second)}, true
}

// ytHasHistory reports whether the handle of seed (hash("yt-video",
// handle)) has a history video on day number n: about one day in three, a
// mix of the seed and n, so that counting a whole history for
// totalResults costs a few nanoseconds a day.
func ytHasHistory(seed uint64, n int) bool {
	x := seed ^ uint64(n)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x%3 == 0
}

// ytDay is day d's videos of handle (history and published, pub) up to now, newest first.
func ytDay(handle string, pub []Published, d, now time.Time) []ytVideo {
	var out []ytVideo
	if v, ok := ytHistory(handle, d); ok {
		out = append(out, v)
	}
	for _, p := range onDay(pub, d) {
		title, desc, _ := strings.Cut(p.Caption, "\n")
		out = append(out, ytVideo{ID: p.ID, Title: title, Description: desc, At: p.At, Published: true})
	}
	out = slices.DeleteFunc(out, func(v ytVideo) bool { return v.At.After(now) })
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.After(out[j].At) })
	return out
}

// ytFind finds handle's video id published by now.
func (s *Server) ytFind(handle, id string, now time.Time) (ytVideo, bool) {
	if p, ok := s.findPublished(yt, handle, id); ok && !p.At.After(now) {
		title, desc, _ := strings.Cut(p.Caption, "\n")
		return ytVideo{ID: p.ID, Title: title, Description: desc, At: p.At, Published: true}, true
	}
	if len(id) != 11 || id[0] != 'v' {
		return ytVideo{}, false
	}
	d, ok := parseDayNumber(id[1:6])
	if !ok {
		return ytVideo{}, false
	}
	if v, ok := ytHistory(handle, d); ok && v.ID == id && !v.At.After(now) {
		return v, true
	}
	return ytVideo{}, false
}

func ytChannelID(handle string) string { return fmt.Sprintf("UC%022x", hash(handle))[:24] }

// ytUploads is the id of handle's uploads playlist ("UU" and the channel's id without "UC").
func ytUploads(handle string) string { return "UU" + ytChannelID(handle)[2:] }

// ytPlaylistItems answers playlistItems.list of the uploads playlist:
// newest first, maxResults (5, at most 50) a page, pageToken paging.
func (s *Server) ytPlaylistItems(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	if q.Get("playlistId") != ytUploads(g.Handle) {
		googleError(w, http.StatusNotFound, "playlistNotFound", "NOT_FOUND",
			"The playlist identified with the request's <code>playlistId</code> parameter cannot be found.")
		return
	}
	limit := 5
	if v := q.Get("maxResults"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &limit); err != nil || limit < 0 || limit > 50 {
			googleError(w, http.StatusBadRequest, "invalidParameter", "INVALID_ARGUMENT", "Invalid value for maxResults.")
			return
		}
	}
	offset := 0
	if t := q.Get("pageToken"); t != "" {
		var err error
		if offset, err = cursorOffset(t); err != nil {
			googleError(w, http.StatusBadRequest, "invalidPageToken", "INVALID_ARGUMENT", "The request specifies an invalid page token.")
			return
		}
	}
	now := s.postClock(yt, g.Handle)
	pub := s.publishedOf(yt, g.Handle)
	var items []any
	total := 0
	// The page's videos are built; the older days are only counted, for
	// totalResults (the published ones are counted apart).
	d := now.Truncate(24 * time.Hour)
	for ; !d.Before(epoch) && (len(items) < limit || total < offset); d = d.AddDate(0, 0, -1) {
		for _, v := range ytDay(g.Handle, pub, d, now) {
			if total >= offset && len(items) < limit {
				items = append(items, map[string]any{"kind": "youtube#playlistItem", "etag": randomHex(8), "id": randomHex(12),
					"snippet": map[string]any{"publishedAt": v.At.Format(time.RFC3339), "channelId": ytChannelID(g.Handle),
						"title": v.Title, "description": v.Description, "channelTitle": displayName(g.Handle),
						"playlistId": ytUploads(g.Handle), "position": total,
						"resourceId": map[string]any{"kind": "youtube#video", "videoId": v.ID}},
					"contentDetails": map[string]any{"videoId": v.ID, "videoPublishedAt": v.At.Format(time.RFC3339)}})
			}
			total++
		}
	}
	for _, p := range pub {
		if p.At.Before(d.AddDate(0, 0, 1)) && !p.At.Before(epoch) {
			total++ // published on a day not walked
		}
	}
	seed := hash("yt-video", g.Handle)
	for n := dayNumber(d); n >= 0; n-- {
		if ytHasHistory(seed, n) {
			total++
		}
	}
	out := map[string]any{"kind": "youtube#playlistItemListResponse", "etag": randomHex(8), "items": orEmpty(items),
		"pageInfo": map[string]int{"totalResults": total, "resultsPerPage": limit}}
	if offset+len(items) < total {
		out["nextPageToken"] = cursor(offset + len(items))
	}
	if offset > 0 {
		out["prevPageToken"] = cursor(max(0, offset-limit))
	}
	writeJSON(w, http.StatusOK, out)
}

// ytVideos answers videos.list?id=a,b&part=snippet,statistics: the
// channel's videos among the ids (others are left out, as the platform
// does), with counts as strings. History videos' figures are a fifth of the
// day's channel views and likes; published ones follow PostFigures.
func (s *Server) ytVideos(w http.ResponseWriter, r *http.Request, g grant) {
	q := r.URL.Query()
	ids := strings.Split(q.Get("id"), ",")
	if q.Get("id") == "" || len(ids) > 50 {
		googleError(w, http.StatusBadRequest, "invalidParameter", "INVALID_ARGUMENT", "The id parameter must name 1 to 50 videos.")
		return
	}
	now := s.postClock(yt, g.Handle)
	parts := strings.Split(q.Get("part"), ",")
	var items []any
	for _, id := range ids {
		v, ok := s.ytFind(g.Handle, id, now)
		if !ok {
			continue
		}
		f := PostFigures(yt, g.Handle, v.ID, v.At, now)
		if !v.Published {
			st := Day(yt, g.Handle, v.At.Truncate(24*time.Hour))
			f = Figures{Views: st.Views / 5, Likes: st.Likes / 5, Comments: st.Likes / 60}
		}
		item := map[string]any{"kind": "youtube#video", "etag": randomHex(8), "id": v.ID}
		if slices.Contains(parts, "snippet") {
			item["snippet"] = map[string]any{"publishedAt": v.At.Format(time.RFC3339), "channelId": ytChannelID(g.Handle),
				"title": v.Title, "description": v.Description, "channelTitle": displayName(g.Handle), "categoryId": "22",
				"liveBroadcastContent": "none"}
		}
		if slices.Contains(parts, "statistics") {
			item["statistics"] = map[string]string{"viewCount": fmt.Sprint(f.Views), "likeCount": fmt.Sprint(f.Likes),
				"favoriteCount": "0", "commentCount": fmt.Sprint(f.Comments)}
		}
		items = append(items, item)
	}
	writeJSON(w, http.StatusOK, map[string]any{"kind": "youtube#videoListResponse", "etag": randomHex(8), "items": orEmpty(items),
		"pageInfo": map[string]int{"totalResults": len(items), "resultsPerPage": len(items)}})
}
