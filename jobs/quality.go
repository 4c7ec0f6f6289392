package jobs

import (
	"context"
	"time"

	"creatorcoach/jobs/quality"
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
		r, ok := quality.Read(days, bench, nil, now)
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
