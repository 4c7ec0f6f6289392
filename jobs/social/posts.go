package social

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Post is one of an account's posts with its figures as the platform
// reports them now; a figure the platform does not report is nil (never 0).
// Text is what a campaign's tag is looked for in: the caption, or a video's
// title and description.
type Post struct {
	ExternalID  string
	URL         string
	Text        string
	PublishedAt time.Time
	Views       *int64
	Likes       *int64
	Comments    *int64
	Shares      *int64
	Reach       *int64
}

// PostQuery asks for the posts published in [From, To) that Keep keeps
// (nil keeps all): Keep sees a post's text and publication time before the
// connector spends calls on its figures. Account is the account's id at the
// platform (Snapshot.ExternalID), which some post listings need.
type PostQuery struct {
	Account  string
	From, To time.Time
	Keep     func(text string, publishedAt time.Time) bool
}

func (q PostQuery) inRange(t time.Time) bool { return !t.Before(q.From) && t.Before(q.To) }

func (q PostQuery) keep(text string, t time.Time) bool {
	return q.inRange(t) && (q.Keep == nil || q.Keep(text, t))
}

// postDays is the number of days a query spans (at least 1), for the plans of PostCalls.
func postDays(from, to time.Time) int { return max(1, int(to.Sub(from).Hours()/24)+1) }

// postPlanKept is how many kept posts PostCalls plans figures for: a
// campaign asks for a few posts per creator.
const postPlanKept = 3

func i64(v int64) *int64 { return &v }

// ---- Instagram: GET /me/media (the account's media, newest first) and,
// for the posts kept, GET /{media-id}/insights?metric=views,reach,shares.

// igPostFields are the media fields a post listing reads.
const igPostFields = "id,caption,permalink,timestamp,media_type,like_count,comments_count"

// PostCalls plans the media pages of the span (igPageDays a page) and one
// insights call per kept post.
func (c *instagram) PostCalls(from, to time.Time) int {
	return 1 + postDays(from, to)/igPageDays + postPlanKept
}

// Posts pages through the media back to q.From and reads the insights of
// the media kept: views, reach and shares (nil when the platform has no
// figure for the media: an empty answer, a metric the media type lacks, or
// too few viewers).
func (c *instagram) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	var out []Post
	params := url.Values{"fields": {igPostFields}, "limit": {strconv.Itoa(igMediaPage)}}
	for {
		var page igPostPage
		if err := c.graph(ctx, tok, "media", "/me/media", params, &page); err != nil {
			return nil, err
		}
		done()
		older := false
		for _, m := range page.Data {
			t, err := time.Parse(igTime, m.Timestamp)
			if err != nil || m.ID == "" {
				return nil, &AnswerError{Platform: Instagram, Call: "media", Detail: "a media without id or timestamp"}
			}
			if t.Before(q.From) {
				older = true
				break
			}
			if !q.keep(m.Caption, t) {
				continue
			}
			p := Post{ExternalID: m.ID, URL: m.Permalink, Text: m.Caption, PublishedAt: t.UTC(), Likes: m.LikeCount, Comments: m.CommentsCount}
			if err := c.mediaInsights(ctx, tok, &p); err != nil {
				return nil, err
			}
			done()
			out = append(out, p)
		}
		if older || page.Paging.Next == "" || page.Paging.Cursors.After == "" || len(page.Data) == 0 {
			return out, nil
		}
		params.Set("after", page.Paging.Cursors.After)
	}
}

// igPostPage is a page of the media edge with the post fields.
type igPostPage struct {
	Data []struct {
		ID            string `json:"id"`
		Caption       string `json:"caption"`
		Permalink     string `json:"permalink"`
		Timestamp     string `json:"timestamp"`
		MediaType     string `json:"media_type"`
		LikeCount     *int64 `json:"like_count"`
		CommentsCount *int64 `json:"comments_count"`
	} `json:"data"`
	Paging struct {
		Cursors struct {
			After string `json:"after"`
		} `json:"cursors"`
		Next string `json:"next"`
	} `json:"paging"`
}

// mediaInsights fills p's views, reach and shares from the media's
// lifetime insights. A metric the media does not have (#100), too few
// viewers (#10 "Not enough viewers") or an empty answer leave them nil.
func (c *instagram) mediaInsights(ctx context.Context, tok Token, p *Post) error {
	req, err := get(ctx, c.ep.APIBase+"/"+igVersion+"/"+url.PathEscape(p.ExternalID)+"/insights?"+
		url.Values{"metric": {"views,reach,shares"}}.Encode(), tok.Access)
	if err != nil {
		return err
	}
	var ins igInsights
	unavailable := false
	classify := func(res *http.Response, body []byte) error {
		if res.StatusCode == http.StatusBadRequest || res.StatusCode == http.StatusForbidden {
			var e struct {
				Error struct {
					Message string `json:"message"`
					Code    int    `json:"code"`
				} `json:"error"`
			}
			_ = json.Unmarshal(body, &e)
			if e.Error.Code == 100 || e.Error.Code == 10 && strings.Contains(e.Error.Message, "Not enough viewers") {
				unavailable = true
				return nil
			}
		}
		return c.classify(res, body)
	}
	if err := c.do(req, Instagram, "media insights", &ins, classify); err != nil && !unavailable {
		return err
	}
	if unavailable {
		return nil
	}
	for _, d := range ins.Data {
		var v *int64
		switch {
		case d.TotalValue != nil:
			v = i64(d.TotalValue.Value)
		case len(d.Values) > 0:
			v = i64(d.Values[0].Value)
		}
		switch d.Name {
		case "views":
			p.Views = v
		case "reach":
			p.Reach = v
		case "shares":
			p.Shares = v
		}
	}
	return nil
}

// ---- YouTube: the uploads playlist (channels?part=contentDetails →
// playlistItems, newest first), then videos?part=snippet,statistics for the
// videos kept. YouTube reports no shares nor reach: they stay nil.

// ytPlaylistPages bounds the uploads pages read per sync (50 videos a page).
const ytPlaylistPages = 20

// PostCalls plans the channel, the uploads pages (about a video a day) and
// one videos call per 50 kept videos.
func (c *youtube) PostCalls(from, to time.Time) int { return 2 + postDays(from, to)/50 + 1 }

func (c *youtube) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	var ch struct {
		Items []struct {
			ContentDetails struct {
				RelatedPlaylists struct {
					Uploads string `json:"uploads"`
				} `json:"relatedPlaylists"`
			} `json:"contentDetails"`
		} `json:"items"`
	}
	if err := c.call(ctx, tok, "channels.list", c.ep.APIBase+"/channels", url.Values{"part": {"contentDetails"}, "mine": {"true"}}, &ch); err != nil {
		return nil, err
	}
	done()
	if len(ch.Items) == 0 || ch.Items[0].ContentDetails.RelatedPlaylists.Uploads == "" {
		return nil, &AnswerError{Platform: YouTube, Call: "channels.list", Detail: "no uploads playlist"}
	}
	params := url.Values{"part": {"snippet,contentDetails"}, "playlistId": {ch.Items[0].ContentDetails.RelatedPlaylists.Uploads},
		"maxResults": {"50"}}
	var kept []string
	for page := 0; page < ytPlaylistPages; page++ {
		var list struct {
			NextPageToken string `json:"nextPageToken"`
			Items         []struct {
				Snippet struct {
					Title       string `json:"title"`
					Description string `json:"description"`
				} `json:"snippet"`
				ContentDetails struct {
					VideoID          string `json:"videoId"`
					VideoPublishedAt string `json:"videoPublishedAt"`
				} `json:"contentDetails"`
			} `json:"items"`
		}
		if err := c.call(ctx, tok, "playlistItems.list", c.ep.APIBase+"/playlistItems", params, &list); err != nil {
			return nil, err
		}
		done()
		older := false
		for _, it := range list.Items {
			t, err := time.Parse(time.RFC3339, it.ContentDetails.VideoPublishedAt)
			if err != nil || it.ContentDetails.VideoID == "" {
				continue // a private or deleted video has no publication time
			}
			if t.Before(q.From) {
				older = true
				continue
			}
			if q.keep(it.Snippet.Title+"\n"+it.Snippet.Description, t) {
				kept = append(kept, it.ContentDetails.VideoID)
			}
		}
		if older || list.NextPageToken == "" {
			break
		}
		params.Set("pageToken", list.NextPageToken)
	}
	var out []Post
	for i := 0; i < len(kept); i += 50 {
		var vids struct {
			Items []struct {
				ID      string `json:"id"`
				Snippet struct {
					PublishedAt string `json:"publishedAt"`
					Title       string `json:"title"`
					Description string `json:"description"`
				} `json:"snippet"`
				Statistics struct {
					ViewCount    *string `json:"viewCount"`
					LikeCount    *string `json:"likeCount"`
					CommentCount *string `json:"commentCount"`
				} `json:"statistics"`
			} `json:"items"`
		}
		ids := strings.Join(kept[i:min(i+50, len(kept))], ",")
		if err := c.call(ctx, tok, "videos.list", c.ep.APIBase+"/videos", url.Values{"part": {"snippet,statistics"}, "id": {ids}, "maxResults": {"50"}}, &vids); err != nil {
			return nil, err
		}
		done()
		for _, v := range vids.Items {
			t, err := time.Parse(time.RFC3339, v.Snippet.PublishedAt)
			if err != nil || v.ID == "" {
				return nil, &AnswerError{Platform: YouTube, Call: "videos.list", Detail: "a video without id or publishedAt"}
			}
			out = append(out, Post{ExternalID: v.ID, URL: "https://www.youtube.com/watch?v=" + url.QueryEscape(v.ID),
				Text: v.Snippet.Title + "\n" + v.Snippet.Description, PublishedAt: t.UTC(),
				Views: ytCount(v.Statistics.ViewCount), Likes: ytCount(v.Statistics.LikeCount), Comments: ytCount(v.Statistics.CommentCount)})
		}
	}
	return out, nil
}

// ytCount reads a statistics count (a string; absent when hidden or disabled).
func ytCount(s *string) *int64 {
	if s == nil {
		return nil
	}
	n, err := strconv.ParseInt(*s, 10, 64)
	if err != nil {
		return nil
	}
	return &n
}

// ---- TikTok: POST /v2/video/list/ with the post fields, cursor pages
// newest first. TikTok reports no reach: it stays nil.

// ttPostFields are the video fields a post listing reads.
const ttPostFields = "id,title,video_description,create_time,share_url,view_count,like_count,comment_count,share_count"

// PostCalls plans the video pages of the span (20 videos a page, about one a day).
func (c *tiktok) PostCalls(from, to time.Time) int { return 1 + postDays(from, to)/20 }

func (c *tiktok) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	var out []Post
	var cursor int64
	for page := 0; page < ttVideoPages; page++ {
		body := map[string]any{"max_count": 20}
		if cursor > 0 {
			body["cursor"] = cursor
		}
		var list struct {
			Videos []struct {
				ID               string `json:"id"`
				Title            string `json:"title"`
				VideoDescription string `json:"video_description"`
				CreateTime       int64  `json:"create_time"`
				ShareURL         string `json:"share_url"`
				ViewCount        *int64 `json:"view_count"`
				LikeCount        *int64 `json:"like_count"`
				CommentCount     *int64 `json:"comment_count"`
				ShareCount       *int64 `json:"share_count"`
			} `json:"videos"`
			Cursor  int64 `json:"cursor"`
			HasMore bool  `json:"has_more"`
		}
		if err := c.call(ctx, tok, "video/list", http.MethodPost, "/v2/video/list/?fields="+ttPostFields, body, &list); err != nil {
			return nil, err
		}
		done()
		older := false
		for _, v := range list.Videos {
			t := time.Unix(v.CreateTime, 0).UTC()
			if t.Before(q.From) {
				older = true
				continue
			}
			text := strings.TrimSpace(v.Title + "\n" + v.VideoDescription)
			if v.ID == "" || !q.keep(text, t) {
				continue
			}
			out = append(out, Post{ExternalID: v.ID, URL: v.ShareURL, Text: text, PublishedAt: t,
				Views: v.ViewCount, Likes: v.LikeCount, Comments: v.CommentCount, Shares: v.ShareCount})
		}
		if !list.HasMore || older || list.Cursor == 0 {
			break
		}
		cursor = list.Cursor
	}
	return out, nil
}

// ---- LinkedIn: the Posts API's author finder (GET /rest/posts?q=author,
// newest first) and, for the posts kept, memberCreatorPostAnalytics'
// entity finder with aggregation TOTAL for IMPRESSION (our views, as
// Instagram's views count every display), MEMBERS_REACHED (reach),
// REACTION (likes), COMMENT and RESHARE (shares).

// liPostPages bounds the post pages read per sync (50 posts a page).
const liPostPages = 10

// liPostMetrics maps the analytics query types to a post's figures.
var liPostMetrics = []string{"IMPRESSION", "MEMBERS_REACHED", "REACTION", "COMMENT", "RESHARE"}

// PostCalls plans one page of posts and five analytics calls per kept post.
func (c *linkedin) PostCalls(from, to time.Time) int {
	return 1 + postDays(from, to)/100 + len(liPostMetrics)*postPlanKept
}

func (c *linkedin) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	if q.Account == "" {
		return nil, &AnswerError{Platform: LinkedIn, Call: "posts", Detail: "no member id"}
	}
	author := url.QueryEscape("urn:li:person:" + q.Account)
	var out []Post
	for page := 0; page < liPostPages; page++ {
		var list struct {
			Elements []struct {
				ID             string `json:"id"`
				Commentary     string `json:"commentary"`
				PublishedAt    int64  `json:"publishedAt"`
				LifecycleState string `json:"lifecycleState"`
			} `json:"elements"`
			Paging struct {
				Start int `json:"start"`
				Count int `json:"count"`
			} `json:"paging"`
		}
		path := fmt.Sprintf("/rest/posts?author=%s&q=author&count=50&start=%d&sortBy=CREATED", author, page*50)
		if err := c.call(ctx, tok, "posts", path, &list); err != nil {
			return nil, err
		}
		done()
		older := false
		for _, e := range list.Elements {
			t := time.UnixMilli(e.PublishedAt).UTC()
			if e.PublishedAt == 0 || e.ID == "" || e.LifecycleState != "" && e.LifecycleState != "PUBLISHED" {
				continue
			}
			if t.Before(q.From) {
				older = true
				continue
			}
			if !q.keep(e.Commentary, t) {
				continue
			}
			p := Post{ExternalID: e.ID, URL: "https://www.linkedin.com/feed/update/" + e.ID + "/", Text: e.Commentary, PublishedAt: t}
			if err := c.postFigures(ctx, tok, &p, done); err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		if older || len(list.Elements) < 50 {
			break
		}
	}
	return out, nil
}

// postFigures reads a post's lifetime totals, one analytics call per metric.
func (c *linkedin) postFigures(ctx context.Context, tok Token, p *Post, done func()) error {
	kind := "share"
	if strings.HasPrefix(p.ExternalID, "urn:li:ugcPost:") {
		kind = "ugcPost"
	}
	entity := "(" + kind + ":" + url.QueryEscape(p.ExternalID) + ")"
	for _, typ := range liPostMetrics {
		var els liElements
		path := "/rest/memberCreatorPostAnalytics?q=entity&entity=" + entity + "&queryType=" + typ + "&aggregation=TOTAL"
		if err := c.call(ctx, tok, "memberCreatorPostAnalytics", path, &els); err != nil {
			return err
		}
		done()
		if len(els.Elements) == 0 {
			continue // not reported for this post
		}
		v := i64(els.Elements[0].Count)
		switch typ {
		case "IMPRESSION":
			p.Views = v
		case "MEMBERS_REACHED":
			p.Reach = v
		case "REACTION":
			p.Likes = v
		case "COMMENT":
			p.Comments = v
		case "RESHARE":
			p.Shares = v
		}
	}
	return nil
}
