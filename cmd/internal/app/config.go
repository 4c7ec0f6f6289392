// Package app is what the three commands (api, worker, scheduler) share:
// the process configuration and the process logger.
package app

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/joho/godotenv"

	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// Config is the whole process configuration, read from the environment
// (12-factor; a .env file in the working directory is read when present).
// Every process (api, worker, scheduler) reads the same names.
type Config struct {
	// Payout is the payouts' settings (config_payout.go).
	Payout PayoutConfig
	// Env (APP_ENV, default development) is development, test or
	// production; production refuses to start without its secrets and with
	// any sandbox, the others fill in public development secrets.
	Env string
	// DatabaseURL (DATABASE_URL, default
	// postgres://postgres@127.0.0.1:5432/creatorcoach?sslmode=disable) is
	// the Postgres database.
	DatabaseURL string
	// RedisURL is REDIS_URL as given; open Redis with OpenRedis, which
	// also honours REDIS_SENTINELS (see Redis).
	RedisURL string
	// Redis is where Redis is: REDIS_URL, or the Sentinels of REDIS_SENTINELS.
	Redis RedisConfig
	// RelayRecheckAfter (RELAY_RECHECK_AFTER, default 2m) is how long after
	// relaying a task the relay checks that Redis still has it, and relays it
	// again if a Redis failover lost it.
	RelayRecheckAfter time.Duration
	// HTTPAddr (HTTP_ADDR, default ":8080") is where the api listens.
	HTTPAddr string
	// JWTSecret (JWT_SECRET; development default "dev-jwt-secret-change-me",
	// production: at least 16 characters, required) signs access tokens.
	JWTSecret string
	// OTPSecret (OTP_SECRET; development default "dev-otp-secret-change-me",
	// production: at least 16 characters, required) keys the hashes of
	// one-time codes.
	OTPSecret string
	// PublicURL (PUBLIC_URL, default http://localhost:8080) is the address
	// people reach the app at: links in mails, OAuth callbacks, share links.
	PublicURL string
	// DataDir (DATA_DIR, default ./data) holds local uploads, exports and,
	// without MailURL, the mails written as .eml files.
	DataDir string
	// MailURL (MAIL_URL, smtp://user:pass@host:port; default "": mails are
	// written as .eml files under DataDir/mail) is the SMTP server.
	MailURL string
	// MailFrom (MAIL_FROM, default no-reply@creatorcoach.local) is the
	// sender of every mail.
	MailFrom string
	// ProductName (PRODUCT_NAME, default "Creator Coach") is the name mails
	// and pages give the product.
	ProductName string
	// OpsUser (OPS_USER, default "ops") is the user of the basic auth on
	// /metrics, /debug/pprof and /ops/queues.
	OpsUser string
	// OpsPassword (OPS_PASSWORD; development default "ops", production: at
	// least 16 characters, required) is its password.
	OpsPassword string
	// BcryptCost (BCRYPT_COST, default 12, 4 to 31) is the cost of password
	// hashes.
	BcryptCost int
	// WebDir (WEB_DIR, default web/dist) is the built web app the api serves.
	WebDir string
	// PollInterval (WORKER_POLL_INTERVAL, default 1s) is how often the
	// worker looks for due tasks (asynq's TaskCheckInterval) and the relay
	// polls the outbox.
	PollInterval time.Duration
	// TrustedProxies (TRUSTED_PROXIES, comma-separated CIDRs or addresses)
	// are the proxies whose X-Forwarded-For names the client.
	TrustedProxies []netip.Prefix
	// CreatorImportConcurrency (ROSTER_CONCURRENCY, default 2) is how many roster
	// imports one worker runs at once.
	CreatorImportConcurrency int
	// WorkerConcurrency (WORKER_CONCURRENCY, default 20, at most 40) is how
	// many tasks of the critical and default queues one worker runs at once;
	// each holds up to two database connections.
	WorkerConcurrency int
	// LowConcurrency (LOW_CONCURRENCY, default 10, at most 40) is how many
	// tasks of the low queue (analytics syncs, purges) one worker runs at once.
	LowConcurrency int
	// SessionMaxAge (SESSION_MAX_AGE, default 90 days; "30d" or a Go
	// duration) is the absolute lifetime of a session: refreshing never
	// keeps it alive past its start plus this.
	SessionMaxAge time.Duration
	// SessionCacheTTL (SESSION_CACHE_TTL, default 10s; 0 = off, at most 5m)
	// is how long the api answers a signed-in request's session from memory
	// before asking Postgres again. A log-out, role or password change or a
	// deletion takes effect at once on every api regardless (Postgres tells
	// them); the setting bounds how long one would last if that word were lost.
	SessionCacheTTL time.Duration
	// OfferTTL (OFFER_TTL, default 7 days; "7d" or a Go duration) is how
	// long a sent offer waits for the creator's answer before it expires.
	OfferTTL time.Duration
	// AutoApproveAfter (AUTO_APPROVE_AFTER, default 48h; "2d" or a Go
	// duration) is how long a draft waits for the brand's review before the
	// system approves it.
	AutoApproveAfter time.Duration
	// OTPFailuresPerDay (OTP_FAILED_ATTEMPTS_PER_DAY, default 20) is how many
	// wrong one-time codes an e-mail address may enter in 24 hours before
	// every code check of it is refused for 24 hours.
	OTPFailuresPerDay int
	// UploadQuota (UPLOAD_QUOTA_MB, default 500) is how many bytes of
	// uploads one account may keep stored.
	UploadQuota int64
	// MaxInFlight (MAX_IN_FLIGHT, default 32; 0 = no bound) is how many /api
	// requests one api process works on at once; past it a request is
	// answered 503 with Retry-After: 1 at once rather than queued.
	MaxInFlight int
	// MaxQueueWait (MAX_QUEUE_WAIT, default 100ms; 0 = refuse at once, at
	// most 10s) is how long a request past MAX_IN_FLIGHT waits for a slot,
	// in arrival order, before it is answered 503; at most MAX_IN_FLIGHT
	// requests wait at once.
	MaxQueueWait time.Duration
	// DBPoolSize (DB_POOL_SIZE, default twice the process's cores, at
	// least 4 and at most 16: store.DefaultPoolSize) is how many Postgres
	// connections one process keeps at most; the api opens them all at its
	// start and keeps them. A worker opens more when its task concurrency
	// needs them (two per task).
	DBPoolSize int
	// UploadsPerHour (UPLOADS_PER_HOUR, default 60) is how many uploads one
	// account may make in an hour.
	UploadsPerHour int
	// NetworkPagesPerDay (NETWORK_PAGES_PER_DAY, default 300) is how many
	// pages of the creator network one brand may read a day, all its users
	// together; past it the list answers 429 with Retry-After. ADMIN is not
	// limited.
	NetworkPagesPerDay int
	// NetworkProfilesPerDay (NETWORK_PROFILES_PER_DAY, default 500) is how
	// many creator profiles one brand may open a day, all its users
	// together; past it a profile answers 429 with Retry-After.
	NetworkProfilesPerDay int

	// Card payments (stripe-go). StripeAPIBase (STRIPE_API_BASE) is the
	// provider's API: default the local stripe-mock (http://127.0.0.1:12111)
	// in development and tests, StripeLive in production (the only value
	// production accepts).
	StripeAPIBase string
	// StripeSecretKey (STRIPE_SECRET_KEY; development default
	// "sk_test_sandbox", production: a live key, required) is the
	// provider's API key.
	StripeSecretKey string
	// StripePublishableKey (STRIPE_PUBLISHABLE_KEY; development default
	// SandboxPublishableKey, production: required) is the browser's key.
	StripePublishableKey string
	// StripeWebhookSecret (STRIPE_WEBHOOK_SECRET; development default
	// "whsec_dev_sandbox", production: required) checks webhook signatures.
	StripeWebhookSecret string
	// StripePriceMonthly (STRIPE_PRICE_MONTHLY, default
	// "price_creator_monthly") is the provider price id of the
	// creator_monthly plan.
	StripePriceMonthly string
	// StripePriceYearly (STRIPE_PRICE_YEARLY, default
	// "price_creator_yearly") is the provider price id of the
	// creator_yearly plan.
	StripePriceYearly string
	// Coach is the coaching chat's settings (COACH_*).
	Coach CoachConfig

	// Storage (STORAGE, local or s3; default local) is where uploads and
	// roster files are kept: under DataDir, or in the S3 bucket of S3.
	Storage string
	// S3 (S3_ENDPOINT, S3_BUCKET, S3_REGION default us-east-1,
	// S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; development defaults: the
	// local versitygw) is the bucket used when Storage is s3; production
	// needs all four of endpoint, bucket and keys.
	S3 blob.S3Config
}

// CoachConfig configures the coaching chat: the subscribers' monthly
// fair-use cap (COACH_MONTHLY_CAP, unset = store.DefaultCoachMonthlyCap) and the optional language model
// (COACH_LLM_URL, an OpenAI-compatible chat-completions endpoint;
// COACH_LLM_MODEL; COACH_LLM_KEY; COACH_LLM_TIMEOUT).
type CoachConfig struct {
	// MonthlyCap (COACH_MONTHLY_CAP) is how many answers a subscriber gets a
	// month; 0 (unset) = store.DefaultCoachMonthlyCap (300).
	MonthlyCap int
	// LLMURL (COACH_LLM_URL, default "": built-in answers only) is an
	// OpenAI-compatible chat-completions endpoint.
	LLMURL string
	// LLMModel (COACH_LLM_MODEL; required with LLMURL) is the model asked.
	LLMModel string
	// LLMKey (COACH_LLM_KEY, default "": no Authorization header) is its
	// bearer key; never logged.
	LLMKey string
	// LLMTimeout (COACH_LLM_TIMEOUT, default 10s) is how long one answer may
	// take before the built-in answer is used.
	LLMTimeout time.Duration
}

// StripeLive is the provider's real API; any other STRIPE_API_BASE is a local stand-in.
const StripeLive = "https://api.stripe.com"

// PaymentsSandbox reports whether payments go to a local stand-in
// (stripe-mock), where the browser offers the provider's test cards instead
// of loading Stripe.js.
func (c Config) PaymentsSandbox() bool { return strings.TrimRight(c.StripeAPIBase, "/") != StripeLive }

// SandboxPublishableKey is the development default of STRIPE_PUBLISHABLE_KEY,
// which Stripe.js would refuse.
const SandboxPublishableKey = "pk_test_sandbox"

// StripeJS reports whether the browser takes cards with Stripe.js (Elements):
// payments go to the real provider and a real publishable key (pk_live_… or
// pk_test_…, not the sandbox default) is configured. Only then does the web
// app's CSP let it load from the provider; otherwise the browser offers the
// provider's test payment methods.
func (c Config) StripeJS() bool {
	k := c.StripePublishableKey
	real := (strings.HasPrefix(k, "pk_live_") || strings.HasPrefix(k, "pk_test_")) && k != SandboxPublishableKey
	return real && !c.PaymentsSandbox()
}

// DataPath is DataDir (a directory under the system's temporary one when
// DataDir is unset, as in tests) joined with elem. api and worker share it:
// uploads are stored by the one and read by the other.
func (c Config) DataPath(elem ...string) string {
	dir := c.DataDir
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "creatorcoach-data")
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}

// Envs are the accepted values of APP_ENV. Only development and test run
// with the public development secrets; any other value refuses to start.
var Envs = []string{"development", "test", "production"}

// LoadConfig reads the configuration. Development defaults make a local run
// work with no configuration; in production (APP_ENV=production) missing
// secrets are an error, and an APP_ENV not in Envs is an error.
func LoadConfig() (Config, error) {
	_ = godotenv.Load() // optional; real environment wins
	c := Config{
		Env:          env("APP_ENV", "development"),
		DatabaseURL:  env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/creatorcoach?sslmode=disable"),
		HTTPAddr:     env("HTTP_ADDR", ":8080"),
		JWTSecret:    os.Getenv("JWT_SECRET"),
		OTPSecret:    os.Getenv("OTP_SECRET"),
		PublicURL:    env("PUBLIC_URL", "http://localhost:8080"),
		DataDir:      env("DATA_DIR", "./data"),
		MailURL:      os.Getenv("MAIL_URL"),
		MailFrom:     env("MAIL_FROM", "no-reply@creatorcoach.local"),
		ProductName:  env("PRODUCT_NAME", "Creator Coach"),
		OpsUser:      env("OPS_USER", "ops"),
		OpsPassword:  os.Getenv("OPS_PASSWORD"),
		WebDir:       env("WEB_DIR", "web/dist"),
		PollInterval: time.Second,

		StripeAPIBase:        os.Getenv("STRIPE_API_BASE"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripePublishableKey: os.Getenv("STRIPE_PUBLISHABLE_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		StripePriceMonthly:   env("STRIPE_PRICE_MONTHLY", "price_creator_monthly"),
		StripePriceYearly:    env("STRIPE_PRICE_YEARLY", "price_creator_yearly"),
	}
	if !slices.Contains(Envs, c.Env) {
		return c, fmt.Errorf("APP_ENV must be one of %s, not %q", strings.Join(Envs, ", "), c.Env)
	}
	cost, err := strconv.Atoi(env("BCRYPT_COST", "12"))
	if err != nil || cost < 4 || cost > 31 {
		return c, fmt.Errorf("BCRYPT_COST must be an integer between 4 and 31")
	}
	c.BcryptCost = cost
	if v := os.Getenv("WORKER_POLL_INTERVAL"); v != "" { // asynq TaskCheckInterval and relay polling, e.g. 50ms
		if c.PollInterval, err = time.ParseDuration(v); err != nil || c.PollInterval <= 0 {
			return c, fmt.Errorf("WORKER_POLL_INTERVAL must be a positive duration such as 200ms")
		}
	}
	if c.CreatorImportConcurrency, err = strconv.Atoi(env("ROSTER_CONCURRENCY", "2")); err != nil || c.CreatorImportConcurrency < 1 {
		return c, fmt.Errorf("ROSTER_CONCURRENCY must be a positive integer")
	}
	if c.WorkerConcurrency, err = strconv.Atoi(env("WORKER_CONCURRENCY", "20")); err != nil || c.WorkerConcurrency < 1 || c.WorkerConcurrency > 40 {
		return c, fmt.Errorf("WORKER_CONCURRENCY must be an integer between 1 and 40")
	}
	if c.LowConcurrency, err = strconv.Atoi(env("LOW_CONCURRENCY", "10")); err != nil || c.LowConcurrency < 1 || c.LowConcurrency > 40 {
		return c, fmt.Errorf("LOW_CONCURRENCY must be an integer between 1 and 40")
	}
	if c.SessionMaxAge, err = parseAge(env("SESSION_MAX_AGE", "90d")); err != nil {
		return c, fmt.Errorf("SESSION_MAX_AGE must be a positive duration such as 90d or 720h")
	}
	if c.SessionCacheTTL, err = time.ParseDuration(env("SESSION_CACHE_TTL", store.DefaultSessionCacheTTL.String())); err != nil ||
		c.SessionCacheTTL < 0 || c.SessionCacheTTL > 5*time.Minute {
		return c, fmt.Errorf("SESSION_CACHE_TTL must be a duration between 0 (off) and 5m, such as 10s")
	}
	if c.OfferTTL, err = parseAge(env("OFFER_TTL", "7d")); err != nil {
		return c, fmt.Errorf("OFFER_TTL must be a positive duration such as 7d or 168h")
	}
	if c.AutoApproveAfter, err = parseAge(env("AUTO_APPROVE_AFTER", "48h")); err != nil {
		return c, fmt.Errorf("AUTO_APPROVE_AFTER must be a positive duration such as 48h or 2d")
	}
	if c.OTPFailuresPerDay, err = strconv.Atoi(env("OTP_FAILED_ATTEMPTS_PER_DAY", "20")); err != nil || c.OTPFailuresPerDay < 1 {
		return c, fmt.Errorf("OTP_FAILED_ATTEMPTS_PER_DAY must be a positive integer")
	}
	quota, err := strconv.ParseInt(env("UPLOAD_QUOTA_MB", "500"), 10, 64)
	if err != nil || quota < 1 || quota > 1<<20 {
		return c, fmt.Errorf("UPLOAD_QUOTA_MB must be a whole number of megabytes between 1 and 1048576")
	}
	c.UploadQuota = quota << 20
	if c.MaxInFlight, err = strconv.Atoi(env("MAX_IN_FLIGHT", "32")); err != nil || c.MaxInFlight < 0 {
		return c, fmt.Errorf("MAX_IN_FLIGHT must be a whole number (0 = no bound)")
	}
	if c.MaxQueueWait, err = time.ParseDuration(env("MAX_QUEUE_WAIT", "100ms")); err != nil || c.MaxQueueWait < 0 || c.MaxQueueWait > 10*time.Second {
		return c, fmt.Errorf("MAX_QUEUE_WAIT must be a duration between 0 (refuse at once) and 10s, such as 100ms")
	}
	if c.DBPoolSize, err = strconv.Atoi(env("DB_POOL_SIZE", strconv.Itoa(store.DefaultPoolSize()))); err != nil || c.DBPoolSize < 2 || c.DBPoolSize > 1000 {
		return c, fmt.Errorf("DB_POOL_SIZE must be a whole number between 2 and 1000")
	}
	if c.UploadsPerHour, err = strconv.Atoi(env("UPLOADS_PER_HOUR", "60")); err != nil || c.UploadsPerHour < 1 {
		return c, fmt.Errorf("UPLOADS_PER_HOUR must be a positive integer")
	}
	if c.NetworkPagesPerDay, err = strconv.Atoi(env("NETWORK_PAGES_PER_DAY", "300")); err != nil || c.NetworkPagesPerDay < 1 {
		return c, fmt.Errorf("NETWORK_PAGES_PER_DAY must be a positive integer")
	}
	if c.NetworkProfilesPerDay, err = strconv.Atoi(env("NETWORK_PROFILES_PER_DAY", "500")); err != nil || c.NetworkProfilesPerDay < 1 {
		return c, fmt.Errorf("NETWORK_PROFILES_PER_DAY must be a positive integer")
	}
	if c.TrustedProxies, err = ParsePrefixes(os.Getenv("TRUSTED_PROXIES")); err != nil {
		return c, fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	if err := c.loadRedis(); err != nil {
		return c, err
	}
	if c.Coach, err = loadCoachConfig(); err != nil {
		return c, err
	}
	if err := c.loadStorage(); err != nil {
		return c, err
	}
	if err := c.loadPayout(); err != nil {
		return c, err
	}
	if c.StripeAPIBase == "" {
		c.StripeAPIBase = "http://127.0.0.1:12111" // stripe-mock, started by ops/services.sh
		if c.Production() {
			c.StripeAPIBase = StripeLive
		}
	}
	if c.Production() {
		var missing []string
		for name, v := range map[string]string{"JWT_SECRET": c.JWTSecret, "OTP_SECRET": c.OTPSecret, "OPS_PASSWORD": c.OpsPassword} {
			if len(v) < 16 {
				missing = append(missing, name)
			}
		}
		for name, v := range map[string]string{"STRIPE_SECRET_KEY": c.StripeSecretKey, "STRIPE_PUBLISHABLE_KEY": c.StripePublishableKey,
			"STRIPE_WEBHOOK_SECRET": c.StripeWebhookSecret} {
			if v == "" {
				missing = append(missing, name)
			}
		}
		if !strings.HasPrefix(c.Payout.ConnectWebhookSecret, "whsec_") {
			missing = append(missing, "STRIPE_CONNECT_WEBHOOK_SECRET")
		}
		slices.Sort(missing)
		if len(missing) > 0 {
			return c, fmt.Errorf("production needs these settings (secrets of at least 16 characters): %s", strings.Join(missing, ", "))
		}
		if err := c.refuseSandboxes(); err != nil {
			return c, err
		}
	} else { // development or test
		c.JWTSecret = orDefault(c.JWTSecret, "dev-jwt-secret-change-me")
		c.OTPSecret = orDefault(c.OTPSecret, "dev-otp-secret-change-me")
		c.OpsPassword = orDefault(c.OpsPassword, "ops")
		c.StripeSecretKey = orDefault(c.StripeSecretKey, "sk_test_sandbox")
		c.StripePublishableKey = orDefault(c.StripePublishableKey, SandboxPublishableKey)
		c.StripeWebhookSecret = orDefault(c.StripeWebhookSecret, "whsec_dev_sandbox")
	}
	return c, nil
}

// refuseSandboxes is production's check that nothing runs against a
// stand-in: the social sandbox (an unauthenticated switch under /sandbox),
// a payment API other than the provider's live one, or a test key (whose
// "payments" charge nobody). Each error names the setting.
func (c Config) refuseSandboxes() error {
	if v := os.Getenv("SOCIAL_SANDBOX"); v != "" && v != "0" && v != "false" {
		return fmt.Errorf("SOCIAL_SANDBOX=%s is not allowed in production: unset it (or set 0) to use the real platforms", v)
	}
	if c.PaymentsSandbox() {
		return fmt.Errorf("STRIPE_API_BASE must be %s in production, not %q", StripeLive, c.StripeAPIBase)
	}
	if !strings.HasPrefix(c.StripeSecretKey, "sk_live_") && !strings.HasPrefix(c.StripeSecretKey, "rk_live_") {
		return fmt.Errorf("STRIPE_SECRET_KEY must be a live key (sk_live_… or rk_live_…) in production, not a test key")
	}
	return nil
}

// Development defaults of the S3 settings: the versitygw ops/services.sh starts.
const (
	devS3Endpoint = "http://127.0.0.1:7070"
	devS3Bucket   = "creatorcoach"
	devS3Key      = "creatorcoach"
	devS3Secret   = "creatorcoach-dev-secret"
)

// loadStorage reads STORAGE and the S3_* settings. With STORAGE=s3,
// production needs every one of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and
// S3_SECRET_ACCESS_KEY (the error names the missing ones); development uses
// the local versitygw's. S3_REGION defaults to us-east-1; S3_PATH_STYLE to
// true except for an amazonaws.com endpoint.
func (c *Config) loadStorage() error {
	c.Storage = env("STORAGE", "local")
	if c.Storage != "local" && c.Storage != "s3" {
		return fmt.Errorf("STORAGE must be local or s3, not %q", c.Storage)
	}
	c.S3 = blob.S3Config{Endpoint: os.Getenv("S3_ENDPOINT"), Bucket: os.Getenv("S3_BUCKET"), Region: env("S3_REGION", "us-east-1"),
		AccessKeyID: os.Getenv("S3_ACCESS_KEY_ID"), SecretAccessKey: os.Getenv("S3_SECRET_ACCESS_KEY")}
	if c.Storage != "s3" {
		return nil
	}
	if c.Production() {
		var missing []string
		for _, s := range []struct{ name, v string }{{"S3_ENDPOINT", c.S3.Endpoint}, {"S3_BUCKET", c.S3.Bucket},
			{"S3_ACCESS_KEY_ID", c.S3.AccessKeyID}, {"S3_SECRET_ACCESS_KEY", c.S3.SecretAccessKey}} {
			if s.v == "" {
				missing = append(missing, s.name)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("STORAGE=s3 needs these settings in production: %s", strings.Join(missing, ", "))
		}
	} else {
		c.S3.Endpoint = orDefault(c.S3.Endpoint, devS3Endpoint)
		c.S3.Bucket = orDefault(c.S3.Bucket, devS3Bucket)
		c.S3.AccessKeyID = orDefault(c.S3.AccessKeyID, devS3Key)
		c.S3.SecretAccessKey = orDefault(c.S3.SecretAccessKey, devS3Secret)
	}
	u, err := url.Parse(c.S3.Endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("S3_ENDPOINT must be an http:// or https:// URL, not %q", c.S3.Endpoint)
	}
	c.S3.PathStyle = !strings.HasSuffix(u.Hostname(), ".amazonaws.com")
	if v := os.Getenv("S3_PATH_STYLE"); v != "" {
		if c.S3.PathStyle, err = strconv.ParseBool(v); err != nil {
			return fmt.Errorf("S3_PATH_STYLE must be true or false, not %q", v)
		}
	}
	return nil
}

// OpenBlobs returns the store of uploads and roster files STORAGE names.
// Outside production the S3 bucket is created when missing.
func OpenBlobs(ctx context.Context, c Config) (blob.Store, error) {
	if c.Storage != "s3" {
		return blob.NewLocal(c.DataPath()), nil
	}
	s, err := blob.NewS3(c.S3)
	if err != nil {
		return nil, err
	}
	if !c.Production() {
		if err := s.EnsureBucket(ctx); err != nil {
			return nil, fmt.Errorf("S3 bucket %s at %s: %w", c.S3.Bucket, c.S3.Endpoint, err)
		}
	}
	return s, nil
}

// ParsePrefixes reads a comma-separated list of CIDRs ("10.0.0.0/8") or
// single addresses ("127.0.0.1", taken as /32 or /128).
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			ip, ipErr := netip.ParseAddr(f)
			if ipErr != nil {
				return nil, fmt.Errorf("%q is neither a CIDR nor an address", f)
			}
			p = netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// parseAge reads a positive duration: whole days ("90d") or a Go duration ("720h").
func parseAge(v string) (time.Duration, error) {
	var d time.Duration
	var err error
	if days, ok := strings.CutSuffix(v, "d"); ok {
		var n int
		n, err = strconv.Atoi(days)
		d = time.Duration(n) * 24 * time.Hour
	} else {
		d, err = time.ParseDuration(v)
	}
	if err == nil && d <= 0 {
		err = fmt.Errorf("not positive")
	}
	return d, err
}

func loadCoachConfig() (CoachConfig, error) {
	c := CoachConfig{LLMURL: os.Getenv("COACH_LLM_URL"), LLMModel: os.Getenv("COACH_LLM_MODEL"),
		LLMKey: os.Getenv("COACH_LLM_KEY"), LLMTimeout: 10 * time.Second}
	var err error
	if v := os.Getenv("COACH_MONTHLY_CAP"); v != "" {
		if c.MonthlyCap, err = strconv.Atoi(v); err != nil || c.MonthlyCap < 1 {
			return c, fmt.Errorf("COACH_MONTHLY_CAP must be a positive integer")
		}
	}
	if v := os.Getenv("COACH_LLM_TIMEOUT"); v != "" {
		if c.LLMTimeout, err = time.ParseDuration(v); err != nil || c.LLMTimeout <= 0 {
			return c, fmt.Errorf("COACH_LLM_TIMEOUT must be a positive duration such as 8s")
		}
	}
	if c.LLMURL != "" && c.LLMModel == "" {
		return c, fmt.Errorf("COACH_LLM_URL needs COACH_LLM_MODEL")
	}
	return c, nil
}

// Production reports whether APP_ENV is production.
func (c Config) Production() bool { return c.Env == "production" }

func env(name, def string) string { return orDefault(os.Getenv(name), def) }

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// OpenStore connects to Postgres with the configuration's secrets (OTP key,
// bcrypt cost) set on the store.
func OpenStore(ctx context.Context, c Config) (*store.DB, error) {
	db, err := store.Open(ctx, c.DatabaseURL)
	if err != nil {
		return nil, err
	}
	db.OTPSecret, db.BcryptCost, db.SessionMaxAge = []byte(c.OTPSecret), c.BcryptCost, c.SessionMaxAge
	db.OTPFailuresPerDay, db.OfferTTL, db.AutoApproveAfter = c.OTPFailuresPerDay, c.OfferTTL, c.AutoApproveAfter
	db.Payout = c.Payout.PayoutSettings
	db.SetPoolSize(c.DBPoolSize)
	return db, nil
}

// PlanPrices are the provider price ids of the plans, from configuration.
func (c Config) PlanPrices() store.PlanPrices {
	return store.PlanPrices{"creator_monthly": c.StripePriceMonthly, "creator_yearly": c.StripePriceYearly}
}
