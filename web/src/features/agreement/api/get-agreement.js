import useSWR from 'swr'
import { request } from '../../../lib/request'
import { agreementKey, agreementEventsKey, campaignAgreementsKey } from './agreement-keys'

/** getAgreement loads GET /api/offers/{id}/agreement: the versions, their changes, the signatures and whose is missing. */
/** @param {string} key */
export async function getAgreement(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/agreement', 'get'>} */
  const json = await request(key)
  return json.data.agreement
}

/** useAgreement loads an offer's agreement; offerId null = nothing to load. */
/** @param {string | null | undefined} offerId */
export function useAgreement(offerId) {
  return useSWR(offerId ? agreementKey(offerId) : null, getAgreement, { revalidateOnFocus: false })
}

/** getAgreementEvents loads GET /api/offers/{id}/agreement/events: the audit events of the offer's agreement. */
/** @param {string} key */
export async function getAgreementEvents(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/agreement/events', 'get'>} */
  const json = await request(key)
  return json.data.events
}

/** useAgreementEvents loads an offer's agreement events; offerId null = nothing to load. */
/** @param {string | null | undefined} offerId */
export function useAgreementEvents(offerId) {
  return useSWR(offerId ? agreementEventsKey(offerId) : null, getAgreementEvents, { revalidateOnFocus: false })
}

/** getCampaignAgreements loads GET /api/campaigns/{id}/agreements: every offer's agreement summary, in one request. */
/** @param {string} key */
export async function getCampaignAgreements(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/agreements', 'get'>} */
  const json = await request(key)
  return json.data.agreements
}

/** useCampaignAgreements loads a campaign's agreement summaries; campaignId null = nothing to load. */
/** @param {string | null | undefined} campaignId */
export function useCampaignAgreements(campaignId) {
  return useSWR(campaignId ? campaignAgreementsKey(campaignId) : null, getCampaignAgreements, { revalidateOnFocus: false })
}
