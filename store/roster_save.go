package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Roster generation steps, reported through the step callback of
// GenerateRoster: candidates found, scored, fitted to the budget, saved.
const (
	RosterStepPrefiltered = 1
	RosterStepScored      = 2
	RosterStepFitted      = 3
	RosterSteps           = 4
)

// GenerateRoster makes campaignID's roster in one transaction (the campaign
// row locked, so offer changes wait for it): it prefilters creators in SQL,
// scores them, fits the best set into the budget and replaces the entries
// whose offer is still a draft. Entries past draft are kept; the fees of
// live ones (sent, countered, accepted, completed) count against the budget
// and their number against size. jobID (may be empty) is recorded as the
// roster's job. step, when not nil, is called after each step. ENOTFOUND
// when the campaign is gone; ECONFLICT when it is completed.
func (s *DB) GenerateRoster(ctx context.Context, campaignID string, size int, nicheIDs []string, jobID string, step func(int)) (*GeneratedRoster, error) {
	return s.GenerateRosterFrom(ctx, campaignID, size, nicheIDs, false, jobID, step)
}

// GenerateRosterFrom is GenerateRoster, from creators on Creator Coach only
// when onCreatorCoach.
func (s *DB) GenerateRosterFrom(ctx context.Context, campaignID string, size int, nicheIDs []string, onCreatorCoach bool, jobID string, step func(int)) (*GeneratedRoster, error) {
	return s.GenerateRosterWith(ctx, campaignID, size, nicheIDs, RosterOptions{OnCreatorCoach: onCreatorCoach}, jobID, step)
}

// GenerateRosterWith is GenerateRoster from the creators opts keep; with a
// minimum audience-quality reading each pick's explanation states its reading.
func (s *DB) GenerateRosterWith(ctx context.Context, campaignID string, size int, nicheIDs []string, opts RosterOptions, jobID string, step func(int)) (*GeneratedRoster, error) {
	if step == nil {
		step = func(int) {}
	}
	var res *GeneratedRoster
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		b, err := getBrief(tx, campaignID, true)
		if err != nil {
			return err
		}
		if b.Status == CampaignCompleted {
			return Errorf(ECONFLICT, MsgRosterCompleted)
		}
		var kept struct {
			Fees  float64 `db:"fees"`
			Count int     `db:"count"`
		}
		if err := tx.GetContext(ctx, &kept, `SELECT coalesce(sum(estimated_fee), 0)::float8 AS fees, count(*) AS count
			FROM roster_entries WHERE campaign_id = $1 AND offer_status = ANY($2)`, campaignID, pq.Array(liveOffers)); err != nil {
			return fmt.Errorf("kept entries: %w", err)
		}
		niches, err := nicheNames(tx, nicheIDs)
		if err != nil {
			return fmt.Errorf("niche names: %w", err)
		}
		brief := RosterBrief{Niches: niches, Gender: briefGender(b.Gender), AgeFrom: b.AgeFrom, AgeTo: b.AgeTo,
			Location: b.Location, Budget: max(0, b.Budget-kept.Fees), Size: max(0, size-kept.Count)}
		pf := NewPrefilter(campaignID, brief)
		pf.OnCreatorCoach, pf.MinQuality, pf.QualityRequired = opts.OnCreatorCoach, opts.MinQuality, opts.QualityRequired
		pf.MinFollowers = b.MinFollowers
		cands, err := prefilter(ctx, tx, pf)
		if err != nil {
			return err
		}
		step(RosterStepPrefiltered)
		picks := ScoreCandidates(brief, cands)
		for i := range picks {
			if r := qualityReason(picks[i].Candidate, opts); r != "" {
				picks[i].Reasons = append(picks[i].Reasons, r)
			}
		}
		step(RosterStepScored)
		chosen := FitBudget(picks, brief.Budget, brief.Size)
		step(RosterStepFitted)
		if err := saveRoster(ctx, tx, campaignID, jobID, chosen, s.now()); err != nil {
			return err
		}
		res = &GeneratedRoster{CampaignID: campaignID, Budget: b.Budget}
		if len(chosen) == 0 {
			if res.Requirement, res.Message, err = emptyRoster(ctx, tx, pf, brief, len(cands)); err != nil {
				return err
			}
		}
		return tx.GetContext(ctx, res, `SELECT count(*) AS entries, `+rosterReachCounts+`, coalesce(sum(estimated_fee) FILTER (WHERE offer_status = 'draft'
			OR offer_status = ANY($2)), 0)::float8 AS estimated_total FROM roster_entries e WHERE campaign_id = $1`,
			campaignID, pq.Array(liveOffers))
	})
	return res, err
}

func prefilter(ctx context.Context, tx *sqlx.Tx, p Prefilter) ([]Candidate, error) {
	q, args := p.SQL()
	rows, err := tx.QueryxContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("prefilter creators: %w", err)
	}
	defer rows.Close()
	var cands []Candidate
	for rows.Next() {
		var r candidateRow
		if err := rows.StructScan(&r); err != nil {
			return nil, fmt.Errorf("scan candidate: %w", err)
		}
		cands = append(cands, r.candidate())
	}
	return cands, rows.Err()
}

// saveRoster replaces the draft entries with chosen, ranks every entry
// (score, then followers, then creator id) and stamps the roster.
func saveRoster(ctx context.Context, tx *sqlx.Tx, campaignID, jobID string, chosen []Pick, now any) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM roster_entries WHERE campaign_id = $1 AND offer_status = 'draft'`, campaignID); err != nil {
		return fmt.Errorf("drop draft entries: %w", err)
	}
	ids, scores, parts, reasons, platforms, fees := []string{}, []float64{}, []string{}, []string{}, []string{}, []float64{}
	for _, p := range chosen {
		pj, rj, err := pickJSON(p)
		if err != nil {
			return err
		}
		ids, scores, parts = append(ids, p.Candidate.ID), append(scores, p.Score), append(parts, pj)
		reasons, platforms, fees = append(reasons, rj), append(platforms, p.Platform), append(fees, p.Fee)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, reasons, platform, estimated_fee, created_at)
		SELECT $1, c, 0, s, p::jsonb, r::jsonb, pl, f, $8 FROM unnest($2::uuid[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::float8[])
			AS t(c, s, p, r, pl, f)`, campaignID, pq.Array(ids), pq.Array(scores), pq.Array(parts), pq.Array(reasons),
		pq.Array(platforms), pq.Array(fees), now); err != nil {
		return fmt.Errorf("insert roster entries: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE roster_entries e SET rank = r.rn FROM (SELECT e2.id, row_number() OVER
		(ORDER BY e2.score DESC, c.followers DESC, e2.creator_id) AS rn FROM roster_entries e2 JOIN creators c ON c.id = e2.creator_id
		WHERE e2.campaign_id = $1) r WHERE e.id = r.id`, campaignID); err != nil {
		return fmt.Errorf("rank roster entries: %w", err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO rosters (campaign_id, job_id, generated_at) VALUES ($1, NULLIF($2, '')::uuid, $3)
		ON CONFLICT (campaign_id) DO UPDATE SET job_id = EXCLUDED.job_id, generated_at = EXCLUDED.generated_at`, campaignID, jobID, now)
	if err != nil {
		return fmt.Errorf("stamp roster: %w", err)
	}
	return nil
}
