package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
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

// ttVideos lists one synthetic video a day, newest first, 20 a page; the
// cursor is the create_time (ms) below which the next page starts.
func (s *Server) ttVideos(w http.ResponseWriter, r *http.Request, g grant) {
	var body struct {
		Cursor   int64 `json:"cursor"`
		MaxCount int   `json:"max_count"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.MaxCount < 1 || body.MaxCount > 20 {
		ttEnvelope(w, http.StatusBadRequest, nil, "invalid_params", "max_count must be from 1 to 20.")
		return
	}
	d := s.Now().UTC().Truncate(24 * time.Hour)
	if body.Cursor > 0 {
		d = time.UnixMilli(body.Cursor).UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	}
	var videos []any
	stop := s.Now().UTC().AddDate(0, 0, -400)
	for i := 0; i < body.MaxCount && d.After(stop); i, d = i+1, d.AddDate(0, 0, -1) {
		st := Day(tt, g.Handle, d)
		videos = append(videos, map[string]any{"id": fmt.Sprintf("%d", d.Unix()), "create_time": d.Add(17 * time.Hour).Unix(),
			"like_count": st.Likes, "view_count": st.Views})
	}
	ttEnvelope(w, http.StatusOK, map[string]any{"videos": videos, "cursor": d.AddDate(0, 0, 1).UnixMilli(), "has_more": d.After(stop)}, "ok", "")
}
