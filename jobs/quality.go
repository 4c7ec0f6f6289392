package jobs

import (
	"context"
	"time"

	"creatorcoach/jobs/quality"
	"creatorcoach/store"
)

// ReadAudienceQuality computes and stores the audience-quality reading of
// the synced accounts (best effort: a failure is logged, the sync stands).
func (h *Handler) ReadAudienceQuality(ctx context.Context, ids []string) {
	series, err := h.Store.AudienceQualityDays(ctx, ids)
	if err != nil {
		h.Log.Warn("audience quality not read", "err", err)
		return
	}
	groups, err := h.Store.AudienceQualityGroups(ctx, ids)
	if err != nil {
		h.Log.Warn("audience quality peer groups not read", "err", err)
	}
	audiences, err := h.Store.AudienceQualityAudiences(ctx, ids)
	if err != nil {
		h.Log.Warn("audience quality audiences not read", "err", err)
	}
	now := time.Now().UTC()
	for _, id := range ids {
		stored := series[id]
		days := make([]quality.Day, len(stored))
		for i, d := range stored {
			days[i] = quality.Day{Day: d.Day, Followers: d.Followers, Likes: d.Likes, Views: d.Views, Reach: d.Reach, Engaged: d.Engage}
		}
		var bench quality.Benchmark
		if g, found := groups[id]; found {
			if bench, err = h.qualityBenchmark(ctx, g, now); err != nil {
				h.Log.Warn("audience quality benchmark not read", "account", id, "err", err)
			}
		}
		r, ok := quality.Read(days, bench, statedMarket(audiences, id), now)
		if !ok {
			err = h.Store.SaveAudienceQuality(ctx, id, 0, nil, false, quality.ReasonTooShort)
		} else {
			err = h.Store.SaveAudienceQuality(ctx, id, r.Score, r, quality.Unexplained(r.Spikes), "")
		}
		if err != nil {
			h.Log.Warn("audience quality not saved", "account", id, "err", err)
		}
	}
}

// statedMarket is account id's audience split read against its creator's
// stated country (nil without a split: the audience-fit component is then
// left out; without a stated country it says so).
func statedMarket(audiences map[string]store.QualityAudience, id string) *quality.Audience {
	a, ok := audiences[id]
	if !ok || len(a.Countries) == 0 {
		return nil
	}
	aud := &quality.Audience{Countries: a.Countries, Ages: a.Ages}
	if a.Country != "" {
		aud.Market = []string{a.Country}
	}
	return aud
}
