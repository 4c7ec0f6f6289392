package store_test

import (
	"testing"

	"creatorcoach/store"
)

// TestCheckOfferMove holds every move of the offer state machine, allowed
// and refused, in one table.
func TestCheckOfferMove(t *testing.T) {
	t.Parallel()
	allowed := map[[2]string]bool{
		{"draft", "sent"}:         true,
		{"sent", "accepted"}:      true,
		{"sent", "declined"}:      true,
		{"sent", "countered"}:     true,
		{"sent", "expired"}:       true,
		{"sent", "withdrawn"}:     true,
		{"countered", "sent"}:     true,
		{"countered", "declined"}: true,
		{"accepted", "completed"}: true,
	}
	states := []string{"draft", "sent", "accepted", "declined", "countered", "expired", "withdrawn", "completed"}
	for _, from := range states {
		for _, to := range states {
			err := store.CheckOfferMove(from, to)
			if allowed[[2]string{from, to}] {
				if err != nil {
					t.Errorf("%s → %s refused: %v", from, to, err)
				}
				continue
			}
			want := "Cannot move an offer from " + from + " to " + to
			if store.ErrorCode(err) != store.ECONFLICT || err.Error() != want {
				t.Errorf("%s → %s: got %v (%s), want conflict %q", from, to, err, store.ErrorCode(err), want)
			}
		}
	}
}
