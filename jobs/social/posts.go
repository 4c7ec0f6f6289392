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

// Capture is what the posts part of FetchPosts found: the posts q kept, or
// Err, why the capture failed while the analytics did not.
type Capture struct {
	Posts []Post
	Err   error
}

// earlier is the earlier of a and b.
func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// postDays is the number of days a query spans (at least 1), for the plans of PostCalls.
func postDays(from, to time.Time) int { return max(1, int(to.Sub(from).Hours()/24)+1) }

// postPlanKept is how many kept posts PostCalls plans figures for: a
// campaign asks for a few posts per creator.
const postPlanKept = 3

func i64(v int64) *int64 { return &v }

// ---- Instagram: GET /me/media (the account's media, newest first) and,
// for the posts kept, GET /{media-id}/insights?metric=views,reach,shares
// (views, reach and shares are media insights only: the media fields carry
// like_count and comments_count, not these). In a sync that captures, the
// analytics' media listing (Fetch reads it for the likes) is the capture's
// listing too: it asks the post fields and reaches back to q.From.

// igPostFields are the media fields a post listing reads.
const igPostFields = "id,caption,permalink,timestamp,media_type,like_count,comments_count"

// PostCalls plans the media pages of the span (igPageDays a page) and one
// insights call per kept post.
func (c *instagram) PostCalls(from, to time.Time) int {
	return 1 + postDays(from, to)/igPageDays + postPlanKept
}

// FetchPostCalls plans the media pages the longer reach back adds to
// Fetch's and one insights call per kept post.
func (c *instagram) FetchPostCalls(since, from, _ time.Time) int {
	pages := func(n int) int { return (n + igPageDays - 1) / igPageDays }
	n := len(window(since, c.now()))
	return max(0, pages(len(window(earlier(since, from), c.now())))-pages(n)) + postPlanKept
}

// Posts pages through the media back to q.From and reads the insights of
// the media kept.
func (c *instagram) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	_, kept, err := c.listMedia(ctx, tok, q.From, &q, done)
	if err != nil {
		return nil, err
	}
	return kept, c.postInsights(ctx, tok, kept, done)
}

// FetchPosts is Fetch whose media listing also serves q (fetch).
func (c *instagram) FetchPosts(ctx context.Context, tok Token, since time.Time, q PostQuery, done func()) (Snapshot, Capture, error) {
	return c.fetch(ctx, tok, since, &q, done)
}

// postInsights reads the insights of the kept posts, one call each: views,
// reach and shares (nil when the platform has no figure for the media: an
// empty answer, a metric the media type lacks, or too few viewers).
func (c *instagram) postInsights(ctx context.Context, tok Token, posts []Post, done func()) error {
	for i := range posts {
		if err := c.mediaInsights(ctx, tok, &posts[i]); err != nil {
			return err
		}
		done()
	}
	return nil
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

// ---- YouTube: the uploads playlist (its id from channels?part=contentDetails,
// which in a sync that captures is the analytics' own channels call) →
// playlistItems (newest first), then videos?part=snippet,statistics for the
// videos kept. YouTube reports no shares nor reach: they stay nil.

// ytPlaylistPages bounds the uploads pages read per sync.
const ytPlaylistPages = 20

// ytPageSize is the playlist page size for posts back to from: about two
// videos a day of the span, 10 to 50 (the platform's maximum).
func (c *youtube) ytPageSize(from time.Time) int {
	return min(50, max(10, 2*len(window(from, c.now()))))
}

// PostCalls plans the channel, the uploads pages and one videos call per
// 50 kept videos.
func (c *youtube) PostCalls(from, to time.Time) int { return 1 + c.FetchPostCalls(from, from, to) }

// FetchPostCalls plans the uploads pages and the videos call: Fetch's
// channels call already names the uploads playlist.
func (c *youtube) FetchPostCalls(_, from, to time.Time) int { return 1 + postDays(from, to)/50 + 1 }

func (c *youtube) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	var ch struct {
		Items []struct {
			ContentDetails ytContentDetails `json:"contentDetails"`
		} `json:"items"`
	}
	if err := c.call(ctx, tok, "channels.list", c.ep.APIBase+"/channels", url.Values{"part": {"contentDetails"}, "mine": {"true"}}, &ch); err != nil {
		return nil, err
	}
	done()
	if len(ch.Items) == 0 {
		return nil, &AnswerError{Platform: YouTube, Call: "channels.list", Detail: "no uploads playlist"}
	}
	return c.uploads(ctx, tok, ch.Items[0].ContentDetails.RelatedPlaylists.Uploads, q, done)
}

// FetchPosts is Fetch whose channels call also names the uploads playlist (fetch).
func (c *youtube) FetchPosts(ctx context.Context, tok Token, since time.Time, q PostQuery, done func()) (Snapshot, Capture, error) {
	return c.fetch(ctx, tok, since, &q, done)
}

// ytContentDetails is a channel's contentDetails part.
type ytContentDetails struct {
	RelatedPlaylists struct {
		Uploads string `json:"uploads"`
	} `json:"relatedPlaylists"`
}

// uploads reads the uploads playlist back to q.From, then the figures of
// the videos q keeps.
func (c *youtube) uploads(ctx context.Context, tok Token, playlist string, q PostQuery, done func()) ([]Post, error) {
	if playlist == "" {
		return nil, &AnswerError{Platform: YouTube, Call: "channels.list", Detail: "no uploads playlist"}
	}
	params := url.Values{"part": {"snippet,contentDetails"}, "playlistId": {playlist}, "maxResults": {strconv.Itoa(c.ytPageSize(q.From))}}
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
// newest first; the figures come with the listing. In a sync that
// captures, the analytics' video listing (Fetch reads it for the daily
// views and likes) is the capture's listing too. TikTok reports no reach:
// it stays nil.

// ttPostFields are the video fields a post listing reads.
const ttPostFields = "id,title,video_description,create_time,share_url,view_count,like_count,comment_count,share_count"

// PostCalls plans the video pages of the span (20 videos a page, about one a day).
func (c *tiktok) PostCalls(from, to time.Time) int { return 1 + postDays(from, to)/20 }

// FetchPostCalls plans the video pages the longer reach back adds to Fetch's.
func (c *tiktok) FetchPostCalls(since, from, _ time.Time) int {
	n := len(window(since, c.now()))
	return max(0, len(window(earlier(since, from), c.now()))/20-n/20)
}

func (c *tiktok) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	_, _, kept, err := c.listVideos(ctx, tok, q.From, &q, done)
	return kept, err
}

// FetchPosts is Fetch whose video listing also serves q (fetch).
func (c *tiktok) FetchPosts(ctx context.Context, tok Token, since time.Time, q PostQuery, done func()) (Snapshot, Capture, error) {
	return c.fetch(ctx, tok, since, &q, done)
}

// ---- LinkedIn: the Posts API's author finder (GET /rest/posts?q=author,
// newest first) and, for the posts kept, memberCreatorPostAnalytics'
// entity finder with aggregation TOTAL for IMPRESSION (our views, as
// Instagram's views count every display), MEMBERS_REACHED (reach),
// REACTION (likes), COMMENT and RESHARE (shares).

// liPostPages bounds the post pages read per sync.
const liPostPages = 10

// liPostMetrics maps the analytics query types to a post's figures.
var liPostMetrics = []string{"IMPRESSION", "MEMBERS_REACHED", "REACTION", "COMMENT", "RESHARE"}

// PostCalls plans one page of posts and five analytics calls per kept post.
func (c *linkedin) PostCalls(from, to time.Time) int {
	return 1 + postDays(from, to)/100 + len(liPostMetrics)*postPlanKept
}

// FetchPostCalls is PostCalls: the analytics read no post.
func (c *linkedin) FetchPostCalls(_, from, to time.Time) int { return c.PostCalls(from, to) }

// FetchPosts is Fetch, then Posts of the member it read. Posts are only
// listed by author: nothing is shared.
func (c *linkedin) FetchPosts(ctx context.Context, tok Token, since time.Time, q PostQuery, done func()) (Snapshot, Capture, error) {
	snap, err := c.Fetch(ctx, tok, since, done)
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	q.Account = snap.ExternalID
	posts, err := c.Posts(ctx, tok, q, done)
	return snap, Capture{Posts: posts, Err: err}, nil
}

// liPageSize is the posts page size for posts back to from: about two
// posts a day of the span, 10 to 100 (the platform's maximum).
func (c *linkedin) liPageSize(from time.Time) int {
	return min(100, max(10, 2*len(window(from, c.now()))))
}

func (c *linkedin) Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error) {
	if q.Account == "" {
		return nil, &AnswerError{Platform: LinkedIn, Call: "posts", Detail: "no member id"}
	}
	author := url.QueryEscape("urn:li:person:" + q.Account)
	count := c.liPageSize(q.From)
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
		path := fmt.Sprintf("/rest/posts?author=%s&q=author&count=%d&start=%d&sortBy=CREATED", author, count, page*count)
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
		if older || len(list.Elements) < count {
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
