package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// OTPPurpose says what a one-time code is for.
type OTPPurpose string

// The three purposes of one-time codes.
const (
	OTPEmailVerification OTPPurpose = "email_verification"
	OTPPasswordReset     OTPPurpose = "password_reset"
	OTPAccountDeletion   OTPPurpose = "account_deletion"
)

const (
	// OTPTTL is how long a mailed code is valid.
	OTPTTL = 10 * time.Minute
	// OTPMaxAttempts is how many wrong tries kill a code.
	OTPMaxAttempts = 5
	// OTPResendCooldown is the minimum time between two mailed codes; a
	// request within it is answered as usual but mails nothing.
	OTPResendCooldown = 60 * time.Second
)

var errBadOTP = Errorf(EINVALID, "Invalid or expired code. Please request a new one.")

// otpHash is the stored form of a code: an HMAC keyed by OTP_SECRET and bound
// to the user and purpose.
func (s *DB) otpHash(userID string, purpose OTPPurpose, code string) []byte {
	m := hmac.New(sha256.New, s.OTPSecret)
	m.Write([]byte(userID + "|" + string(purpose) + "|" + code))
	return m.Sum(nil)
}

// requestOTP records a code request for the user inside tx and queues the
// mail task: task.Key becomes the request id the worker looks the request up
// by. The previous code of that purpose dies at once. Within the resend
// cooldown of the last request it does nothing: the caller answers as for an
// unknown address, which gets no mail either.
func (s *DB) requestOTP(tx *sqlx.Tx, userID string, purpose OTPPurpose, task Task) error {
	return s.requestOTPAfter(tx, userID, purpose, task, OTPResendCooldown)
}

// requestOTPAfter is requestOTP with its own cooldown (0: always a new code).
func (s *DB) requestOTPAfter(tx *sqlx.Tx, userID string, purpose OTPPurpose, task Task, cooldown time.Duration) error {
	now := s.now()
	var last sql.NullTime
	err := tx.Get(&last, `SELECT requested_at FROM one_time_codes WHERE user_id = $1 AND purpose = $2 FOR UPDATE`, userID, purpose)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("find code request: %w", err)
	}
	if cooldown > 0 && last.Valid && now.Sub(last.Time) < cooldown {
		return nil
	}
	_, err = tx.Exec(`INSERT INTO one_time_codes (user_id, purpose, request_id, requested_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, purpose) DO UPDATE SET request_id = EXCLUDED.request_id, requested_at = EXCLUDED.requested_at,
			code_hash = NULL, expires_at = NULL, attempts = 0, sent_at = NULL`, userID, purpose, task.Key, now)
	if err != nil {
		return fmt.Errorf("record code request: %w", err)
	}
	return insertTask(tx, task)
}

// RequestOTP asks for a code of purpose to be mailed to email. Unknown,
// deleted or (for e-mail verification) already verified addresses get no
// mail and no error, and neither does a request within OTPResendCooldown of
// the last one, so answers do not reveal which addresses exist.
func (s *DB) RequestOTP(ctx context.Context, email string, purpose OTPPurpose, task Task) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var u struct {
			ID       string `db:"id"`
			Verified bool   `db:"verified"`
		}
		err := tx.Get(&u, `SELECT id, email_verified_at IS NOT NULL AS verified FROM users
			WHERE email = $1 AND deleted_at IS NULL FOR UPDATE`, NormalizeEmail(email))
		if errors.Is(err, sql.ErrNoRows) || (err == nil && purpose == OTPEmailVerification && u.Verified) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("find user: %w", err)
		}
		return s.requestOTP(tx, u.ID, purpose, task)
	})
}

// OTPMail is what the worker needs to mail one code.
type OTPMail struct {
	RequestID string     `db:"request_id"`
	Purpose   OTPPurpose `db:"purpose"`
	Email     string     `db:"email"`
	Name      string     `db:"name"`
	Code      string     `db:"-"`
}

// IssueOTP stores the hash of code for the request and returns the mail to
// send. It returns (nil, nil) when there is nothing to send: the request was
// superseded by a newer one, its user is gone, or its mail went out already.
func (s *DB) IssueOTP(ctx context.Context, requestID, code string) (*OTPMail, error) {
	var m OTPMail
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var userID string
		err := tx.QueryRowx(`SELECT c.user_id, c.purpose, u.email, u.name FROM one_time_codes c JOIN users u ON u.id = c.user_id
			WHERE c.request_id = $1 AND c.sent_at IS NULL FOR UPDATE OF c`, requestID).Scan(&userID, &m.Purpose, &m.Email, &m.Name)
		if err != nil {
			return err
		}
		m.RequestID, m.Code = requestID, code
		_, err = tx.Exec(`UPDATE one_time_codes SET code_hash = $2, expires_at = $3, attempts = 0 WHERE request_id = $1`,
			requestID, s.otpHash(userID, m.Purpose, code), s.now().Add(OTPTTL))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("issue code %s: %w", requestID, err)
	}
	return &m, nil
}

// MarkOTPSent records that the request's mail went out, so a retried task does not mail again.
func (s *DB) MarkOTPSent(ctx context.Context, requestID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE one_time_codes SET sent_at = $2 WHERE request_id = $1`, requestID, s.now())
	return err
}

// checkOTP verifies code for the user inside tx. A wrong code counts an
// attempt (the caller must commit even then); the code dies after
// OTPMaxAttempts wrong tries or OTPTTL. With consume, a right code is deleted.
func (s *DB) checkOTP(tx *sqlx.Tx, userID string, purpose OTPPurpose, code string, consume bool) error {
	var c struct {
		Hash      []byte       `db:"code_hash"`
		ExpiresAt sql.NullTime `db:"expires_at"`
		Attempts  int          `db:"attempts"`
	}
	err := tx.Get(&c, `SELECT code_hash, expires_at, attempts FROM one_time_codes
		WHERE user_id = $1 AND purpose = $2 FOR UPDATE`, userID, purpose)
	if errors.Is(err, sql.ErrNoRows) {
		return errBadOTP
	}
	if err != nil {
		return fmt.Errorf("find code: %w", err)
	}
	if c.Hash == nil || !c.ExpiresAt.Valid || s.now().After(c.ExpiresAt.Time) || c.Attempts >= OTPMaxAttempts {
		return errBadOTP
	}
	if !hmac.Equal(c.Hash, s.otpHash(userID, purpose, code)) {
		if _, err := tx.Exec(`UPDATE one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2`, userID, purpose); err != nil {
			return fmt.Errorf("count attempt: %w", err)
		}
		return errBadOTP
	}
	if consume {
		if _, err := tx.Exec(`DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = $2`, userID, purpose); err != nil {
			return fmt.Errorf("consume code: %w", err)
		}
	}
	return nil
}

// withOTP runs action for the (not deleted) user of email after checking the
// code of purpose, in one transaction. A wrong code is still counted (the
// transaction commits the attempt) and returned as EINVALID; an unknown
// e-mail gives the same error. An address past the daily cap of failed
// checks gets ERATELIMITED (MsgOTPLocked), even with the right code.
func (s *DB) withOTP(ctx context.Context, email string, purpose OTPPurpose, code string, consume bool, action func(tx *sqlx.Tx, userID string) error) error {
	var codeErr error
	email = NormalizeEmail(email)
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var userID string
		err := tx.Get(&userID, `SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL FOR UPDATE`, email)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("find user: %w", err)
		}
		if codeErr = s.otpLocked(tx, email); codeErr != nil {
			if ErrorCode(codeErr) == EINTERNAL {
				return codeErr
			}
			return nil
		}
		if userID == "" {
			codeErr = errBadOTP
		} else {
			codeErr = s.checkOTP(tx, userID, purpose, code, consume)
		}
		if codeErr != nil {
			if ErrorCode(codeErr) == EINTERNAL {
				return codeErr
			}
			if err := s.countOTPFailure(tx, email, userID); err != nil {
				if ErrorCode(err) == EINTERNAL {
					return err
				}
				codeErr = err
			}
			return nil // commit the counted attempt
		}
		return action(tx, userID)
	})
	if err != nil {
		return err
	}
	return codeErr
}

// CheckOTP verifies a password-reset (or other) code without consuming it.
func (s *DB) CheckOTP(ctx context.Context, email string, purpose OTPPurpose, code string) error {
	f := FieldErrors{}
	checkEmail(f, "email", NormalizeEmail(email), MsgEmailInvalid)
	checkCode(f, "otp", code, MsgOTPRequired, MsgOTPDigits)
	if err := f.Err(); err != nil {
		return err
	}
	return s.withOTP(ctx, email, purpose, code, false, func(*sqlx.Tx, string) error { return nil })
}
