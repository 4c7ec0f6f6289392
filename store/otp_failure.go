package store

import (
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

const (
	// DefaultOTPFailuresPerDay is the cap of failed code checks per e-mail
	// address in 24 hours unless DB.OTPFailuresPerDay says otherwise.
	DefaultOTPFailuresPerDay = 20
	// OTPLockout is how long every code check of an address is refused once
	// it reached the cap.
	OTPLockout = 24 * time.Hour
)

// MsgOTPLocked answers every code check of an address past the daily cap.
const MsgOTPLocked = "Too many wrong codes. Request a new code after 24 hours."

var errOTPLocked = Errorf(ERATELIMITED, MsgOTPLocked)

func (s *DB) otpFailureCap() int {
	if s.OTPFailuresPerDay > 0 {
		return s.OTPFailuresPerDay
	}
	return DefaultOTPFailuresPerDay
}

// otpLocked returns errOTPLocked while the address is locked out.
func (s *DB) otpLocked(tx *sqlx.Tx, email string) error {
	var locked bool
	err := tx.Get(&locked, `SELECT EXISTS (SELECT 1 FROM otp_failures WHERE email = $1 AND locked_until > $2)`, email, s.now())
	if err != nil {
		return fmt.Errorf("find code lockout: %w", err)
	}
	if locked {
		return errOTPLocked
	}
	return nil
}

// countOTPFailure counts a failed code check of the address (userID is ""
// for an unknown one). The failure that reaches the cap locks the address
// for OTPLockout, kills its live codes and returns errOTPLocked.
func (s *DB) countOTPFailure(tx *sqlx.Tx, email, userID string) error {
	now := s.now()
	var failures int
	err := tx.Get(&failures, `INSERT INTO otp_failures (email, window_start, failures) VALUES ($1, $2, 1)
		ON CONFLICT (email) DO UPDATE SET
			window_start = CASE WHEN otp_failures.window_start <= $3 THEN EXCLUDED.window_start ELSE otp_failures.window_start END,
			failures = CASE WHEN otp_failures.window_start <= $3 THEN 1 ELSE otp_failures.failures + 1 END
		RETURNING failures`, email, now, now.Add(-OTPLockout))
	if err != nil {
		return fmt.Errorf("count code failure: %w", err)
	}
	if failures < s.otpFailureCap() {
		return nil
	}
	if _, err := tx.Exec(`UPDATE otp_failures SET locked_until = $2 WHERE email = $1`, email, now.Add(OTPLockout)); err != nil {
		return fmt.Errorf("lock codes: %w", err)
	}
	if userID != "" {
		if _, err := tx.Exec(`DELETE FROM one_time_codes WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("kill codes: %w", err)
		}
	}
	return errOTPLocked
}
