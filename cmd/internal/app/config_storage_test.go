package app

import (
	"strings"
	"testing"
)

// clearStorageEnv unsets STORAGE and the S3 settings.
func clearStorageEnv(t *testing.T) {
	t.Helper()
	clearEnv(t)
	for _, name := range []string{"STORAGE", "S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PATH_STYLE"} {
		t.Setenv(name, "")
	}
}

func TestLoadConfig_Storage(t *testing.T) {
	t.Run("DefaultsToLocal", func(t *testing.T) {
		clearStorageEnv(t)
		c, err := LoadConfig()
		if err != nil || c.Storage != "local" {
			t.Fatalf("got %q, %v", c.Storage, err)
		}
	})
	t.Run("Unknown", func(t *testing.T) {
		clearStorageEnv(t)
		t.Setenv("STORAGE", "gcs")
		if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), "STORAGE") {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("DevelopmentS3Defaults", func(t *testing.T) {
		clearStorageEnv(t)
		t.Setenv("STORAGE", "s3")
		c, err := LoadConfig()
		if err != nil || c.S3.Endpoint != devS3Endpoint || c.S3.Bucket != devS3Bucket || !c.S3.PathStyle || c.S3.Region != "us-east-1" {
			t.Fatalf("got %+v, %v", c.S3, err)
		}
	})
	t.Run("PathStyle", func(t *testing.T) {
		clearStorageEnv(t)
		t.Setenv("STORAGE", "s3")
		t.Setenv("S3_ENDPOINT", "https://s3.eu-west-1.amazonaws.com")
		if c, err := LoadConfig(); err != nil || c.S3.PathStyle {
			t.Fatalf("AWS endpoint: path style %v, %v", c.S3.PathStyle, err)
		}
		t.Setenv("S3_PATH_STYLE", "true")
		if c, err := LoadConfig(); err != nil || !c.S3.PathStyle {
			t.Fatalf("S3_PATH_STYLE=true: %v, %v", c.S3.PathStyle, err)
		}
		t.Setenv("S3_PATH_STYLE", "maybe")
		if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), "S3_PATH_STYLE") {
			t.Fatalf("err %v", err)
		}
		t.Setenv("S3_PATH_STYLE", "")
		t.Setenv("S3_ENDPOINT", "127.0.0.1:7070")
		if _, err := LoadConfig(); err == nil || !strings.Contains(err.Error(), "S3_ENDPOINT") {
			t.Fatalf("endpoint without scheme: %v", err)
		}
	})
	t.Run("ProductionNamesMissing", func(t *testing.T) {
		clearStorageEnv(t)
		for k, v := range map[string]string{"APP_ENV": "production", "JWT_SECRET": "0123456789abcdef-jwt", "OTP_SECRET": "0123456789abcdef-otp",
			"OPS_PASSWORD": "0123456789abcdef-ops", "STRIPE_SECRET_KEY": "sk_live_0123456789abcdef",
			"STRIPE_PUBLISHABLE_KEY": "pk_live_0123456789abcdef", "STRIPE_WEBHOOK_SECRET": "whsec_0123456789abcdef",
			"STRIPE_CONNECT_WEBHOOK_SECRET": "whsec_connect_0123456789"} {
			t.Setenv(k, v)
		}
		if _, err := LoadConfig(); err != nil {
			t.Fatalf("production with local storage: %v", err)
		}
		t.Setenv("STORAGE", "s3")
		t.Setenv("S3_ENDPOINT", "https://s3.example.com")
		t.Setenv("S3_ACCESS_KEY_ID", "key")
		_, err := LoadConfig()
		if err == nil || !strings.Contains(err.Error(), "S3_BUCKET") || !strings.Contains(err.Error(), "S3_SECRET_ACCESS_KEY") ||
			strings.Contains(err.Error(), "S3_ENDPOINT") || strings.Contains(err.Error(), "S3_ACCESS_KEY_ID") {
			t.Fatalf("err %v, want S3_BUCKET and S3_SECRET_ACCESS_KEY named", err)
		}
		t.Setenv("S3_BUCKET", "uploads")
		t.Setenv("S3_SECRET_ACCESS_KEY", "secret")
		c, err := LoadConfig()
		if err != nil || c.S3.Bucket != "uploads" || !c.S3.PathStyle {
			t.Fatalf("got %+v, %v", c.S3, err)
		}
	})
}
