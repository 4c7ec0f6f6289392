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

// TestCheckOfferMoveBy holds every move by every side: who may make each
// move of the state machine, and that no side makes a move outside it.
func TestCheckOfferMoveBy(t *testing.T) {
	t.Parallel()
	a, b, c, sys := store.SideAdmin, store.SideBrand, store.SideCreator, store.SideSystem
	allowed := map[[2]string][]string{
		{"draft", "sent"}:          {a, b},
		{"sent", "accepted"}:       {a, c},
		{"sent", "declined"}:       {a, c},
		{"sent", "countered"}:      {a, c},
		{"sent", "expired"}:        {a, sys},
		{"sent", "withdrawn"}:      {a, b},
		{"countered", "sent"}:      {a, b},
		{"countered", "declined"}:  {a},
		{"countered", "accepted"}:  {b},
		{"countered", "withdrawn"}: {b},
		{"accepted", "completed"}:  {a},
	}
	for _, side := range []string{a, b, c, sys} {
		for _, from := range store.OfferStates {
			for _, to := range store.OfferStates {
				err := store.CheckOfferMoveBy(side, from, to)
				want := false
				for _, s := range allowed[[2]string{from, to}] {
					want = want || s == side
				}
				if (err == nil) != want {
					t.Errorf("%s: %s -> %s: err %v, want allowed %v", side, from, to, err, want)
				}
				if err != nil && store.ErrorCode(err) != store.ECONFLICT {
					t.Errorf("%s: %s -> %s: code %s", side, from, to, store.ErrorCode(err))
				}
			}
		}
	}
	if err := store.CheckOfferMoveBy(b, "sent", "accepted"); err == nil || err.Error() != "A brand cannot move an offer from sent to accepted" {
		t.Errorf("brand accept: %v", err)
	}
	if err := store.CheckOfferMoveBy(c, "accepted", "completed"); err == nil || err.Error() != "A creator cannot move an offer from accepted to completed" {
		t.Errorf("creator complete: %v", err)
	}
}
