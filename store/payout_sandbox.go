package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// The payments sandbox's test clock: a browser test (or a person trying the
// product against the provider's stand-in) cannot wait RELEASE_AFTER for a
// release, so it moves one payment's running clock instead. The api serves
// it only where the payments sandbox is on; nothing here runs in production.

// MaxSandboxAdvance is the most one call moves a payment's clock: a year.
const MaxSandboxAdvance = 366 * 24 * time.Hour

// Sandbox clock messages.
const (
	MsgSandboxAdvance = "Give how far to move the clock, as a duration such as 49h (more than 0, at most 8784h)"
	MsgSandboxNoClock = "This payment's release clock is not running: it starts when the release runs after the tagged post is captured, and stops at the release"
)

// AdvancePayoutClock moves entry's running release clock back by advance,
// as if that much time had passed for this payment alone: captured_at and
// release_at both earlier, the move audited, and release (the periodic
// release task, run now) queued in the same transaction so the worker
// releases the payment at once when its window has passed. actor must be
// able to read the payment (ENOTFOUND otherwise) and move money on it (an
// ADMIN, its creator, or an editor of its brand); ECONFLICT unless the
// payment is reserved with its clock started.
func (s *DB) AdvancePayoutClock(ctx context.Context, actor *User, entryID string, advance time.Duration, release Task) (*Payout, error) {
	if advance <= 0 || advance > MaxSandboxAdvance {
		return nil, FieldErrors{"advance": MsgSandboxAdvance}.Err()
	}
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.payoutForActor(ctx, tx, actor, entryID, true)
		if err != nil {
			return err
		}
		if actor.Role == RoleBrandViewer {
			return Errorf(EFORBIDDEN, "You don't have permission to do this")
		}
		if p.State != PayoutFunded || p.CapturedAt == nil || p.ReleaseAt == nil {
			return &Error{Code: ECONFLICT, Message: MsgSandboxNoClock}
		}
		step := advance.Microseconds()
		if _, err := tx.ExecContext(ctx, `UPDATE payouts SET captured_at = captured_at - $2 * interval '1 microsecond',
			release_at = release_at - $2 * interval '1 microsecond', updated_at = $3 WHERE entry_id = $1`, entryID, step, s.now()); err != nil {
			return fmt.Errorf("advance release clock: %w", err)
		}
		if out, err = getPayout(ctx, tx, entryID, false); err != nil {
			return err
		}
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "sandbox_clock", entryID, map[string]any{"advance": advance.String(),
			"capturedAt": out.CapturedAt, "releaseAt": out.ReleaseAt}); err != nil {
			return err
		}
		return insertTask(tx, release)
	})
	return out, err
}

// QueuePayoutRelease queues release (the periodic release task, run now)
// on a sandbox's request and audits who asked: it starts the clocks of
// payments whose posts were captured since its last run, and releases the
// due ones.
func (s *DB) QueuePayoutRelease(ctx context.Context, actor *User, release Task) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "sandbox_release", "user:"+actor.ID, map[string]any{"task": release.Key}); err != nil {
			return err
		}
		return insertTask(tx, release)
	})
}
