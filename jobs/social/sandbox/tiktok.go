package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

const tt = "tiktok"

func (s *Server) tiktokRoutes(r chi.Router) {
	auth := s.authorize(tt, "TikTok", allScopes[tt], insightScope[tt], ",")
	r.Get("/tiktok/v2/auth/authorize/", auth)
	r.Post("/tiktok/v2/auth/authorize/", auth)
	r.Post("/tiktok/v2/oauth/token/", s.ttToken)
	r.Post("/tiktok/v2/oauth/revoke/", s.ttRevoke)
	r.Get("/tiktok/v2/user/info/", s.ttData(s.ttUser))
	r.Post("/tiktok/v2/video/list/", s.ttData(s.ttVideos))
}

// ttEnvelope writes TikTok's {"data", "error": {"code", "message", "log_id"}}.
func ttEnvelope(w http.ResponseWriter, status int, data any, code, msg string) {
	if data == nil {
		data = map[string]any{}
	}
	writeJSON(w, status, map[string]any{"data": data, "error": map[string]string{"code": code, "message": msg, "log_id": "SBX" + randomHex(10)}})
}

func ttTokenError(w http.ResponseWriter, code, desc string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": desc, "log_id": "SBX" + randomHex(10)})
}

func (s *Server) ttToken(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	if r.Form.Get("client_key") == "" {
		ttTokenError(w, "invalid_client", "Client key or secret is incorrect.")
		return
	}
	var g grant
	var err error
	switch r.Form.Get("grant_type") {
	case "authorization_code":
		g, err = s.open(r.Form.Get("code"), tt, "code")
		if err != nil || g.Redirect != r.Form.Get("redirect_uri") {
			ttTokenError(w, "invalid_grant", "Authorization code is expired.")
			return
		}
		if !g.verifies(r.Form.Get("code_verifier")) {
			ttTokenError(w, "invalid_request", "Code verifier or code challenge is invalid.")
			return
		}
	case "refresh_token":
		g, err = s.open(r.Form.Get("refresh_token"), tt, "refresh")
		if err != nil || s.mode(tt, g.Handle) == ModeExpiredRefresh {
			ttTokenError(w, "invalid_grant", "Refresh token is invalid or expired.")
			return
		}
	default:
		ttTokenError(w, "invalid_request", "Unsupported grant_type.")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": s.issue(g, "access", s.AccessTTL), "expires_in": int64(s.AccessTTL.Seconds()),
		"open_id": fmt.Sprintf("sbx-%x", hash(g.Handle)), "refresh_token": s.issue(g, "refresh", s.RefreshTTL),
		"refresh_expires_in": int64(s.RefreshTTL.Seconds()), "scope": g.Scopes, "token_type": "Bearer"})
}

func (s *Server) ttRevoke(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	g, err := s.open(r.Form.Get("token"), tt, "access")
	if err != nil {
		ttTokenError(w, "invalid_request", "Token is invalid.")
		return
	}
	s.revoke(g.ID)
	writeJSON(w, http.StatusOK, map[string]any{})
}

func (s *Server) ttData(next func(http.ResponseWriter, *http.Request, grant)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, err := s.open(bearer(r), tt, "access")
		if err != nil {
			ttEnvelope(w, http.StatusUnauthorized, nil, "access_token_invalid", "The access token is invalid or not found in the request.")
			return
		}
		s.count(tt)
		switch s.mode(tt, g.Handle) {
		case ModeRateLimit:
			w.Header().Set("Retry-After", s.retrySeconds())
			ttEnvelope(w, http.StatusTooManyRequests, nil, "rate_limit_exceeded", "API rate limit was exceeded.")
		case ModeRevoked:
			ttEnvelope(w, http.StatusUnauthorized, nil, "access_token_invalid", "The user revoked the authorization.")
		case ModeMissingScope:
			ttEnvelope(w, http.StatusUnauthorized, nil, "scope_not_authorized", "The user did not authorize the scope required.")
		case ModeMalformed:
			malformed(w)
		default:
			next(w, r, g)
		}
	}
}

func (s *Server) ttUser(w http.ResponseWriter, r *http.Request, g grant) {
	if !hasScope(g.Scopes, insightScope[tt]) {
		ttEnvelope(w, http.StatusUnauthorized, nil, "scope_not_authorized", "The user did not authorize the scope required for completing this request.")
		return
	}
	st := Day(tt, g.Handle, s.Now().UTC().Truncate(24*time.Hour))
	ttEnvelope(w, http.StatusOK, map[string]any{"user": map[string]any{"open_id": fmt.Sprintf("sbx-%x", hash(g.Handle)),
		"union_id": fmt.Sprintf("sbx-u-%x", hash(g.Handle)), "avatar_url": "", "display_name": displayName(g.Handle), "username": g.Handle,
		"follower_count": st.Followers, "following_count": 180, "likes_count": st.Likes * 400, "video_count": 300}}, "ok", "")
}

// ttVideoFields are the video fields the sandbox knows.
var ttVideoFields = map[string]bool{"id": true, "create_time": true, "title": true, "video_description": true, "share_url": true,
	"view_count": true, "like_count": true, "comment_count": true, "share_count": true, "duration": true, "cover_image_url": true}

// ttVideos lists one synthetic video a day (plus the published ones), newest
// first, whole days up to max_count a page; the cursor is the create_time
// (ms) of the page's last day, below which the next page starts. Each video
// has the fields asked for (?fields=). A history video earns the day's views
// and likes (Day); published ones follow PostFigures.
func (s *Server) ttVideos(w http.ResponseWriter, r *http.Request, g grant) {
	var body struct {
		Cursor   int64 `json:"cursor"`
		MaxCount int   `json:"max_count"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.MaxCount < 1 || body.MaxCount > 20 {
		ttEnvelope(w, http.StatusBadRequest, nil, "invalid_params", "max_count must be from 1 to 20.")
		return
	}
	fields := strings.Split(r.URL.Query().Get("fields"), ",")
	for _, f := range fields {
		if !ttVideoFields[f] {
			ttEnvelope(w, http.StatusBadRequest, nil, "invalid_params", "Invalid field: "+f)
			return
		}
	}
	now := s.postClock(tt, g.Handle)
	d := now.Truncate(24 * time.Hour)
	if body.Cursor > 0 {
		d = time.UnixMilli(body.Cursor).UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	}
	var videos []any
	stop := now.AddDate(0, 0, -400)
	pub := s.publishedOf(tt, g.Handle)
	for ; len(videos) < body.MaxCount && d.After(stop); d = d.AddDate(0, 0, -1) {
		for _, p := range onDay(pub, d) {
			if !p.At.After(now) {
				title, desc, _ := strings.Cut(p.Caption, "\n")
				videos = append(videos, ttVideo(fields, p.ID, title, desc, p.At, PostFigures(tt, g.Handle, p.ID, p.At, now), g.Handle))
			}
		}
		st := Day(tt, g.Handle, d)
		date := d.Format(time.DateOnly)
		videos = append(videos, ttVideo(fields, fmt.Sprintf("%d", d.Unix()), caption("tt", g.Handle, date), "", d.Add(17*time.Hour),
			Figures{Views: st.Views, Likes: st.Likes, Comments: st.Likes / 30, Shares: st.Likes / 15}, g.Handle))
	}
	ttEnvelope(w, http.StatusOK, map[string]any{"videos": orEmpty(videos), "cursor": d.AddDate(0, 0, 1).UnixMilli(), "has_more": d.After(stop)}, "ok", "")
}

// ttVideo is a video object with the fields asked for.
func ttVideo(fields []string, id, title, desc string, at time.Time, f Figures, handle string) map[string]any {
	all := map[string]any{"id": id, "create_time": at.Unix(), "title": title, "video_description": desc,
		"share_url": "https://www.tiktok.com/@" + handle + "/video/" + id, "view_count": f.Views, "like_count": f.Likes,
		"comment_count": f.Comments, "share_count": f.Shares, "duration": 15 + hash(id)%45, "cover_image_url": ""}
	out := map[string]any{}
	for _, k := range fields {
		out[k] = all[k]
	}
	return out
}
