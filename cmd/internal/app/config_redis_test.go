package app

import (
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

func clearRedisEnv(t *testing.T) {
	t.Helper()
	clearEnv(t)
	for _, name := range []string{"REDIS_URL", "REDIS_SENTINELS", "REDIS_MASTER_NAME", "REDIS_SENTINEL_PASSWORD", "RELAY_RECHECK_AFTER"} {
		t.Setenv(name, "")
	}
}

func TestLoadConfig_Redis(t *testing.T) {
	t.Run("OneServerByDefault", func(t *testing.T) {
		clearRedisEnv(t)
		c, err := LoadConfig()
		if err != nil || c.Redis.URL != "redis://127.0.0.1:6379/0" || len(c.Redis.Sentinels) != 0 || c.RelayRecheckAfter != 2*time.Minute {
			t.Fatalf("got %+v %v, %v", c.Redis, c.RelayRecheckAfter, err)
		}
		conn, err := c.OpenRedis(nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Client.Close()
		if opt, ok := conn.Asynq.(asynq.RedisClientOpt); !ok || opt.Addr != "127.0.0.1:6379" {
			t.Fatalf("asynq option %#v", conn.Asynq)
		}
	})
	t.Run("Sentinels", func(t *testing.T) {
		clearRedisEnv(t)
		t.Setenv("REDIS_URL", "redis://:secret@ignored.example:6390/3")
		t.Setenv("REDIS_SENTINELS", " 10.0.0.1:26379, sentinel-b:26380,[::1]:26381 ")
		t.Setenv("REDIS_MASTER_NAME", "creatorcoach")
		t.Setenv("REDIS_SENTINEL_PASSWORD", "s3ntinel")
		t.Setenv("RELAY_RECHECK_AFTER", "30s")
		c, err := LoadConfig()
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"10.0.0.1:26379", "sentinel-b:26380", "[::1]:26381"}
		if strings.Join(c.Redis.Sentinels, ",") != strings.Join(want, ",") || c.Redis.MasterName != "creatorcoach" || c.RelayRecheckAfter != 30*time.Second {
			t.Fatalf("got %+v %v", c.Redis, c.RelayRecheckAfter)
		}
		var tuned *redis.UniversalOptions
		conn, err := c.OpenRedis(func(o *redis.UniversalOptions) { tuned = o })
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Client.Close()
		// The Sentinels win over REDIS_URL's host; its password and database still apply.
		opt, ok := conn.Asynq.(asynq.RedisFailoverClientOpt)
		if !ok || opt.MasterName != "creatorcoach" || strings.Join(opt.SentinelAddrs, ",") != strings.Join(want, ",") ||
			opt.Password != "secret" || opt.DB != 3 || opt.SentinelPassword != "s3ntinel" {
			t.Fatalf("asynq option %#v", conn.Asynq)
		}
		if tuned == nil || tuned.MasterName != "creatorcoach" || tuned.Password != "secret" || tuned.DB != 3 || len(tuned.Addrs) != 3 {
			t.Fatalf("go-redis options %+v", tuned)
		}
	})
	for _, tc := range []struct{ name, sentinels, master, password, recheck, url, want string }{
		{"SentinelsWithoutMaster", "127.0.0.1:26379", "", "", "", "", "REDIS_SENTINELS needs REDIS_MASTER_NAME"},
		{"MasterWithoutSentinels", "", "creatorcoach", "", "", "", "REDIS_MASTER_NAME needs REDIS_SENTINELS"},
		{"PasswordWithoutSentinels", "", "", "pw", "", "", "REDIS_SENTINEL_PASSWORD needs REDIS_SENTINELS"},
		{"NoPort", "127.0.0.1", "m", "", "", "", `REDIS_SENTINELS: "127.0.0.1" is not a host:port address`},
		{"EmptyItem", "127.0.0.1:26379,,127.0.0.1:26380", "m", "", "", "", `REDIS_SENTINELS: "" is not a host:port address`},
		{"BadPort", "127.0.0.1:sentinel", "m", "", "", "", `REDIS_SENTINELS: "127.0.0.1:sentinel": the port must be a number`},
		{"PortZero", "127.0.0.1:0", "m", "", "", "", "the port must be a number between 1 and 65535"},
		{"NoHost", ":26379", "m", "", "", "", `REDIS_SENTINELS: ":26379" is not a host:port address`},
		{"BadURL", "", "", "", "", "http://127.0.0.1:6379", "REDIS_URL must be a redis:// or rediss:// URL"},
		{"RecheckTooShort", "", "", "", "10ms", "", "RELAY_RECHECK_AFTER must be a duration of at least 1s"},
		{"RecheckNotDuration", "", "", "", "2", "", "RELAY_RECHECK_AFTER must be a duration of at least 1s"},
	} {
		t.Run("Err"+tc.name, func(t *testing.T) {
			clearRedisEnv(t)
			t.Setenv("REDIS_SENTINELS", tc.sentinels)
			t.Setenv("REDIS_MASTER_NAME", tc.master)
			t.Setenv("REDIS_SENTINEL_PASSWORD", tc.password)
			t.Setenv("RELAY_RECHECK_AFTER", tc.recheck)
			if tc.url != "" {
				t.Setenv("REDIS_URL", tc.url)
			}
			if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}
