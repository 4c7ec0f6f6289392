package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// AcceptWithoutAgreement is the creator's accept as it was before accepting
// was signing (the move, its history, payment and mail, then the offer read
// back): the baseline of BenchmarkOfferAnswer. Tests only.
func (s *DB) AcceptWithoutAgreement(ctx context.Context, actor *User, entryID string) ([]byte, error) {
	to := OfferAccepted
	var out []byte
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		m := offerMove{actorID: actor.ID, side: SideCreator, change: OfferChange{EntryID: entryID, Status: &to},
			scope: creatorOfferScope, scopeArg: actor.ID, signed: true}
		if err := s.applyOffer(ctx, tx, m); err != nil {
			return err
		}
		var err error
		out, err = creatorOffer(ctx, tx, s.offerTTL(), actor.ID, entryID)
		return err
	})
	return out, err
}

// AppendAudits adds events to the audit log in one transaction, as a batch
// of system events is appended. Tests only.
func (s *DB) AppendAudits(ctx context.Context, events []*AuditEvent) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return s.appendAudits(tx, events) })
}
