package main

import (
	"errors"
	"net/http"

	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// Defaults of the per-account upload limits (UPLOAD_QUOTA_MB, UPLOADS_PER_HOUR).
const (
	defaultUploadQuota    = 500 << 20
	defaultUploadsPerHour = 60
)

// uploadLimits is what one role may upload.
type uploadLimits struct {
	maxSize    int64
	imagesOnly bool
	tooLarge   error
}

var errImageTooLarge = &store.Error{Code: store.ETOOLARGE, Message: store.MsgImageTooLarge,
	Fields: map[string]string{"file": store.MsgImageTooLarge}}

// uploadLimitsOf: a creator (USER) uploads only profile pictures, images
// up to store.MaxImageSize; staff roles any accepted type up to store.MaxFileSize.
func uploadLimitsOf(role string) uploadLimits {
	if role == store.RoleUser {
		return uploadLimits{maxSize: store.MaxImageSize, imagesOnly: true, tooLarge: errImageTooLarge}
	}
	return uploadLimits{maxSize: store.MaxFileSize, tooLarge: errFileTooLarge}
}

// bodyError turns a body read error into 413 (over this role's limit) or 422.
func (l uploadLimits) bodyError(err error) error {
	var tooBig *http.MaxBytesError
	var known *store.Error
	switch {
	case errors.As(err, &tooBig) || errors.Is(err, errFileTooLarge):
		return l.tooLarge
	case errors.As(err, &known):
		return err
	}
	return uploadError(err)
}

// uploadQuota is how many bytes of uploads one account may keep.
func (s *server) uploadQuota() int64 {
	if s.cfg.UploadQuota > 0 {
		return s.cfg.UploadQuota
	}
	return defaultUploadQuota
}

// uploadRate is how many uploads one account may make per hour.
func (s *server) uploadRate() redis_rate.Limit {
	n := s.cfg.UploadsPerHour
	if n <= 0 {
		n = defaultUploadsPerHour
	}
	return redis_rate.PerHour(n)
}
