package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// ProviderMove is one money movement as the provider lists it: a funding
// charge, a transfer or a refund of an offer, in cents.
type ProviderMove struct {
	Kind    string // MoveFunding, MoveRelease or MoveRefund
	ID      string
	EntryID string
	Amount  int64
}

// Mismatch kinds.
const (
	MismatchMissingAtProvider = "missing_at_provider"
	MismatchMissingInLedger   = "missing_in_ledger"
	MismatchAmount            = "amount_differs"
)

// Reconcile compares the provider's moves of the UTC day starting at day
// with the ledger's movements of that day (fundings, releases, refunds),
// per offer and kind: a movement the provider does not list, a provider
// move of one of our offers the ledger lacks, or different amounts. Each
// difference is recorded once (payout_mismatches, shown on the payments
// board); it returns the new ones.
func (s *DB) Reconcile(ctx context.Context, day time.Time, moves []ProviderMove) ([]Mismatch, error) {
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 0, 1)
	type key struct{ kind, entry string }
	var rows []struct {
		Kind    string `db:"kind"`
		EntryID string `db:"entry_id"`
		Amount  int64  `db:"amount"`
	}
	// The provider's amount of each movement: what the card paid, what the creator received, what the brand got back.
	err := s.db.SelectContext(ctx, &rows, `SELECT kind, entry_id::text AS entry_id,
		sum(CASE WHEN kind = 'funding' AND account = 'brand_card' THEN -amount
			WHEN kind = 'release' AND account = 'creator_paid' THEN amount
			WHEN kind = 'refund' AND account = 'refunds' THEN amount ELSE 0 END)::bigint AS amount
		FROM payout_ledger WHERE at >= $1 AND at < $2 AND kind IN ('funding', 'release', 'refund') GROUP BY kind, entry_id`, from, to)
	if err != nil {
		return nil, fmt.Errorf("ledger of the day: %w", err)
	}
	ledger := map[key]int64{}
	for _, r := range rows {
		ledger[key{r.Kind, r.EntryID}] = r.Amount
	}
	provider := map[key]int64{}
	ids := map[key]string{}
	for _, m := range moves {
		k := key{m.Kind, m.EntryID}
		provider[k] += m.Amount
		ids[k] = m.ID
	}
	var found []Mismatch
	add := func(kind string, k key, providerID, detail string) {
		found = append(found, Mismatch{Day: from, Kind: kind, ProviderID: providerID, Detail: detail})
		_ = k
	}
	for k, amt := range ledger {
		p, ok := provider[k]
		switch {
		case !ok:
			add(MismatchMissingAtProvider, k, k.kind+":"+k.entry, fmt.Sprintf("the ledger has a %s of %d cents for offer %s the provider does not list", k.kind, amt, k.entry))
		case p != amt:
			add(MismatchAmount, k, ids[k], fmt.Sprintf("%s of offer %s: ledger %d cents, provider %d cents", k.kind, k.entry, amt, p))
		}
	}
	for k, amt := range provider {
		if _, ok := ledger[k]; ok {
			continue
		}
		var ours bool
		if err := s.db.GetContext(ctx, &ours, `SELECT EXISTS (SELECT 1 FROM payouts WHERE entry_id::text = $1)`, k.entry); err != nil {
			return nil, err
		}
		if ours {
			add(MismatchMissingInLedger, k, ids[k], fmt.Sprintf("the provider lists a %s of %d cents for offer %s the ledger lacks", k.kind, amt, k.entry))
		}
	}
	var added []Mismatch
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		for _, m := range found {
			res, err := tx.Exec(`INSERT INTO payout_mismatches (day, kind, provider_id, detail, found_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (day, kind, provider_id) DO NOTHING`, m.Day, m.Kind, m.ProviderID, m.Detail, s.now())
			if err != nil {
				return fmt.Errorf("record mismatch: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				added = append(added, m)
			}
		}
		return nil
	})
	return added, err
}

// OpenMismatches counts the reconciliation mismatches not resolved (for /metrics).
func (s *DB) OpenMismatches(ctx context.Context) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM payout_mismatches WHERE resolved_at IS NULL`)
	return n, err
}

// AdminEmails lists the ADMINs' addresses.
func (s *DB) AdminEmails(ctx context.Context) ([]string, error) {
	var out []string
	err := s.db.SelectContext(ctx, &out, `SELECT email FROM users WHERE role = 'ADMIN' AND deleted_at IS NULL ORDER BY email`)
	return out, err
}
