package main

import "strings"

// secretPathPrefixes are the paths whose next segment is a bearer secret
// (a share link's token): logs show the path with that segment replaced.
var secretPathPrefixes = []string{"/api/share/", "/share/"}

// loggedPath is path as request and error logs write it: a share token is
// replaced by "[token]", so that reading the logs gives no access.
func loggedPath(path string) string {
	for _, p := range secretPathPrefixes {
		if rest, ok := strings.CutPrefix(path, p); ok && rest != "" {
			tail := ""
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				tail = rest[i:]
			}
			return p + "[token]" + tail
		}
	}
	return path
}
