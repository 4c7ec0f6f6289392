package store

import (
	"fmt"
	"slices"
	"strings"
)

// Platform ids: the social platforms of the creator network and of the
// creators' connected accounts, as stored (social_accounts.platform, the
// creators table's <platform>_* columns) and used in URLs.
const (
	Instagram = "instagram"
	YouTube   = "youtube"
	TikTok    = "tiktok"
	LinkedIn  = "linkedin"
)

// Platforms lists the platform ids in their one order: display order,
// identity order and the order of every per-platform array (by index).
var Platforms = []string{Instagram, YouTube, TikTok, LinkedIn}

// PlatformNames are the platforms' display names.
var PlatformNames = map[string]string{Instagram: "Instagram", YouTube: "YouTube", TikTok: "TikTok", LinkedIn: "LinkedIn"}

// platformTableSQL is the platform list as an SQL table p (id, name, ord):
// "(VALUES ('instagram', 'Instagram', 1), ...) p (id, name, ord)", for the
// statements that name and order accounts by platform.
var platformTableSQL = func() string {
	rows := make([]string, len(Platforms))
	for i, id := range Platforms {
		rows[i] = fmt.Sprintf("('%s', '%s', %d)", id, PlatformNames[id], i+1)
	}
	return "(VALUES " + strings.Join(rows, ", ") + ") p (id, name, ord)"
}()

// IsPlatform reports whether id is a platform id.
func IsPlatform(id string) bool { return slices.Contains(Platforms, id) }

// MsgPlatformChoice is the field error of a value that is no platform id:
// "Must be one of instagram, youtube, tiktok, linkedin".
var MsgPlatformChoice = "Must be one of " + strings.Join(Platforms, ", ")

// PlatformNameList lists the platforms' display names joined by conj before
// the last: "Instagram, YouTube, TikTok or LinkedIn" for "or".
func PlatformNameList(conj string) string {
	names := make([]string, len(Platforms))
	for i, p := range Platforms {
		names[i] = PlatformNames[p]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// HandleColumn is the creators column of platform p's handle.
func HandleColumn(p string) string { return p + "_handle" }

// FollowersColumn is the creators column of platform p's following
// (YouTube counts subscribers).
func FollowersColumn(p string) string {
	if p == YouTube {
		return "youtube_subscribers"
	}
	return p + "_followers"
}

// platformColumns are the creators columns of every platform in Platforms
// order (handle, following, handle, following, ...), each as format makes it
// of the column and its kind ("handle" or "followers").
func platformColumns(format func(col, kind string) string) []string {
	var cols []string
	for _, p := range Platforms {
		cols = append(cols, format(HandleColumn(p), "handle"), format(FollowersColumn(p), "followers"))
	}
	return cols
}

// FollowersKey returns the field key of platform p's following.
func FollowersKey(p string) string {
	if p == YouTube {
		return "youtubeSubscribers"
	}
	return p + "Followers"
}
