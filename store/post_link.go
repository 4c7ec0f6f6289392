package store

import (
	"net/url"
	"strings"
)

// postHosts are the hosts (and their subdomains) a captured post link of
// each platform may point to.
var postHosts = map[string][]string{
	"instagram": {"instagram.com"},
	"youtube":   {"youtube.com", "youtu.be"},
	"tiktok":    {"tiktok.com"},
	"linkedin":  {"linkedin.com"},
}

// PostURL is the link of a captured post as stored and shown: raw when it
// is an https link to one of the platform's hosts, else "" (a platform
// answer never puts a javascript:, http: or foreign link on a results page,
// an export or a share page).
func PostURL(platform, raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme != "https" || u.User != nil || u.Port() != "" {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	for _, h := range postHosts[platform] {
		if host == h || strings.HasSuffix(host, "."+h) {
			return u.String()
		}
	}
	return ""
}
