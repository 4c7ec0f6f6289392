package app

import (
	"strings"
	"testing"
	"time"
)

// TestLoadConfig_Payout: the defaults (10 %, 48 h, 72 h, 7 days, a
// development Connect secret), a fee of 0 meaning none, bad values refused
// by name, and production refusing to start without the Connect secret.
func TestLoadConfig_Payout(t *testing.T) {
	clearEnv(t)
	c, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	p := c.Payout
	if p.PlatformFee(10000) != 1000 || p.ReleaseAfter != 48*time.Hour || p.FundingGrace != 72*time.Hour || p.DeliveryGrace != 7*24*time.Hour ||
		p.ConnectWebhookSecret == "" {
		t.Fatalf("defaults: %+v", p)
	}
	t.Setenv("PLATFORM_FEE_PERCENT", "0")
	if c, err = LoadConfig(); err != nil || c.Payout.PlatformFee(10000) != 0 {
		t.Fatalf("no fee: %v, %v", c.Payout, err)
	}
	for name, v := range map[string]string{"PLATFORM_FEE_PERCENT": "60", "RELEASE_AFTER": "soon", "FUNDING_GRACE": "-1h", "DELIVERY_GRACE": "0"} {
		clearEnv(t)
		t.Setenv(name, v)
		if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, v, err)
		}
	}
	clearEnv(t)
	for k, v := range map[string]string{"APP_ENV": "production", "JWT_SECRET": "0123456789abcdef-jwt", "OTP_SECRET": "0123456789abcdef-otp",
		"OPS_PASSWORD": "0123456789abcdef-ops", "STRIPE_SECRET_KEY": "sk_live_0123456789abcdef", "STRIPE_PUBLISHABLE_KEY": "pk_live_0123456789abcdef",
		"STRIPE_WEBHOOK_SECRET": "whsec_0123456789abcdef"} {
		t.Setenv(k, v)
	}
	if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), "STRIPE_CONNECT_WEBHOOK_SECRET") {
		t.Fatalf("production without the Connect secret: %v", err)
	}
}
