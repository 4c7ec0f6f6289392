package app

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// RedisConfig is where every process finds Redis: one server (REDIS_URL),
// or, with REDIS_SENTINELS, the master that the Sentinels of
// REDIS_MASTER_NAME name. Under Sentinel, REDIS_URL's host and port are not
// used; its user name, password, database number and TLS (rediss://) still
// apply to the master, and REDIS_SENTINEL_PASSWORD (optional) is the
// Sentinels' own password.
type RedisConfig struct {
	// URL (REDIS_URL, default redis://127.0.0.1:6379/0) is the Redis server
	// (and its database, user and password) when no Sentinel is set.
	URL string
	// Sentinels (REDIS_SENTINELS, comma-separated host:port; default none:
	// the one server of URL) are the Sentinels that name the master.
	Sentinels []string
	// MasterName (REDIS_MASTER_NAME; required with Sentinels) is the name
	// the Sentinels monitor the master under.
	MasterName string
	// SentinelPassword (REDIS_SENTINEL_PASSWORD, default "") is the
	// Sentinels' own password; never logged.
	SentinelPassword string
}

// loadRedis reads REDIS_URL, REDIS_SENTINELS, REDIS_MASTER_NAME,
// REDIS_SENTINEL_PASSWORD and RELAY_RECHECK_AFTER.
func (c *Config) loadRedis() error {
	r := RedisConfig{URL: env("REDIS_URL", "redis://127.0.0.1:6379/0"), MasterName: strings.TrimSpace(os.Getenv("REDIS_MASTER_NAME")),
		SentinelPassword: os.Getenv("REDIS_SENTINEL_PASSWORD")}
	if _, err := redis.ParseURL(r.URL); err != nil {
		return fmt.Errorf("REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0: %v", err)
	}
	var err error
	if r.Sentinels, err = ParseSentinels(os.Getenv("REDIS_SENTINELS")); err != nil {
		return fmt.Errorf("REDIS_SENTINELS: %w", err)
	}
	switch {
	case len(r.Sentinels) > 0 && r.MasterName == "":
		return fmt.Errorf("REDIS_SENTINELS needs REDIS_MASTER_NAME, the name the Sentinels monitor the master under")
	case len(r.Sentinels) == 0 && r.MasterName != "":
		return fmt.Errorf("REDIS_MASTER_NAME needs REDIS_SENTINELS, the Sentinels' host:port list")
	case len(r.Sentinels) == 0 && r.SentinelPassword != "":
		return fmt.Errorf("REDIS_SENTINEL_PASSWORD needs REDIS_SENTINELS")
	}
	c.Redis, c.RedisURL = r, r.URL
	c.RelayRecheckAfter = DefaultRelayRecheckAfter
	if v := os.Getenv("RELAY_RECHECK_AFTER"); v != "" {
		if c.RelayRecheckAfter, err = time.ParseDuration(v); err != nil || c.RelayRecheckAfter < time.Second {
			return fmt.Errorf("RELAY_RECHECK_AFTER must be a duration of at least 1s, such as 2m")
		}
	}
	return nil
}

// DefaultRelayRecheckAfter is RELAY_RECHECK_AFTER's default: how long after
// relaying a task the relay checks that Redis still has it.
const DefaultRelayRecheckAfter = 2 * time.Minute

// ParseSentinels reads a comma-separated list of host:port addresses.
func ParseSentinels(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for _, a := range strings.Split(list, ",") {
		a = strings.TrimSpace(a)
		host, port, err := net.SplitHostPort(a)
		if a == "" || err != nil || host == "" {
			return nil, fmt.Errorf("%q is not a host:port address", a)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%q: the port must be a number between 1 and 65535", a)
		}
		out = append(out, a)
	}
	return out, nil
}

// RedisConn is a process's way to Redis, the same for asynq and go-redis.
type RedisConn struct {
	// Asynq is for asynq's clients, servers, scheduler and inspector, and
	// the queue dashboard: asynq.RedisFailoverClientOpt under Sentinel,
	// else asynq.RedisClientOpt.
	Asynq asynq.RedisConnOpt
	// Client is go-redis's client (redis.NewFailoverClient under Sentinel):
	// the rate limits (redis_rate), /readyz, the api's immediate enqueues.
	Client *redis.Client
}

// OpenRedis returns the Redis connection of every process. tune, when not
// nil, adjusts Client's options (the api dials once instead of five times).
// Nothing is dialled until the first command.
func (c Config) OpenRedis(tune func(*redis.UniversalOptions)) (RedisConn, error) {
	u, err := redis.ParseURL(c.Redis.URL)
	if err != nil {
		return RedisConn{}, fmt.Errorf("REDIS_URL: %w", err)
	}
	o := &redis.UniversalOptions{Addrs: []string{u.Addr}, Username: u.Username, Password: u.Password, DB: u.DB, TLSConfig: u.TLSConfig}
	if len(c.Redis.Sentinels) == 0 {
		if tune != nil {
			tune(o)
		}
		return RedisConn{Client: redis.NewClient(o.Simple()),
			Asynq: asynq.RedisClientOpt{Addr: u.Addr, Username: u.Username, Password: u.Password, DB: u.DB, TLSConfig: u.TLSConfig}}, nil
	}
	o.Addrs, o.MasterName, o.SentinelPassword = c.Redis.Sentinels, c.Redis.MasterName, c.Redis.SentinelPassword
	if tune != nil {
		tune(o)
	}
	return RedisConn{Client: redis.NewFailoverClient(o.Failover()),
		Asynq: asynq.RedisFailoverClientOpt{MasterName: c.Redis.MasterName, SentinelAddrs: c.Redis.Sentinels,
			SentinelPassword: c.Redis.SentinelPassword, Username: u.Username, Password: u.Password, DB: u.DB, TLSConfig: u.TLSConfig}}, nil
}
