/** FREE_CREDITS: questions a creator without a running subscription may ask. */
export const FREE_CREDITS = 5

/**
 * freeCredits is the product's rule: 5 with no chats, else 5 minus the entries of the first chat, floored at 0.
 * An entry the coach could not answer (status 'failed') spends no credit, nor does one the creator's data could
 * not answer (free: no platform connected), as the server counts.
 * @param {import('../api/get-chats').Chats | undefined} chats
 */
export function freeCredits(chats) {
  if (!chats?.length) return FREE_CREDITS
  const spent = (chats[0]?.data ?? []).filter((e) => e?.status !== 'failed' && !e?.free).length
  return Math.max(0, FREE_CREDITS - spent)
}

/**
 * creditsLabel is the badge text: 'N free questions left'.
 * @param {number} n
 */
export function creditsLabel(n) {
  return `${n} free question${n === 1 ? '' : 's'} left`
}
