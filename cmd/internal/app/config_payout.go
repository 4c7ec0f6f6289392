package app

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"creatorcoach/store"
)

// PayoutConfig is the configuration of payouts: the platform's fee and the
// release, funding and delivery windows (store.PayoutSettings), and the
// signing secret of the provider's Connect webhook endpoint.
type PayoutConfig struct {
	store.PayoutSettings
	// ConnectWebhookSecret (STRIPE_CONNECT_WEBHOOK_SECRET) verifies
	// POST /api/payouts/webhook; development falls back to a sandbox secret.
	ConnectWebhookSecret string
}

// loadPayout reads PLATFORM_FEE_PERCENT (default 10, 0 to 50),
// RELEASE_AFTER (48h), FUNDING_GRACE (72h), DELIVERY_GRACE (7d) and
// STRIPE_CONNECT_WEBHOOK_SECRET, which production requires (a whsec_
// secret, checked with the other secrets in Load so that one refusal names
// every missing setting).
func (c *Config) loadPayout() error {
	p := &c.Payout
	fee, err := strconv.Atoi(env("PLATFORM_FEE_PERCENT", "10"))
	if err != nil || fee < 0 || fee > 50 {
		return fmt.Errorf("PLATFORM_FEE_PERCENT must be a whole number between 0 and 50")
	}
	p.FeePercent = fee
	if fee == 0 {
		p.FeePercent = -1 // explicitly none: PlatformFee answers 0
	}
	for _, s := range []struct {
		name, def string
		into      *time.Duration
	}{
		{"RELEASE_AFTER", "48h", &p.ReleaseAfter},
		{"FUNDING_GRACE", "72h", &p.FundingGrace},
		{"DELIVERY_GRACE", "7d", &p.DeliveryGrace},
	} {
		v, err := parseAge(env(s.name, s.def))
		if err != nil {
			return fmt.Errorf("%s must be a positive duration such as %s", s.name, s.def)
		}
		*s.into = v
	}
	p.ConnectWebhookSecret = os.Getenv("STRIPE_CONNECT_WEBHOOK_SECRET")
	if !c.Production() {
		p.ConnectWebhookSecret = orDefault(p.ConnectWebhookSecret, "whsec_dev_connect_sandbox")
	}
	return nil
}
