package store_test

import (
	"testing"

	"creatorcoach/store"
)

// TestPlatforms: the messages built from the one platform list read as the
// browser has always shown them, and every platform has a name and columns.
func TestPlatforms(t *testing.T) {
	t.Parallel()
	if got := store.PlatformNameList("or"); got != "Instagram, YouTube, TikTok or LinkedIn" {
		t.Errorf("name list %q", got)
	}
	if store.MsgPlatformChoice != "Must be one of instagram, youtube, tiktok, linkedin" {
		t.Errorf("choice message %q", store.MsgPlatformChoice)
	}
	for _, p := range store.Platforms {
		if store.PlatformNames[p] == "" || !store.IsPlatform(p) {
			t.Errorf("%s: name %q", p, store.PlatformNames[p])
		}
	}
	if store.IsPlatform("myspace") || store.FollowersColumn(store.YouTube) != "youtube_subscribers" ||
		store.FollowersColumn(store.TikTok) != "tiktok_followers" || store.HandleColumn(store.LinkedIn) != "linkedin_handle" {
		t.Error("platform columns")
	}
}
