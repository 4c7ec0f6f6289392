import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const BRAND_CARDS_KEY = 'payouts/brand/cards'
export const BRAND_SETTINGS_KEY = 'payouts/brand/settings'
export const SPEND_KEY = 'payouts/spend'

/** getBrandCards loads GET /api/payouts/brand/cards: the brand's cards (brand and last 4), the default first. */
export async function getBrandCards() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brand/cards', 'get'>} */
  const json = await request(BRAND_CARDS_KEY)
  return json?.data?.cards ?? []
}

export function useBrandCards() {
  return useSWR(BRAND_CARDS_KEY, getBrandCards)
}

/**
 * addBrandCard calls POST /api/payouts/brand/cards {id}: a payment method id (Stripe Elements or a provider test
 * method) attached to the brand.
 * @param {string} id
 */
export async function addBrandCard(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brand/cards', 'post'>} */
  const json = await request(BRAND_CARDS_KEY, { method: 'POST', body: { id }, fallback: 'Could not add the card. Please try again.' })
  return json.data
}

export function useAddBrandCard() {
  return useMutation(addBrandCard, BRAND_CARDS_KEY)
}

/**
 * removeBrandCard calls DELETE /api/payouts/brand/cards/{id}.
 * @param {string} id
 */
export async function removeBrandCard(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brand/cards/{id}', 'delete'>} */
  const json = await request(`${BRAND_CARDS_KEY}/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: 'Could not remove the card. Please try again.' })
  return json.data
}

export function useRemoveBrandCard() {
  return useMutation(removeBrandCard, BRAND_CARDS_KEY)
}

/** getBrandPayoutSettings loads GET /api/payouts/brand/settings: the manager limit, approval flag and fee percent. */
export async function getBrandPayoutSettings() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brand/settings', 'get'>} */
  const json = await request(BRAND_SETTINGS_KEY)
  return json.data.settings
}

/** useBrandPayoutSettings reads the brand's money settings; off skips the read (roles without a brand). */
export function useBrandPayoutSettings(off = false) {
  return useSWR(off ? null : BRAND_SETTINGS_KEY, getBrandPayoutSettings, { revalidateOnFocus: false })
}

/**
 * setManagerLimit calls PUT /api/payouts/brand/settings {managerMonthlyLimit}: cents, or null for none.
 * @param {number | null} managerMonthlyLimit
 */
export async function setManagerLimit(managerMonthlyLimit) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/brand/settings', 'put'>} */
  const json = await request(BRAND_SETTINGS_KEY, { method: 'PUT', body: { managerMonthlyLimit }, fallback: 'Could not save the limit. Please try again.' })
  return json.data.settings
}

export function useSetManagerLimit() {
  return useMutation(setManagerLimit, BRAND_SETTINGS_KEY)
}

/** getSpend loads GET /api/payouts/spend: per campaign committed, paid, refunded and fees, and the receipts. */
export async function getSpend() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/spend', 'get'>} */
  const json = await request(SPEND_KEY)
  return json.data.spend
}

export function useSpend() {
  return useSWR(SPEND_KEY, getSpend)
}

/** getSpendCsv loads GET /api/payouts/spend.csv as text, with the session's token, for saveFile. */
export async function getSpendCsv() {
  /** @type {string} */
  const csv = await request('payouts/spend.csv', { as: 'text', fallback: 'Download failed. Please try again.' })
  return csv
}
