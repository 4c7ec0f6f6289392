/**
 * maskEmail keeps the first two letters of the local part: "john@example.com" → "jo****@example.com".
 * @param {string | null | undefined} email
 */
export function maskEmail(email) {
  if (!email || !email.includes('@')) return email || ''
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(2, at))}****${email.slice(at)}`
}
