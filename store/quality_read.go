package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
)

// Audience-quality messages (the product's wording).
const (
	MsgQualityUnconnected = "connect accounts for a verified reading"
	MsgQualityNoteLong    = "A note is at most 280 characters"
	MsgQualityNotSpike    = "Choose a day the reading shows as a follower spike"
	MsgQualityReviewLong  = "A message is at most 1000 characters"
	MaxQualityNote        = 280
	maxQualityReview      = 1000
)

// QualityAnnotation is a creator's note on one spike day (YYYY-MM-DD).
type QualityAnnotation struct {
	Day  string `json:"day"`
	Note string `json:"note"`
}

// QualityAccount is the reading of one connected account: the figure and
// its components, spikes, window and date (Reading, as jobs/quality computes
// it), or Reason when there is none. No account id or handle is shown.
type QualityAccount struct {
	Platform string          `json:"platform"`
	Score    *int            `json:"score"`
	Reason   string          `json:"reason"`
	Reading  json.RawMessage `json:"reading"`
	// Annotations ([]QualityAnnotation) is the JSON the database built,
	// written as is: decoding and encoding it again cost the call more than
	// its statements.
	Annotations json.RawMessage `json:"annotations"`
	ComputedAt  *time.Time      `json:"computedAt"`
	// Days ([]QualitySeriesDay) is the follower series the reading was read
	// from (its last 90 days): the chart its spikes are marked on, as the
	// database built it (written as is).
	Days json.RawMessage `json:"days"`
}

// QualitySeriesDay is one day of the follower chart: followers and the
// day's reach (views where reach is not reported; nil when neither is).
type QualitySeriesDay struct {
	Day       string `json:"day"`
	Followers int64  `json:"followers"`
	Activity  *int64 `json:"activity"`
}

// CreatorQuality is a creator's audience-quality reading: Score is the mean
// of its accounts' figures weighted by their followers (nil when no account
// has a reading, with Reason), and each account's reading.
type CreatorQuality struct {
	Score    *int             `json:"score"`
	Basis    string           `json:"basis"`
	Reason   string           `json:"reason"`
	Accounts []QualityAccount `json:"accounts"`
}

// creatorQualityRow is one account's stored reading.
type creatorQualityRow struct {
	AccountID  string         `db:"account_id"`
	Platform   string         `db:"platform"`
	Score      sql.NullInt64  `db:"score"`
	Reading    []byte         `db:"reading"`
	Reason     sql.NullString `db:"reason"`
	ComputedAt sql.NullTime   `db:"computed_at"`
	Followers  int64          `db:"followers"`
	Notes      []byte         `db:"notes"` // JSON: [{day, note}]
	Days       []byte         `db:"days"`  // JSON: [{day, followers, activity}]
}

// The statements of a creator's reading (GetCreatorQuality), shared with the
// benchmark's bare handler: the network entry ($1 its id), then its
// connected accounts ($1 the user id), each with its reading, its notes and
// its last 90 stored days (the follower series: followers and reach, or
// views where reach is not reported), in one round trip.
const (
	QualityCreatorSQL  = `SELECT user_id, listed FROM creators WHERE id = $1`
	QualityAccountsSQL = `SELECT a.id AS account_id, a.platform, q.score, q.reading, q.reason, q.computed_at,
		COALESCE((SELECT d.followers FROM social_daily d WHERE d.account_id = a.id ORDER BY d.day DESC LIMIT 1), 0) AS followers,
		COALESCE((SELECT json_agg(json_build_object('day', n.day, 'note', n.note) ORDER BY n.day)
			FROM quality_annotations n WHERE n.account_id = a.id), '[]') AS notes,
		COALESCE((SELECT json_agg(json_build_object('day', d.day, 'followers', d.followers, 'activity', coalesce(d.reach, d.views)) ORDER BY d.day)
			FROM social_daily d WHERE d.account_id = a.id
			AND d.day > (SELECT max(m.day) FROM social_daily m WHERE m.account_id = a.id) - 90), '[]') AS days
		FROM social_accounts a LEFT JOIN audience_quality q ON q.account_id = a.id
		WHERE a.user_id = $1 AND a.status <> 'disconnected' ORDER BY a.platform`
)

// GetCreatorQuality returns the reading of network creator id. Brand roles
// read listed creators only (ENOTFOUND otherwise), ADMIN every creator;
// EFORBIDDEN for a creator (USER), who reads their own with MyQuality.
func (s *DB) GetCreatorQuality(ctx context.Context, viewer *User, id string) (*CreatorQuality, error) {
	if viewer.Role != RoleAdmin && !viewer.IsBrand() {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	notFound := Errorf(ENOTFOUND, "Creator not found")
	if !isUUID(id) {
		return nil, notFound
	}
	var c struct {
		UserID sql.NullString `db:"user_id"`
		Listed bool           `db:"listed"`
	}
	if err := s.getPrepared(ctx, &c, QualityCreatorSQL, id); err != nil {
		return nil, translate(err, "Creator")
	}
	if viewer.IsBrand() && !c.Listed {
		return nil, notFound
	}
	if !c.UserID.Valid {
		return &CreatorQuality{Reason: MsgQualityUnconnected, Basis: BasisUnavailable, Accounts: []QualityAccount{}}, nil
	}
	return s.userQuality(ctx, c.UserID.String)
}

// MyQuality returns what brands see of the creator actor's reading.
func (s *DB) MyQuality(ctx context.Context, actor *User) (*CreatorQuality, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only creators have an audience-quality reading")
	}
	return s.userQuality(ctx, actor.ID)
}

// userQuality reads the readings of userID's connected accounts and their notes.
func (s *DB) userQuality(ctx context.Context, userID string) (*CreatorQuality, error) {
	var rows []creatorQualityRow
	err := s.selectPrepared(ctx, &rows, QualityAccountsSQL, userID)
	if err != nil {
		return nil, fmt.Errorf("creator quality: %w", err)
	}
	out := &CreatorQuality{Accounts: []QualityAccount{}, Basis: BasisUnavailable}
	if len(rows) == 0 {
		out.Reason = MsgQualityUnconnected
		return out, nil
	}
	var sum, weight float64
	reason := ""
	for _, r := range rows {
		a := QualityAccount{Platform: r.Platform, Reason: r.Reason.String, Reading: json.RawMessage("null"),
			Annotations: jsonOr(r.Notes, "[]"), Days: jsonOr(r.Days, "[]")}
		if r.ComputedAt.Valid {
			t := r.ComputedAt.Time.UTC()
			a.ComputedAt = &t
		}
		switch {
		case r.Score.Valid && len(r.Reading) > 0:
			n := int(r.Score.Int64)
			a.Score, a.Reading = &n, r.Reading
			w := math.Max(float64(r.Followers), 1)
			sum += w * float64(n)
			weight += w
		case !r.ComputedAt.Valid:
			a.Reason = "not computed yet: it follows the next sync"
		}
		if a.Score == nil && reason == "" {
			reason = a.Reason
		}
		out.Accounts = append(out.Accounts, a)
	}
	if weight > 0 {
		n := int(math.Round(sum / weight))
		out.Score, out.Basis = &n, BasisDerived
	} else {
		out.Reason = reason
	}
	return out, nil
}

// jsonOr is b, JSON the database built, to be written as is, or def when
// it is empty.
func jsonOr(b []byte, def string) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage(def)
	}
	return json.RawMessage(b)
}

// AnnotationInput is a creator's note on a spike of one platform's reading;
// an empty note removes it.
type AnnotationInput struct {
	Platform string `json:"platform"`
	Day      string `json:"day"`
	Note     string `json:"note"`
}

// AnnotateSpike stores (or, for an empty note, removes) actor's note on the
// spike of in.Day in their in.Platform reading. Only the creator (USER);
// the day must be a spike of the stored reading; at most 280 characters.
func (s *DB) AnnotateSpike(ctx context.Context, actor *User, in AnnotationInput) (*CreatorQuality, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only the creator can annotate their reading")
	}
	f := FieldErrors{}
	in.Note = strings.TrimSpace(in.Note)
	if !IsPlatform(in.Platform) {
		f["platform"] = "Please choose " + PlatformNameList("or") + "."
	}
	day, err := time.Parse(time.DateOnly, in.Day)
	if err != nil {
		f["day"] = "Must be a date (YYYY-MM-DD)"
	}
	if utf8.RuneCountInString(in.Note) > MaxQualityNote {
		f["note"] = MsgQualityNoteLong
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	var row struct {
		AccountID string `db:"account_id"`
		Reading   []byte `db:"reading"`
	}
	err = s.db.GetContext(ctx, &row, `SELECT a.id AS account_id, q.reading FROM social_accounts a JOIN audience_quality q ON q.account_id = a.id
		WHERE a.user_id = $1 AND a.platform = $2 AND a.status <> 'disconnected' AND q.reading IS NOT NULL`, actor.ID, in.Platform)
	if err != nil {
		return nil, translate(err, "Reading")
	}
	if !readingHasSpike(row.Reading, day) {
		return nil, FieldErrors{"day": MsgQualityNotSpike}.Err()
	}
	if in.Note == "" {
		_, err = s.db.ExecContext(ctx, `DELETE FROM quality_annotations WHERE account_id = $1 AND day = $2`, row.AccountID, day)
	} else {
		_, err = s.db.ExecContext(ctx, `INSERT INTO quality_annotations (account_id, day, note, updated_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (account_id, day) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at`, row.AccountID, day, in.Note, s.now())
	}
	if err != nil {
		return nil, fmt.Errorf("annotate spike: %w", err)
	}
	return s.userQuality(ctx, actor.ID)
}

// readingHasSpike reports whether the stored reading lists a spike on day.
func readingHasSpike(reading []byte, day time.Time) bool {
	var r struct {
		Spikes []struct {
			Day time.Time `json:"day"`
		} `json:"spikes"`
	}
	if json.Unmarshal(reading, &r) != nil {
		return false
	}
	for _, s := range r.Spikes {
		if s.Day.UTC().Format(time.DateOnly) == day.Format(time.DateOnly) {
			return true
		}
	}
	return false
}

// CheckReviewMessage refuses a review message over 1000 characters.
func CheckReviewMessage(message string) error {
	if utf8.RuneCountInString(strings.TrimSpace(message)) > maxQualityReview {
		return FieldErrors{"message": MsgQualityReviewLong}.Err()
	}
	return nil
}

// QualityReview is a creator's request that an ADMIN review their reading.
type QualityReview struct {
	ID          string    `json:"id" db:"id"`
	Message     string    `json:"message" db:"message"`
	RequestedAt time.Time `json:"requestedAt" db:"requested_at"`
}

// RequestQualityReview records actor's request and, in the same
// transaction, the task that mails the ADMINs (task(id) builds it).
func (s *DB) RequestQualityReview(ctx context.Context, actor *User, message string, task func(id string) Task) (*QualityReview, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only creators can ask for a review of their reading")
	}
	message = strings.TrimSpace(message)
	if err := CheckReviewMessage(message); err != nil {
		return nil, err
	}
	var rv QualityReview
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.txGet(ctx, tx, &rv, `INSERT INTO quality_reviews (user_id, message, requested_at) VALUES ($1, $2, $3)
			RETURNING id, message, requested_at`, actor.ID, message, s.now()); err != nil {
			return fmt.Errorf("request review: %w", err)
		}
		return insertTask(tx, task(rv.ID))
	})
	if err != nil {
		return nil, err
	}
	return &rv, nil
}

// QualityReviewMail is what the review mail tells the ADMINs.
type QualityReviewMail struct {
	CreatorName string
	CreatorID   string // the network entry, when any
	Message     string
	Admins      []string // e-mail addresses
}

// GetQualityReviewMail returns the review id's mail, nil when the review is gone.
func (s *DB) GetQualityReviewMail(ctx context.Context, id string) (*QualityReviewMail, error) {
	var row struct {
		Name      string         `db:"name"`
		CreatorID sql.NullString `db:"creator_id"`
		Message   string         `db:"message"`
	}
	err := s.db.GetContext(ctx, &row, `SELECT COALESCE(c.name, u.name) AS name, c.id AS creator_id, r.message FROM quality_reviews r JOIN users u ON u.id = r.user_id
		LEFT JOIN creators c ON c.user_id = u.id WHERE r.id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("review mail: %w", err)
	}
	m := &QualityReviewMail{CreatorName: row.Name, CreatorID: row.CreatorID.String, Message: row.Message}
	if err := s.db.SelectContext(ctx, &m.Admins, `SELECT email FROM users WHERE role = 'ADMIN' AND deleted_at IS NULL ORDER BY email`); err != nil {
		return nil, fmt.Errorf("review mail admins: %w", err)
	}
	return m, nil
}

// JSON is the reading as the api answers it, built by hand: the stored
// readings, notes and follower series are the JSON the database built and
// are written as is (json.Marshal would check and compact each again).
func (q *CreatorQuality) JSON() []byte {
	str := func(b []byte, s string) []byte {
		m, _ := json.Marshal(s)
		return append(b, m...)
	}
	num := func(b []byte, n *int) []byte {
		if n == nil {
			return append(b, "null"...)
		}
		return strconv.AppendInt(b, int64(*n), 10)
	}
	size := 128
	for _, a := range q.Accounts {
		size += 192 + len(a.Reading) + len(a.Annotations) + len(a.Days)
	}
	b := make([]byte, 0, size)
	b = num(append(b, `{"score":`...), q.Score)
	b = str(append(b, `,"basis":`...), q.Basis)
	b = str(append(b, `,"reason":`...), q.Reason)
	b = append(b, `,"accounts":[`...)
	for i, a := range q.Accounts {
		if i > 0 {
			b = append(b, ',')
		}
		b = str(append(b, `{"platform":`...), a.Platform)
		b = num(append(b, `,"score":`...), a.Score)
		b = str(append(b, `,"reason":`...), a.Reason)
		b = append(append(b, `,"reading":`...), jsonOr(a.Reading, "null")...)
		b = append(append(b, `,"annotations":`...), jsonOr(a.Annotations, "[]")...)
		b = append(b, `,"computedAt":`...)
		if a.ComputedAt == nil {
			b = append(b, "null"...)
		} else {
			m, _ := json.Marshal(a.ComputedAt)
			b = append(b, m...)
		}
		b = append(append(append(b, `,"days":`...), jsonOr(a.Days, "[]")...), '}')
	}
	return append(b, "]}"...)
}
