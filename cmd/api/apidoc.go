package main

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"creatorcoach/cmd/api/openapi"
)

// The API reference page: Swagger UI (npm swagger-ui-dist), which the web
// build copies into web/dist/api-docs/ and the web app's file server serves,
// so the page needs nothing from outside and works offline (validatorUrl
// null: no badge fetched from the validator service).
const (
	apiDocsScript = `SwaggerUIBundle({url: "/api/openapi.json", dom_id: "#docs", deepLinking: true, validatorUrl: null});`
	apiDocsPage   = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Creator Coach API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script>
<script>` + apiDocsScript + `</script>
</body>
</html>
`
)

// apiDocsCSP is appCSP letting in the page's one inline script by its hash.
var apiDocsCSP = func() string {
	sum := sha256.Sum256([]byte(apiDocsScript))
	return strings.Replace(appCSP, "script-src 'self'", "script-src 'self' 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'", 1)
}()

// docRoutes registers the OpenAPI document and its rendered page; both are
// public, as they hold no secret.
func (s *server) docRoutes(public chi.Router) {
	public.Get("/openapi.json", s.openAPIDocument)
	public.Get("/docs", s.apiDocs)
}

// openAPIDocument answers GET /api/openapi.json: the merged OpenAPI document.
func (s *server) openAPIDocument(w http.ResponseWriter, r *http.Request) {
	b, err := openapi.JSON()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeBody(w, http.StatusOK, b)
}

// apiDocs answers GET /api/docs: the page rendering the document.
func (s *server) apiDocs(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", apiDocsCSP)
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(apiDocsPage))
}
