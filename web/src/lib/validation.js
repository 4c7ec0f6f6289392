// Shared validation patterns (password, name, OTP). The messages live in each form's schema.

/** PASSWORD_SPECIALS is the only set of special characters a password may hold. */
export const PASSWORD_SPECIALS = '!@#%^&*()_,.?{}|<>'

/** PASSWORD_PATTERN: 8+ chars, lower, upper, digit, one special, nothing else. */
export const PASSWORD_PATTERN =
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#%^&*()_,.?{}|<>])[A-Za-z\d!@#%^&*()_,.?{}|<>]{8,}$/

/** NAME_PATTERN: letters, digits and spaces only. */
export const NAME_PATTERN = /^[A-Za-z0-9 ]+$/

/** OTP_PATTERN: exactly six digits. */
export const OTP_PATTERN = /^\d{6}$/

/** PASSWORD_HINT tells the rule before the user trips over it. */
export const PASSWORD_HINT = `8+ characters with upper- and lowercase letters, a number and one of ${PASSWORD_SPECIALS}`
