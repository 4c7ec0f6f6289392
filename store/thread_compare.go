package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// PostSimilarityMin is the caption similarity (0-1, see captionSimilarity)
// under which a published post differs from its approved draft.
const PostSimilarityMin = 0.8

// PostDiff compares a published post with the approved draft: the caption
// similarity, the words the post dropped and added, and what it lacks
// (see DisclosureMissing). Differs is the flag shown on the thread and in
// the results: "differs from the approved draft".
type PostDiff struct {
	Differs    bool     `json:"differs"`
	Similarity float64  `json:"similarity"`
	Removed    []string `json:"removed"`
	Added      []string `json:"added"`
	Missing    []string `json:"missing"`
	DraftID    int64    `json:"draftId"`
}

// ComparePost compares post's caption on platform with the approved draft's
// caption and the campaign's tracking tag.
func ComparePost(draftCaption, postCaption, platform, tag string) PostDiff {
	a, b := captionList(draftCaption), captionList(postCaption)
	d := PostDiff{Similarity: captionSimilarity(a, b), Removed: []string{}, Added: []string{}, Missing: DisclosureMissing(platform, postCaption, tag)}
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, w := range a {
		inA[w] = true
	}
	for _, w := range b {
		inB[w] = true
	}
	for _, w := range a {
		if !inB[w] && !slices.Contains(d.Removed, w) {
			d.Removed = append(d.Removed, w)
		}
	}
	for _, w := range b {
		if !inA[w] && !slices.Contains(d.Added, w) {
			d.Added = append(d.Added, w)
		}
	}
	d.Differs = d.Similarity < PostSimilarityMin || len(d.Missing) > 0
	return d
}

// captionList is caption's words in order, lower case (see captionWords).
func captionList(caption string) []string {
	return strings.FieldsFunc(strings.ToLower(caption), func(r rune) bool {
		return !(r == '#' || r == '@' || r == '\'' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
}

// captionSimilarity is the Dice coefficient of two word lists' multisets:
// 2 × shared words / all words, 1 for two empty captions.
func captionSimilarity(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	count := map[string]int{}
	for _, w := range a {
		count[w]++
	}
	shared := 0
	for _, w := range b {
		if count[w] > 0 {
			count[w]--
			shared++
		}
	}
	v := 2 * float64(shared) / float64(len(a)+len(b))
	return float64(int(v*1000+0.5)) / 1000
}

// PostDiffs compares every captured post of entry's offer with its
// approved draft, by post id; none without an approved draft.
func (s *DB) PostDiffs(ctx context.Context, entry string) (map[string]PostDiff, error) {
	var rows []struct {
		PostID   string `db:"id"`
		Caption  string `db:"caption"`
		Platform string `db:"platform"`
		Draft    string `db:"draft_caption"`
		DraftID  int64  `db:"draft_id"`
		Tag      string `db:"tracking_tag"`
	}
	err := s.db.SelectContext(ctx, &rows, `SELECT p.id, p.caption, p.platform, d.caption AS draft_caption, d.id AS draft_id, k.tracking_tag
		FROM campaign_posts p JOIN campaigns k ON k.id = p.campaign_id
		JOIN LATERAL (SELECT id, caption FROM thread_drafts WHERE entry_id = p.entry_id AND status = 'approved' ORDER BY version DESC LIMIT 1) d ON true
		WHERE p.entry_id = $1`, entry)
	if err != nil {
		return nil, fmt.Errorf("post diffs: %w", err)
	}
	out := make(map[string]PostDiff, len(rows))
	for _, r := range rows {
		d := ComparePost(r.Draft, r.Caption, r.Platform, r.Tag)
		d.DraftID = r.DraftID
		out[r.PostID] = d
	}
	return out, nil
}

// annotatePosts adds "differs" (a PostDiff) to the post items of items.
func (s *DB) annotatePosts(ctx context.Context, entry string, items json.RawMessage) (json.RawMessage, error) {
	if !strings.Contains(string(items), `"kind" : "post"`) && !strings.Contains(string(items), `"kind": "post"`) {
		return items, nil
	}
	diffs, err := s.PostDiffs(ctx, entry)
	if err != nil || len(diffs) == 0 {
		return items, err
	}
	var list []map[string]any
	if err := json.Unmarshal(items, &list); err != nil {
		return nil, fmt.Errorf("post items: %w", err)
	}
	for _, it := range list {
		if id, _ := it["postId"].(string); it["kind"] == "post" {
			if d, ok := diffs[id]; ok {
				it["differs"] = d
			}
		}
	}
	return json.Marshal(list)
}
