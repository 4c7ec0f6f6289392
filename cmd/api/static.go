package main

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-chi/chi/v5/middleware"
)

// webApp serves the built browser app (WEB_DIR, web/dist by default) with an
// SPA fallback to index.html. Hashed files under /assets/ are cached for a
// year; index.html is revalidated. Text assets are compressed.
func (s *server) webApp() http.Handler {
	dir := s.cfg.WebDir
	files := http.FileServer(http.Dir(dir))
	serve := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clean := path.Clean("/" + r.URL.Path)
		info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(clean)))
		switch {
		case err == nil && !info.IsDir():
			if strings.HasPrefix(clean, "/assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			files.ServeHTTP(w, r)
		case strings.HasPrefix(clean, "/assets/"):
			http.NotFound(w, r)
		default:
			s.serveIndex(w, r, dir)
		}
	})
	return middleware.Compress(5, "text/html", "text/css", "text/plain", "application/javascript",
		"text/javascript", "application/json", "image/svg+xml")(serve)
}

func (s *server) serveIndex(w http.ResponseWriter, r *http.Request, dir string) {
	index := filepath.Join(dir, "index.html")
	if _, err := os.Stat(index); err != nil {
		http.Error(w, "The web app is not built yet: run `npm --prefix web ci && npm --prefix web run build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, index)
}
