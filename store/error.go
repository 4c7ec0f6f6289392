package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/lib/pq"
)

// Error codes returned by store methods. cmd/api maps each to one HTTP status.
const (
	EINVALID      = "invalid"
	EUNAUTHORIZED = "unauthorized"
	EUNVERIFIED   = "unverified"
	EFORBIDDEN    = "forbidden"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ERATELIMITED  = "rate_limited"
	ETOOLARGE     = "too_large"
	EUNAVAILABLE  = "unavailable"
	// EPAYMENTREQUIRED: the action needs a running subscription (no credit left).
	EPAYMENTREQUIRED = "payment_required"
	EINTERNAL        = "internal"
	EPAYMENT         = "payment_failed"       // the card was declined
	EPROVIDERDOWN    = "provider_unavailable" // an outside service timed out or failed
	EPROVIDER        = "provider_error"       // an outside service refused the request
)

// Error is the one error type of the domain: a code, a message meant for the
// user, and optional per-field messages (the form's own wording).
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
	Cause   error // what went wrong underneath, for the log; never shown
	// RetryAfter, for ERATELIMITED, is how long until the call may succeed
	// (the api's Retry-After); 0 = not known.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return e.Message + ": " + e.Cause.Error()
	}
	return e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Cause }

// Errorf builds an *Error with a code and a user-facing message.
func Errorf(code, message string) *Error { return &Error{Code: code, Message: message} }

// FieldErrors is a set of per-field validation messages, keyed by JSON field name.
type FieldErrors map[string]string

// Err returns nil when there are no field errors, else an EINVALID *Error
// whose message is the first field's message.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Code: EINVALID, Message: "Please correct the highlighted fields", Fields: f}
}

// add records msg for field unless the field already has a message.
func (f FieldErrors) add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// ErrorCode returns the code of err when it is (or wraps) an *Error, and
// EINTERNAL for anything else, including nil-safe use on driver errors.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	if err == nil {
		return ""
	}
	if Unavailable(err) {
		return EUNAVAILABLE
	}
	return EINTERNAL
}

// MsgUnavailable is the answer while Postgres cannot be reached.
const MsgUnavailable = "The service is temporarily unavailable. Please try again in a moment."

// Unavailable reports whether err means Postgres could not be reached or
// dropped the connection (down, restarting, shutting down, refusing
// connections), as opposed to a problem with the request itself.
func Unavailable(err error) bool {
	if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false // the caller's own time limit, not an outage
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		code := string(pqErr.Code)
		return strings.HasPrefix(code, "08") || code == "57P01" || code == "57P02" || code == "57P03" || code == "53300"
	}
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE)
}

// Canceled reports whether err is a cancellation of the caller's context as
// it comes back: the context's own error (waiting for a connection), or
// Postgres's answer to the cancel request the driver sent for the running
// statement (query_canceled).
func Canceled(err error) bool {
	var pqErr *pq.Error
	return errors.Is(err, context.Canceled) || errors.As(err, &pqErr) && pqErr.Code == "57014"
}

// ErrorMessage returns the user-facing message of err, or a generic one for
// internal errors so that internals never leak.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	if Unavailable(err) {
		return MsgUnavailable
	}
	return "Something went wrong. Please try again."
}

// translate turns driver errors into domain errors in one place:
// sql.ErrNoRows → ENOTFOUND, unique violation → ECONFLICT. Others pass through.
func translate(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Errorf(ENOTFOUND, what+" not found")
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return Errorf(ECONFLICT, what+" already exists")
	}
	return err
}
