package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// MsgListingQuestion is the question a creator answers at their first
// connect (and the settings switch's label).
const MsgListingQuestion = "List me in the creator network so brands can find me and send offers"

// Listing messages.
const (
	MsgListingLocation = "Location must be at most 100 characters"
	MsgListingAnswer   = "Say whether to list you: true or false"
)

// CreatorListing is a creator account's answer to MsgListingQuestion and
// the network entry it made: Answered is false until they answer; Listed
// tells whether brands find them; CreatorID is their entry, when any.
type CreatorListing struct {
	Answered   bool       `json:"answered"`
	Listed     bool       `json:"listed"`
	AnsweredAt *time.Time `json:"answeredAt"`
	CreatorID  *string    `json:"creatorId"`
	Question   string     `json:"question"`
}

// ListingInput answers the question: Listed (required), and optionally the
// location brands see.
type ListingInput struct {
	Listed   *bool   `json:"listed"`
	Location *string `json:"location"`
}

// GetCreatorListing returns actor's answer and entry. EFORBIDDEN for
// anyone but a creator (USER).
func (s *DB) GetCreatorListing(ctx context.Context, actor *User) (*CreatorListing, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only creators are listed in the creator network")
	}
	return getListing(ctx, s.db, actor.ID)
}

func getListing(ctx context.Context, q sqlx.QueryerContext, userID string) (*CreatorListing, error) {
	var row struct {
		Listed     sql.NullBool   `db:"listed"`
		AnsweredAt sql.NullTime   `db:"answered_at"`
		CreatorID  sql.NullString `db:"creator_id"`
		EntryListe sql.NullBool   `db:"entry_listed"`
	}
	err := sqlx.GetContext(ctx, q, &row, `SELECT l.listed, l.answered_at, c.id AS creator_id, c.listed AS entry_listed
		FROM (SELECT $1::uuid AS user_id) u LEFT JOIN creator_listings l ON l.user_id = u.user_id
		LEFT JOIN creators c ON c.user_id = u.user_id`, userID)
	if err != nil {
		return nil, fmt.Errorf("read listing: %w", err)
	}
	out := &CreatorListing{Question: MsgListingQuestion, Answered: row.AnsweredAt.Valid}
	if row.AnsweredAt.Valid {
		t := row.AnsweredAt.Time
		out.AnsweredAt = &t
	}
	if row.CreatorID.Valid {
		out.CreatorID = &row.CreatorID.String
	}
	out.Listed = row.CreatorID.Valid && row.EntryListe.Bool && (!row.AnsweredAt.Valid || row.Listed.Bool)
	return out, nil
}

// SetCreatorListing records actor's answer. Yes lists them: their network
// entry (the one linked to their account, else an imported entry whose
// e-mail or a proven handle matches theirs, else a new one) is built from
// their profile and connected accounts, Verified and measured, and listed;
// an imported entry matching them besides their own is merged into it. No
// unlists their entry at once (offers already sent stay). EFORBIDDEN for
// anyone but a creator; EINVALID for a missing answer or a long location.
func (s *DB) SetCreatorListing(ctx context.Context, actor *User, in ListingInput) (*CreatorListing, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only creators are listed in the creator network")
	}
	fe := FieldErrors{}
	if in.Listed == nil {
		fe.add("listed", MsgListingAnswer)
	}
	loc := ""
	if in.Location != nil {
		loc = strings.TrimSpace(*in.Location)
		if len([]rune(loc)) > 100 {
			fe.add("location", MsgListingLocation)
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	var out *CreatorListing
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		now := s.now()
		if _, err := tx.ExecContext(ctx, `INSERT INTO creator_listings (user_id, listed, answered_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET listed = excluded.listed, answered_at = excluded.answered_at`,
			actor.ID, *in.Listed, now); err != nil {
			return fmt.Errorf("record listing: %w", err)
		}
		if !*in.Listed {
			if _, err := tx.ExecContext(ctx, `UPDATE creators SET listed = false, updated_at = $2 WHERE user_id = $1`, actor.ID, now); err != nil {
				return fmt.Errorf("unlist creator: %w", err)
			}
		} else {
			id, err := s.joinNetwork(ctx, tx, actor.ID)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE creators SET listed = true, updated_at = $2,
				location = CASE WHEN $3 <> '' THEN $3 ELSE location END,
				country = CASE WHEN $3 <> '' THEN $4 ELSE country END WHERE id = $1`, id, now, loc, CountryOf(loc)); err != nil {
				return fmt.Errorf("list creator: %w", err)
			}
		}
		var err error
		out, err = getListing(ctx, tx, actor.ID)
		return err
	})
	return out, err
}

// joinNetwork returns the id of userID's network entry, making it when
// needed: an imported entry matching the account (ImportedMatches) is
// linked to it, or merged into the entry it has already; with none, a new
// entry is made from the profile. Either way the entry is then filled from
// the connected accounts (refreshEntry).
func (s *DB) joinNetwork(ctx context.Context, tx *sqlx.Tx, userID string) (string, error) {
	var u struct {
		Name  string `db:"name"`
		Email string `db:"email"`
		Niche string `db:"niche"`
	}
	if err := tx.GetContext(ctx, &u, `SELECT u.name, u.email, coalesce(n.name, '') AS niche FROM users u
		LEFT JOIN niches n ON n.id = u.niche_id WHERE u.id = $1 AND u.deleted_at IS NULL`, userID); err != nil {
		return "", translate(err, "User")
	}
	var own string
	err := tx.GetContext(ctx, &own, `SELECT id FROM creators WHERE user_id = $1 FOR UPDATE`, userID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("find own entry: %w", err)
	}
	matches, err := importedMatches(ctx, tx, userID, u.Email)
	if err != nil {
		return "", err
	}
	for _, m := range matches {
		if own == "" {
			if _, err := tx.ExecContext(ctx, `UPDATE creators SET user_id = $2, updated_at = now() WHERE id = $1 AND user_id IS NULL`, m, userID); err != nil {
				return "", fmt.Errorf("link entry: %w", err)
			}
			own = m
			continue
		}
		if err := mergeCreators(ctx, tx, own, m); err != nil {
			return "", err
		}
	}
	if own == "" {
		err := tx.GetContext(ctx, &own, `INSERT INTO creators (identity, user_id, name, email, niche)
			VALUES ('user:' || $1::text, $1, $2, $3, $4) RETURNING id`, userID, u.Name, NormalizeEmail(u.Email), u.Niche)
		if err != nil {
			return "", fmt.Errorf("make entry: %w", err)
		}
	}
	return own, refreshEntry(ctx, tx, own, userID)
}

// importedMatches are the unlinked network entries that are the account
// userID: the same e-mail, or a handle its connected accounts prove (the
// same handle on the same platform, case and a leading '@' aside). The
// e-mail match comes first.
func importedMatches(ctx context.Context, q sqlx.QueryerContext, userID, email string) ([]string, error) {
	var conds []string
	for _, p := range Platforms {
		conds = append(conds, `EXISTS (SELECT 1 FROM social_accounts sa WHERE sa.user_id = $1 AND sa.status <> 'disconnected'
			AND sa.platform = '`+p+`' AND sa.username <> '' AND lower(ltrim(sa.username, '@')) = lower(ltrim(c.`+HandleColumn(p)+`, '@')))`)
	}
	var ids []string
	err := sqlx.SelectContext(ctx, q, &ids, `SELECT c.id FROM creators c WHERE c.user_id IS NULL
		AND (c.email = $2 OR `+strings.Join(conds, " OR ")+`) ORDER BY c.email = $2 DESC NULLS LAST, c.created_at, c.id FOR UPDATE`,
		userID, NormalizeEmail(email))
	if err != nil {
		return nil, fmt.Errorf("match entries: %w", err)
	}
	return ids, nil
}

// refreshEntry fills entry id from the accounts userID has connected: each
// platform's handle and last measured following, the engagement rate (likes
// of the last 30 days per day per follower, as the sync computes it), the
// measured audience split and the verified platforms. The sync keeps them
// current afterwards.
func refreshEntry(ctx context.Context, tx *sqlx.Tx, id, userID string) error {
	var sets []string
	for _, p := range Platforms {
		sets = append(sets, fmt.Sprintf(`%[1]s = coalesce((SELECT handle FROM accts WHERE platform = '%[3]s'), c.%[1]s),
		%[2]s = coalesce((SELECT followers FROM accts WHERE platform = '%[3]s'), c.%[2]s)`, HandleColumn(p), FollowersColumn(p), p))
	}
	for _, g := range []string{"male", "female", "other"} {
		// Blended over the accounts weighted by followers, as the profile and
		// the creator's own dashboard blend it (engagementQuery): one figure.
		sets = append(sets, fmt.Sprintf(`audience_%[1]s = coalesce((SELECT round(sum(sd.share * greatest(coalesce(accts.followers, 0), 1))
			/ nullif((SELECT sum(s2.share * greatest(coalesce(a2.followers, 0), 1)) FROM social_demographics s2 JOIN accts a2 ON a2.id = s2.account_id
				WHERE s2.dimension = 'gender'), 0) * 100, 2)
			FROM social_demographics sd JOIN accts ON accts.id = sd.account_id WHERE sd.dimension = 'gender' AND sd.bucket = '%[1]s'), c.audience_%[1]s)`, g))
	}
	_, err := tx.ExecContext(ctx, `WITH accts AS (
		SELECT sa.id, sa.platform, nullif(ltrim(sa.username, '@'), '') AS handle,
			(SELECT d.followers FROM social_daily d WHERE d.account_id = sa.id ORDER BY d.day DESC LIMIT 1) AS followers,
			(SELECT sum(d.likes) FROM social_daily d WHERE d.account_id = sa.id AND d.day > current_date - 30) AS likes
		FROM social_accounts sa WHERE sa.user_id = $2 AND sa.status <> 'disconnected')
	UPDATE creators c SET `+strings.Join(sets, ",\n\t\t")+`,
		engagement_rate = coalesce(least(round((SELECT sum(likes) FROM accts)::numeric / 30
			/ nullif((SELECT sum(followers) FROM accts), 0) * 100, 2), 9999), c.engagement_rate),
		verified_platforms = (SELECT coalesce(array_agg(DISTINCT p ORDER BY p), '{}') FROM unnest(c.verified_platforms
			|| ARRAY(SELECT platform FROM accts WHERE followers IS NOT NULL)) p),
		updated_at = now()
	WHERE c.id = $1`, id, userID)
	if err != nil {
		return fmt.Errorf("refresh entry: %w", err)
	}
	return nil
}

// creatorReachJSON are the JSON fields of a network entry c saying whether
// the creator is on Creator Coach (linked to an account), can be contacted
// (on Creator Coach, or an e-mail not on the suppression list) and is
// listed for brands.
const creatorReachJSON = `'onCreatorCoach', c.user_id IS NOT NULL,
	'contactable', (c.user_id IS NOT NULL OR (c.email IS NOT NULL AND c.email <> ''
		AND NOT EXISTS (SELECT 1 FROM outreach_suppressions os WHERE os.email = c.email))),
	'listed', c.listed`

// listingConds are the conditions of f's Listed and OnCreatorCoach.
func (f *CreatorFilter) listingConds() []string {
	var conds []string
	if f.Listed {
		conds = append(conds, "listed")
	}
	if f.OnCreatorCoach != nil {
		if *f.OnCreatorCoach {
			conds = append(conds, "user_id IS NOT NULL")
		} else {
			conds = append(conds, "user_id IS NULL")
		}
	}
	return conds
}

// onCreatorCoachCond is the prefilter's extra condition when a roster is
// generated from creators on Creator Coach only.
func onCreatorCoachCond(only bool) string {
	if only {
		return ` AND user_id IS NOT NULL`
	}
	return ""
}

// rosterReachCounts count a roster's entries e whose creator is on Creator
// Coach and those not yet.
const rosterReachCounts = `count(*) FILTER (WHERE EXISTS (SELECT 1 FROM creators c WHERE c.id = e.creator_id AND c.user_id IS NOT NULL)) AS on_creator_coach,
	count(*) FILTER (WHERE EXISTS (SELECT 1 FROM creators c WHERE c.id = e.creator_id AND c.user_id IS NULL)) AS not_yet`
