package app

import (
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// clearEnv unsets every name LoadConfig reads that a test may care about.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, name := range []string{"APP_ENV", "JWT_SECRET", "OTP_SECRET", "OPS_PASSWORD", "SESSION_MAX_AGE", "OTP_FAILED_ATTEMPTS_PER_DAY",
		"UPLOAD_QUOTA_MB", "UPLOADS_PER_HOUR", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET",
		"STRIPE_API_BASE", "SOCIAL_SANDBOX", "OFFER_TTL", "STRIPE_CONNECT_WEBHOOK_SECRET", "PLATFORM_FEE_PERCENT", "RELEASE_AFTER",
		"FUNDING_GRACE", "DELIVERY_GRACE", "DB_POOL_SIZE", "MAX_IN_FLIGHT", "MAX_QUEUE_WAIT"} {
		t.Setenv(name, "")
	}
}

func TestLoadConfig_AppEnv(t *testing.T) {
	secrets := map[string]string{"JWT_SECRET": "0123456789abcdef-jwt", "OTP_SECRET": "0123456789abcdef-otp", "OPS_PASSWORD": "0123456789abcdef-ops",
		"STRIPE_SECRET_KEY": "sk_live_0123456789abcdef", "STRIPE_PUBLISHABLE_KEY": "pk_live_0123456789abcdef",
		"STRIPE_WEBHOOK_SECRET": "whsec_0123456789abcdef", "STRIPE_CONNECT_WEBHOOK_SECRET": "whsec_connect_0123456789"}
	t.Run("DefaultsToDevelopment", func(t *testing.T) {
		clearEnv(t)
		c, err := LoadConfig()
		if err != nil || c.Env != "development" || c.JWTSecret == "" || c.OpsPassword != "ops" {
			t.Fatalf("got %+v, %v", c, err)
		}
	})
	for _, env := range []string{"development", "test"} {
		t.Run("DevSecrets"+env, func(t *testing.T) {
			clearEnv(t)
			t.Setenv("APP_ENV", env)
			c, err := LoadConfig()
			if err != nil || c.Env != env || c.JWTSecret == "" || c.OTPSecret == "" {
				t.Fatalf("got %+v, %v", c, err)
			}
		})
	}
	for _, env := range []string{"Production", "prod", "staging", "PRODUCTION", " production", "dev"} {
		t.Run("ErrUnknown"+env, func(t *testing.T) {
			clearEnv(t)
			t.Setenv("APP_ENV", env)
			for k, v := range secrets { // even with real secrets, an unknown name refuses to start
				t.Setenv(k, v)
			}
			if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), "APP_ENV") {
				t.Fatalf("APP_ENV=%q: err %v", env, err)
			}
		})
	}
	t.Run("ProductionNeedsSecrets", func(t *testing.T) {
		clearEnv(t)
		t.Setenv("APP_ENV", "production")
		if _, err := LoadConfig(); err == nil {
			t.Fatal("production started with the development secrets")
		}
		for k, v := range secrets {
			t.Setenv(k, v)
		}
		c, err := LoadConfig()
		if err != nil || c.JWTSecret != secrets["JWT_SECRET"] || !c.Production() {
			t.Fatalf("got %+v, %v", c, err)
		}
	})
	// Production refuses every stand-in, naming the setting.
	for _, bad := range []struct{ name, value string }{
		{"SOCIAL_SANDBOX", "1"}, {"SOCIAL_SANDBOX", "true"},
		{"STRIPE_API_BASE", "http://127.0.0.1:12111"}, {"STRIPE_API_BASE", "https://stripe.example.com"},
		{"STRIPE_SECRET_KEY", "sk_test_0123456789abcdef"},
	} {
		t.Run("ErrProductionSandbox"+bad.name+"="+bad.value, func(t *testing.T) {
			clearEnv(t)
			t.Setenv("APP_ENV", "production")
			for k, v := range secrets {
				t.Setenv(k, v)
			}
			t.Setenv(bad.name, bad.value)
			if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), bad.name) {
				t.Fatalf("%s=%s: err %v, want a refusal naming %s", bad.name, bad.value, err, bad.name)
			}
		})
	}
	t.Run("ProductionLiveAPI", func(t *testing.T) {
		clearEnv(t)
		t.Setenv("APP_ENV", "production")
		for k, v := range secrets {
			t.Setenv(k, v)
		}
		t.Setenv("STRIPE_API_BASE", StripeLive+"/")
		t.Setenv("SOCIAL_SANDBOX", "0")
		if _, err := LoadConfig(); err != nil {
			t.Fatalf("live settings refused: %v", err)
		}
	})
}

func TestLoadConfig_Limits(t *testing.T) {
	clearEnv(t)
	c, err := LoadConfig()
	if err != nil || c.SessionMaxAge != 90*24*time.Hour || c.UploadQuota != 500<<20 || c.UploadsPerHour != 60 || c.OTPFailuresPerDay != 20 {
		t.Fatalf("defaults: %v %d %d %d, %v", c.SessionMaxAge, c.UploadQuota, c.UploadsPerHour, c.OTPFailuresPerDay, err)
	}
	if c.WorkerConcurrency != 20 || c.LowConcurrency != 10 || c.CreatorImportConcurrency != 2 {
		t.Fatalf("concurrency defaults: %d %d %d", c.WorkerConcurrency, c.LowConcurrency, c.CreatorImportConcurrency)
	}
	if c.OfferTTL != 7*24*time.Hour {
		t.Fatalf("OFFER_TTL default: %v", c.OfferTTL)
	}
	if c.DBPoolSize != store.DefaultPoolSize() {
		t.Fatalf("DB_POOL_SIZE default: %d", c.DBPoolSize)
	}
	if c.MaxInFlight != 32 || c.MaxQueueWait != 100*time.Millisecond {
		t.Fatalf("MAX_IN_FLIGHT, MAX_QUEUE_WAIT defaults: %d %v", c.MaxInFlight, c.MaxQueueWait)
	}
	t.Setenv("MAX_QUEUE_WAIT", "0")
	if c, err = LoadConfig(); err != nil || c.MaxQueueWait != 0 {
		t.Fatalf("MAX_QUEUE_WAIT 0 (refuse at once): %v %v", c.MaxQueueWait, err)
	}
	t.Setenv("OFFER_TTL", "2d")
	if c, err = LoadConfig(); err != nil || c.OfferTTL != 48*time.Hour {
		t.Fatalf("OFFER_TTL 2d: %v %v", c.OfferTTL, err)
	}
	t.Setenv("SESSION_MAX_AGE", "36h")
	t.Setenv("OTP_FAILED_ATTEMPTS_PER_DAY", "7")
	t.Setenv("UPLOAD_QUOTA_MB", "20")
	t.Setenv("UPLOADS_PER_HOUR", "5")
	if c, err = LoadConfig(); err != nil || c.SessionMaxAge != 36*time.Hour || c.UploadQuota != 20<<20 || c.UploadsPerHour != 5 || c.OTPFailuresPerDay != 7 {
		t.Fatalf("set: %v %d %d %d, %v", c.SessionMaxAge, c.UploadQuota, c.UploadsPerHour, c.OTPFailuresPerDay, err)
	}
	for name, bad := range map[string]string{"SESSION_MAX_AGE": "0d", "UPLOAD_QUOTA_MB": "-1", "UPLOADS_PER_HOUR": "many", "OTP_FAILED_ATTEMPTS_PER_DAY": "0",
		"LOW_CONCURRENCY": "41", "WORKER_CONCURRENCY": "0", "OFFER_TTL": "soon",
		"DB_POOL_SIZE": "1", "MAX_QUEUE_WAIT": "11s", "MAX_IN_FLIGHT": "-1"} {
		t.Run("Err"+name, func(t *testing.T) {
			t.Setenv(name, bad)
			if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%s: %v", name, bad, err)
			}
		})
	}
}

// TestConfig_StripeJS: the browser may load Stripe.js only against the real
// provider with a real publishable key.
func TestConfig_StripeJS(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, base, key string
		want            bool
	}{
		{"LiveKey", StripeLive, "pk_live_0123456789abcdef", true},
		{"TestKey", StripeLive + "/", "pk_test_0123456789abcdef", true},
		{"SandboxKey", StripeLive, SandboxPublishableKey, false},
		{"SecretKeyByMistake", StripeLive, "sk_live_0123456789abcdef", false},
		{"NoKey", StripeLive, "", false},
		{"StripeMock", "http://127.0.0.1:12111", "pk_test_0123456789abcdef", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := Config{StripeAPIBase: tc.base, StripePublishableKey: tc.key}
			if got := c.StripeJS(); got != tc.want {
				t.Errorf("StripeJS() = %v, want %v", got, tc.want)
			}
		})
	}
}
