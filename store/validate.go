package store

import (
	"bytes"
	"encoding/json"
	"net/mail"
	"regexp"
	"strings"
)

// Form messages, word for word as the browser shows them, shared by the
// server's validation.
const (
	MsgPasswordRule      = "Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character"
	MsgResetPasswordRule = "Password must be at least 8 characters long and include uppercase, lowercase, number, and special character"
	MsgPasswordRequired  = "Password is required"
	MsgNewPasswordReq    = "New password is required"
	MsgNameChars         = "Special characters are not allowed"
	MsgFullNameRequired  = "Full name is required"
	MsgCompanyRequired   = "company name is required"
	MsgBrandNameRequired = "Brand name is required"
	MsgEmailInvalid      = "Invalid email"
	MsgEmailRequired     = "Email is required"
	MsgNicheRequired     = "Creator niche is required"
	MsgNicheInvalid      = "Please select a valid creator niche"
	MsgVerifyCodeDigits  = "Verification code must be 6 digits"
	MsgVerifyCodeReq     = "Verification code is required"
	MsgOTPDigits         = "OTP must be 6 digits"
	MsgOTPRequired       = "OTP is required"
	MsgDeleteOTPRequired = "OTP digit is required"
	MsgDeleteEmail       = "Invalid email address"
	MsgReasonRequired    = "Please select a reason for deleting your account"
	MsgNulCharacter      = "Must not contain a NUL character"
	MsgPasswordTooCommon = "This password is too common"
)

// DeletionReasons are the reasons a user may give for deleting the account.
var DeletionReasons = []string{
	"No longer using the service/platform",
	"Found a better alternative",
	"Difficulty navigating the platform",
	"Privacy concerns",
	"Account security concerns",
	"Personal reasons",
	"Others",
}

var (
	passwordChars = regexp.MustCompile(`^[A-Za-z\d!@#%^&*()_,.?{}|<>]{8,72}$`)
	nameChars     = regexp.MustCompile(`^[A-Za-z0-9 ]+$`)
	sixDigits     = regexp.MustCompile(`^\d{6}$`)
	hasLower      = regexp.MustCompile(`[a-z]`)
	hasUpper      = regexp.MustCompile(`[A-Z]`)
	hasDigit      = regexp.MustCompile(`\d`)
	hasSpecial    = regexp.MustCompile(`[!@#%^&*()_,.?{}|<>]`)
)

// ValidPassword reports whether p follows the password rule: 8 to 72 of the
// letters, digits and specials !@#%^&*()_,.?{}|<>, with a lower-case and an
// upper-case letter, a digit and a special (bcrypt reads at most 72 bytes,
// so longer passwords are refused too).
func ValidPassword(p string) bool {
	return passwordChars.MatchString(p) && hasLower.MatchString(p) && hasUpper.MatchString(p) &&
		hasDigit.MatchString(p) && hasSpecial.MatchString(p)
}

func checkPassword(f FieldErrors, field, p, required, rule string) {
	switch {
	case p == "":
		f.add(field, required)
	case !ValidPassword(p):
		f.add(field, rule)
	case CommonPassword(p):
		f.add(field, MsgPasswordTooCommon)
	}
}

func checkName(f FieldErrors, field, name, required string) {
	switch {
	case strings.TrimSpace(name) == "":
		f.add(field, required)
	case !nameChars.MatchString(name):
		f.add(field, MsgNameChars)
	case len(name) > 100:
		f.add(field, "Must be at most 100 characters")
	}
}

// NormalizeEmail trims and lower-cases an address.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func validEmail(e string) bool {
	if len(e) > 254 || strings.ContainsAny(e, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e {
		return false
	}
	at := strings.LastIndexByte(e, '@')
	return at > 0 && strings.Contains(e[at+1:], ".")
}

func checkEmail(f FieldErrors, field, e, invalid string) {
	switch {
	case e == "":
		f.add(field, MsgEmailRequired)
	case !validEmail(e):
		f.add(field, invalid)
	}
}

func checkCode(f FieldErrors, field, code, required, digits string) {
	switch {
	case code == "":
		f.add(field, required)
	case !sixDigits.MatchString(code):
		f.add(field, digits)
	}
}

func checkReason(f FieldErrors, reason string) {
	for _, r := range DeletionReasons {
		if r == reason {
			return
		}
	}
	f.add("reason", MsgReasonRequired)
}

// CheckEmail validates an e-mail address field: EINVALID with "Email is
// required" or invalid as the field message.
func CheckEmail(field, email, invalid string) error {
	f := FieldErrors{}
	checkEmail(f, field, NormalizeEmail(email), invalid)
	return f.Err()
}

// hasNul reports whether any of vs holds a NUL character, which Postgres
// cannot store in text or jsonb.
func hasNul(vs ...string) bool {
	for _, v := range vs {
		if strings.IndexByte(v, 0) >= 0 {
			return true
		}
	}
	return false
}

// cleanJSON re-encodes a free-form JSON value the way Postgres's jsonb can
// store it (unpaired UTF-16 surrogates become U+FFFD; numbers keep their
// digits). It returns false when a key or string holds a NUL character or
// raw is not one JSON value.
func cleanJSON(raw json.RawMessage) (json.RawMessage, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || !nulFree(v) {
		return nil, false
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, false
	}
	return bytes.TrimRight(out.Bytes(), "\n"), true
}

func nulFree(v any) bool {
	switch t := v.(type) {
	case string:
		return !hasNul(t)
	case []any:
		for _, e := range t {
			if !nulFree(e) {
				return false
			}
		}
	case map[string]any:
		for k, e := range t {
			if hasNul(k) || !nulFree(e) {
				return false
			}
		}
	}
	return true
}
