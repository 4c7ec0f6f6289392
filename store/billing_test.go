package store_test

import (
	"testing"
	"time"

	"creatorcoach/store"
)

// TestSubscriptionState is the subscription state table at fixed instants:
// none; active and now at or before endedAt is subscribed; inactive and now
// at or before endedAt is cancelled but still running; past endedAt is
// expired.
func TestSubscriptionState(t *testing.T) {
	ended := time.Date(2026, 6, 30, 12, 0, 0, 0, time.UTC)
	before, at, after := ended.Add(-24*time.Hour), ended, ended.Add(time.Second)
	tests := []struct {
		name           string
		exists, active bool
		now            time.Time
		want           string
	}{
		{"None", false, false, before, store.SubscriptionNone},
		{"NoneEvenIfActiveFlag", false, true, before, store.SubscriptionNone},
		{"ActiveBefore", true, true, before, store.SubscriptionActive},
		{"ActiveAtEnd", true, true, at, store.SubscriptionActive},
		{"CancelledBefore", true, false, before, store.SubscriptionCancelled},
		{"CancelledAtEnd", true, false, at, store.SubscriptionCancelled},
		{"InactivePast", true, false, after, store.SubscriptionExpired},
		{"ActivePastWithoutRenewal", true, true, after, store.SubscriptionExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := store.SubscriptionState(tt.exists, tt.active, ended, tt.now); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}
