// Package socialsetup wires the social connectors of a command: their
// configuration from the environment and, when SOCIAL_SANDBOX is on, the
// sandbox that stands in for the platforms, served under /sandbox of the
// public address (where the sandbox configuration points the connectors).
package socialsetup

import (
	"net/http"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
)

// SandboxPath is where the sandbox is served, under the public address.
const SandboxPath = "/sandbox"

// Setup is the connectors' configuration and the sandbox serving them.
type Setup struct {
	Config  social.Config
	Sandbox *sandbox.Server // nil unless Config.Sandbox
}

// Load reads the social configuration of cfg's environment and makes the
// sandbox when it is on.
func Load(cfg app.Config) (Setup, error) {
	c, err := social.LoadConfig(cfg.Production(), cfg.PublicURL)
	if err != nil {
		return Setup{}, err
	}
	s := Setup{Config: c}
	if c.Sandbox {
		s.Sandbox = sandbox.New()
		s.Sandbox.Callback = s.Config.RedirectBase
	}
	return s, nil
}

// Router is where Mount serves the sandbox (a chi.Router, an http.ServeMux
// adapter, ...).
type Router interface {
	Mount(pattern string, h http.Handler)
}

// Mount serves the sandbox under SandboxPath on r when it is on.
func (s Setup) Mount(r Router) {
	if s.Sandbox != nil {
		r.Mount(SandboxPath, s.Sandbox.Handler())
	}
}
