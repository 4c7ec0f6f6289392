package store

import "testing"

// TestPostURL: only https links to the post's own platform are kept.
func TestPostURL(t *testing.T) {
	for _, tt := range []struct{ platform, in, want string }{
		{"instagram", "https://www.instagram.com/p/Cabc/", "https://www.instagram.com/p/Cabc/"},
		{"youtube", "https://youtu.be/xyz", "https://youtu.be/xyz"},
		{"tiktok", "https://www.tiktok.com/@a/video/1", "https://www.tiktok.com/@a/video/1"},
		{"linkedin", "https://www.linkedin.com/feed/update/urn:li:share:1/", "https://www.linkedin.com/feed/update/urn:li:share:1/"},
		{"instagram", "javascript:alert(1)", ""},
		{"instagram", "http://www.instagram.com/p/Cabc/", ""},
		{"instagram", "https://www.youtube.com/watch?v=x", ""},
		{"instagram", "https://instagram.com.evil.example/p/x", ""},
		{"instagram", "https://evilinstagram.com/p/x", ""},
		{"instagram", "https://user@www.instagram.com/p/x", ""},
		{"tiktok", "data:text/html,hi", ""},
	} {
		if got := PostURL(tt.platform, tt.in); got != tt.want {
			t.Errorf("PostURL(%s, %q) = %q, want %q", tt.platform, tt.in, got, tt.want)
		}
	}
}
