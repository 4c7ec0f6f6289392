package store

import (
	"context"
	"fmt"
	"math"

	"github.com/jmoiron/sqlx"
)

// MsgOverBudget is the start of the 409 refusing an unconfirmed move that
// takes a campaign's agreed and offered amounts over its budget; the amount
// over follows ("This is $25,071 over the remaining budget").
const MsgOverBudget = "over the remaining budget"

// CampaignBudget is a campaign's budget as the moves that commit money see
// it: Agreed is what accepted and completed offers cost, Offered what sent
// offers and creators' counters ask (each with its paid usage add-ons), Free the budget less both (negative
// when over) and Percent the share of the budget they take (191 for 191 %,
// never capped at 100).
type CampaignBudget struct {
	Budget  float64 `db:"budget" json:"budget"`
	Agreed  float64 `db:"agreed" json:"agreed"`
	Offered float64 `db:"offered" json:"offered"`
	Free    float64 `db:"-" json:"free"`
	Percent float64 `db:"-" json:"percent"`
	Over    bool    `db:"-" json:"over"`
}

// campaignBudgetSQL reads a campaign's budget, agreed and offered amounts ($1
// the campaign).
const campaignBudgetSQL = `SELECT c.budget::float8 AS budget,
	coalesce(sum(e.offer_amount + ` + usageAddOnTotalSQL + ` / 100.0) FILTER (WHERE e.offer_status IN ('accepted', 'completed')), 0)::float8 AS agreed,
	coalesce(sum(e.offer_amount + ` + usageAddOnTotalSQL + ` / 100.0) FILTER (WHERE e.offer_status IN ('sent', 'countered')), 0)::float8 AS offered
	FROM campaigns c LEFT JOIN roster_entries e ON e.campaign_id = c.id
	WHERE c.id = $1 GROUP BY c.id`

func readBudget(ctx context.Context, q sqlx.QueryerContext, campaignID string) (CampaignBudget, error) {
	var b CampaignBudget
	if err := sqlx.GetContext(ctx, q, &b, campaignBudgetSQL, campaignID); err != nil {
		return b, fmt.Errorf("read campaign budget: %w", err)
	}
	b.fill()
	return b, nil
}

func (b *CampaignBudget) fill() {
	b.Free = math.Round((b.Budget-b.Agreed-b.Offered)*100) / 100
	b.Over = b.Free < 0
	if b.Budget > 0 {
		b.Percent = math.Round((b.Agreed+b.Offered)/b.Budget*1000) / 10
	}
}

// BudgetPercent is the share of budget that spent takes, in percent with one
// decimal (191 for 191 %): never capped, so an over-budget campaign shows it.
func BudgetPercent(spent, budget float64) float64 {
	if budget <= 0 {
		return 0
	}
	return math.Round(spent/budget*1000) / 10
}

// commitsMoney says whether a change puts the brand's money on the table:
// sending (a draft or a new amount after a counter) and accepting (a
// counter, or a sent offer on the creator's behalf).
func commitsMoney(c OfferChange) bool {
	return c.Status != nil && (*c.Status == OfferSent || *c.Status == OfferAccepted)
}

// checkBudget refuses (ECONFLICT, field confirmOverBudget) a bulk update that
// commits money while leaving the campaign's agreed and offered amounts over
// its budget, unless the update confirms it. It runs inside the update's
// transaction, after the moves, so it sees their effect.
func checkBudget(ctx context.Context, tx *sqlx.Tx, u OfferUpdate) error {
	if u.ConfirmOverBudget {
		return nil
	}
	commits := false
	for _, c := range u.Entries {
		commits = commits || commitsMoney(c)
	}
	if !commits {
		return nil
	}
	b, err := readBudget(ctx, tx, u.CampaignID)
	if err != nil {
		return err
	}
	if !b.Over {
		return nil
	}
	msg := "This is " + MoneyText(-b.Free) + " " + MsgOverBudget
	return &Error{Code: ECONFLICT, Message: msg, Fields: map[string]string{"confirmOverBudget": msg}}
}

// MoneyText writes an amount of dollars with thousands separators: whole
// dollars as "$25,071", others to the cent ("$1,250.50").
func MoneyText(v float64) string {
	cents := int64(math.Round(math.Abs(v) * 100))
	sign := ""
	if v < 0 && cents > 0 {
		sign = "-"
	}
	s := sign + "$" + thousands(cents/100)
	if cents%100 != 0 {
		s += "." + fmt.Sprintf("%02d", cents%100)
	}
	return s
}
