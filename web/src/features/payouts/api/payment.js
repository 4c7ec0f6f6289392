import useSWR from 'swr'
import { ApiError, request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const PAYMENT_KEY = 'payouts/offers'

/**
 * paymentKey is the SWR key of one offer's payment.
 * @param {string} entryId
 */
export const paymentKey = (entryId) => [PAYMENT_KEY, entryId]

/**
 * getPayment loads GET /api/payouts/offers/{entryId}: the offer's payment with its dates, or null when the offer has
 * none (404: not accepted yet).
 * @param {string} entryId
 */
export async function getPayment(entryId) {
  try {
    /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}', 'get'>} */
    const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}`)
    return json?.data?.payment ?? null
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

/**
 * usePayment reads an offer's payment (null without one); off skips the read.
 * @param {string} entryId
 * @param {boolean} [off]
 */
export function usePayment(entryId, off = false) {
  return useSWR(off || !entryId ? null : paymentKey(entryId), () => getPayment(entryId), { revalidateOnFocus: false })
}

/** affectsPayments: every payment read and the admin's board change with a move. */
const affectsPayments = (/** @type {unknown} */ key) => Array.isArray(key) && (key[0] === PAYMENT_KEY || key[0] === 'payouts/board')

/**
 * objectPayment calls POST /api/payouts/offers/{entryId}/objection: the brand holds the payment with a reason.
 * @param {string} entryId
 * @param {string} reason
 */
export async function objectPayment(entryId, reason) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/objection', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/objection`, { method: 'POST', body: { reason }, fallback: 'Could not object. Please try again.' })
  return json.data.payment
}

/**
 * decidePayment calls POST /api/payouts/offers/{entryId}/decision (ADMIN): release, partial_refund (refundAmount
 * cents back to the brand) or refund, with a reason.
 * @param {string} entryId
 * @param {import('../../../lib/api-types').Schema<'PayoutDecisionBody'>} body
 */
export async function decidePayment(entryId, body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/decision', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/decision`, { method: 'POST', body, fallback: 'Could not record the decision. Please try again.' })
  return json.data.payment
}

/**
 * approvePayment calls POST /api/payouts/offers/{entryId}/approval (BRAND_ADMIN): a manager's commitment above the
 * monthly limit is approved and the card charged.
 * @param {string} entryId
 */
export async function approvePayment(entryId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/approval', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/approval`, { method: 'POST', fallback: 'Could not approve the payment. Please try again.' })
  return json.data.payment
}

/**
 * retryPayment calls POST /api/payouts/offers/{entryId}/retry: charges the brand's default card again.
 * @param {string} entryId
 */
export async function retryPayment(entryId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/retry', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/retry`, { method: 'POST', fallback: 'Could not charge the card. Please try again.' })
  return json.data.payment
}

/**
 * cancelPayment calls POST /api/payouts/offers/{entryId}/cancel: an undelivered offer is refunded in full.
 * @param {string} entryId
 */
export async function cancelPayment(entryId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/cancel', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/cancel`, { method: 'POST', fallback: 'Could not cancel. Please try again.' })
  return json.data.payment
}

/**
 * startBankCheck calls POST /api/payouts/offers/{entryId}/authentication: the client secret of a funding that waits
 * for the bank's check (3-D Secure), and whether payments run in the sandbox (where the page plays the bank).
 * @param {string} entryId
 */
export async function startBankCheck(entryId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/authentication', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/authentication`, { method: 'POST', fallback: 'Could not start the check. Please try again.' })
  return json.data
}

/**
 * finishBankCheck calls POST /api/payouts/offers/{entryId}/authentication/result: the check's outcome is read from the
 * provider and recorded; `sandboxOutcome` (succeeded or failed) stands for the bank's answer in the sandbox.
 * @param {string} entryId
 * @param {'succeeded' | 'failed' | undefined} [sandboxOutcome]
 */
export async function finishBankCheck(entryId, sandboxOutcome = undefined) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/offers/{entryId}/authentication/result', 'post'>} */
  const json = await request(`${PAYMENT_KEY}/${encodeURIComponent(entryId)}/authentication/result`, {
    method: 'POST', body: sandboxOutcome ? { sandboxOutcome } : {}, fallback: 'Could not read the check. Please try again.',
  })
  return json.data.payment
}

/**
 * runStripeCheck lets Stripe.js (loaded only now, with the server's publishable key) run the bank's check of
 * clientSecret; it resolves with the provider's message when the check did not pass, else ''.
 * @param {string} clientSecret
 */
export async function runStripeCheck(clientSecret) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payments/config', 'get'>} */
  const json = await request('payments/config')
  const { loadStripe } = await import('@stripe/stripe-js')
  const stripe = await loadStripe(json.data.publishableKey)
  if (!stripe) return 'Could not load the payment form. Please try again.'
  const { error } = await stripe.handleNextAction({ clientSecret })
  return error ? error.message || 'Your bank did not confirm the payment.' : ''
}

export const useFinishBankCheck = () => useMutation(finishBankCheck, affectsPayments)
export const useObjectPayment = () => useMutation(objectPayment, affectsPayments)
export const useDecidePayment = () => useMutation(decidePayment, affectsPayments)
export const useApprovePayment = () => useMutation(approvePayment, affectsPayments)
export const useRetryPayment = () => useMutation(retryPayment, affectsPayments)
export const useCancelPayment = () => useMutation(cancelPayment, affectsPayments)

/**
 * getPaysOnTime loads GET /api/payouts/brands/{brandId}/pays-on-time: the brand's record over 12 months.
 * @param {string} brandId
 */
export async function getPaysOnTime(brandId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brands/{brandId}/pays-on-time', 'get'>} */
  const json = await request(`payouts/brands/${encodeURIComponent(brandId)}/pays-on-time`)
  return json.data.record
}

/** @param {string | null | undefined} brandId */
export function usePaysOnTime(brandId) {
  return useSWR(brandId ? ['payouts/pays-on-time', brandId] : null, () => getPaysOnTime(/** @type {string} */ (brandId)), { revalidateOnFocus: false })
}
