import { setIn } from 'formik'
import { GOAL_OTHER, GOALS } from './campaign-options'

/** @typedef {{key: string, type: string, name?: string, url?: string, expiresAt?: string}} Attachment */
/**
 * CampaignValues are the campaign form's values: text inputs hold strings ('' when empty).
 * @typedef {{campaignName: string, goals: string[], customGoal: string, budget: number | string,
 *   duration: {startDate: string, endDate: string}, location: string,
 *   demographics: {ageRange: {start: string, end: string}, gender: string}, contentVibes: string[],
 *   terms: {exclusivity: string, contentUsage: string}, status: string, brandGuidelines: Attachment[],
 *   referenceContent: Attachment[], additionalInstructions: string, trackingTag: string,
 *   deliverables: {platform: string, posts: number | string, dueDate: string}[],
 *   creatorCriteria: {niches: string[], minFollowers: number | string}, brief: string}} CampaignValues
 */

/** EMPTY_CAMPAIGN: the create form's initial values. @type {CampaignValues} */
export const EMPTY_CAMPAIGN = {
  campaignName: '',
  goals: [],
  customGoal: '',
  budget: '',
  duration: { startDate: '', endDate: '' },
  location: '',
  demographics: { ageRange: { start: '', end: '' }, gender: '' },
  contentVibes: [],
  terms: { exclusivity: '', contentUsage: '' },
  status: 'draft',
  brandGuidelines: [],
  referenceContent: [],
  additionalInstructions: '',
  trackingTag: '',
  deliverables: [],
  creatorCriteria: { niches: [], minFollowers: '' },
  brief: '',
}

const str = (/** @type {unknown} */ v) => (v === null || v === undefined ? '' : String(v))
/** @type {<T>(v: T[] | null | undefined) => T[]} */
const list = (v) => (Array.isArray(v) ? v : [])

/** goalList spells stored goals as the form's options do ("Brand awareness" is "Brand Awareness"), once each. */
const goalList = (/** @type {string[] | null | undefined} */ v) => [...new Set(list(v).map((g) => GOALS.find((o) => o.toLowerCase() === String(g).toLowerCase()) ?? String(g)))]

/**
 * toFormValues turns a campaign from the API into form values.
 * @param {import('../../../lib/api-types').Data<'/api/campaigns/{id}', 'get'>['campaign'] | null | undefined} c
 * @returns {CampaignValues}
 */
export function toFormValues(c) {
  if (!c) return EMPTY_CAMPAIGN
  return {
    campaignName: str(c.campaignName),
    goals: goalList(c.goals),
    customGoal: str(c.customGoal),
    budget: c.budget === null || c.budget === undefined ? '' : Number(c.budget),
    duration: { startDate: str(c.duration?.startDate).slice(0, 10), endDate: str(c.duration?.endDate).slice(0, 10) },
    location: str(c.location),
    demographics: {
      ageRange: { start: str(c.demographics?.ageRange?.start), end: str(c.demographics?.ageRange?.end) },
      gender: str(c.demographics?.gender),
    },
    contentVibes: list(c.contentVibes),
    terms: { exclusivity: str(c.terms?.exclusivity), contentUsage: str(c.terms?.contentUsage) },
    status: c.status || 'draft',
    brandGuidelines: list(c.brandGuidelines),
    referenceContent: list(c.referenceContent),
    additionalInstructions: str(c.additionalInstructions),
    trackingTag: str(c.trackingTag),
    deliverables: list(c.deliverables).map((d) => ({ platform: str(d.platform), posts: d.posts ?? 1, dueDate: str(d.dueDate).slice(0, 10) })),
    creatorCriteria: { niches: list(c.creatorCriteria?.niches), minFollowers: c.creatorCriteria?.minFollowers ? Number(c.creatorCriteria.minFollowers) : '' },
    brief: str(c.brief),
  }
}

/** normalizeTag is a tracking tag as the server stores it: trimmed, without a leading '#', lower case. */
/** @param {unknown} v */
export function normalizeTag(v) {
  return str(v).trim().replace(/^#/, '').toLowerCase()
}

const attachment = (/** @type {Attachment} */ { key, type, name }) => ({ key, type, name })

/**
 * toPayload turns form values into the add/update campaign body with status.
 * @param {CampaignValues} v
 * @param {string} status
 */
export function toPayload(v, status) {
  const hasOther = v.goals.includes(GOAL_OTHER)
  return {
    campaignName: v.campaignName.trim(),
    goals: v.goals,
    customGoal: hasOther ? v.customGoal.trim() : '',
    budget: Number(v.budget),
    duration: { startDate: v.duration.startDate, endDate: v.duration.endDate },
    location: v.location.trim(),
    demographics: {
      ageRange: { start: Number(v.demographics.ageRange.start), end: Number(v.demographics.ageRange.end) },
      gender: v.demographics.gender,
    },
    contentVibes: v.contentVibes,
    terms: { exclusivity: v.terms.exclusivity, contentUsage: v.terms.contentUsage },
    status,
    brandGuidelines: v.brandGuidelines.map(attachment),
    referenceContent: v.referenceContent.map(attachment),
    additionalInstructions: v.additionalInstructions.trim(),
    trackingTag: normalizeTag(v.trackingTag),
    deliverables: v.deliverables.map((d) => ({ platform: d.platform, posts: Number(d.posts), dueDate: d.dueDate })),
    creatorCriteria: { niches: v.creatorCriteria.niches, minFollowers: Number(v.creatorCriteria.minFollowers) || 0 },
    brief: v.brief.trim(),
  }
}

/**
 * nestFields turns server field errors keyed by JSON path ("duration.startDate")
 * into the nested shape formik reads with getIn.
 * @param {Record<string, unknown> | null | undefined} flat
 */
export function nestFields(flat) {
  return Object.entries(flat || {}).reduce((acc, [path, value]) => setIn(acc, path, value), {})
}

/**
 * nestedHelpers adapts formik helpers so lib/form-errors.js can map JSON-path field errors.
 * @param {Pick<import('formik').FormikHelpers<CampaignValues>, 'setErrors' | 'setTouched'>} helpers
 */
export function nestedHelpers(helpers) {
  return {
    setErrors: (/** @type {Record<string, string>} */ fields) => helpers.setErrors(nestFields(fields)),
    setTouched: (/** @type {Record<string, boolean>} */ touched, /** @type {boolean | undefined} */ validate) => helpers.setTouched(nestFields(touched), validate),
  }
}
