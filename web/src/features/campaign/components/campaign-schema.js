import * as yup from 'yup'
import { AGE_MAX, AGE_MIN, BRIEF_MAX, GOAL_OTHER, INSTRUCTIONS_MAX } from './campaign-options'

/** todayIso is the local date as YYYY-MM-DD. */
export function todayIso(now = new Date()) {
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`
}

// An empty input ('' from a text, number or select control) counts as missing.
const number = () => yup.number().transform((v, orig) => (orig === '' || orig == null ? undefined : v))

const age = (/** @type {string} */ required) =>
  number().typeError(required).required(required).min(AGE_MIN, 'Minimum age is 13').max(AGE_MAX, 'Maximum age is 65')

// The server's tracking tag rules (store/campaign_tag.go): with or without a
// leading '#', letters and digits only, 3 to 40 characters; empty on create
// means "make one from the names".
const POSTS = 'Number of posts must be a whole number from 1 to 20'
const TAG_CHARS = 'Tracking tag may hold only letters and digits (no spaces or symbols)'
const TAG_LENGTH = 'Tracking tag must be 3 to 40 characters'
const bareTag = (/** @type {unknown} */ v) => String(v ?? '').trim().replace(/^#/, '')

export function trackingTag() {
  return yup
    .string()
    .test('chars', TAG_CHARS, (v) => /^[A-Za-z0-9]*$/.test(bareTag(v)))
    .test('length', TAG_LENGTH, (v) => bareTag(v) === '' || (bareTag(v).length >= 3 && bareTag(v).length <= 40))
}

/**
 * campaignSchema carries the product's campaign messages verbatim. keptStart is the
 * stored start date of the campaign being edited: a running campaign keeps it.
 * @param {{keptStart?: string | null, today?: string}} [opts]
 */
export function campaignSchema({ keptStart = null, today = todayIso() } = {}) {
  return yup.object({
    campaignName: yup
      .string()
      .trim()
      .required('Campaign name is required')
      .min(3, 'Campaign name must be at least 3 characters')
      .max(50, 'Campaign name must be less than 50 characters'),
    goals: yup.array().of(yup.string()).min(1, 'Please select at least one goal'),
    customGoal: yup.string().when('goals', {
      is: (/** @type {unknown} */ goals) => Array.isArray(goals) && goals.includes(GOAL_OTHER),
      then: (s) => s.trim().required('Please enter a custom goal'),
    }),
    budget: number()
      .typeError('Budget is required')
      .required('Budget is required')
      .min(500, 'Minimum budget is $500')
      .max(50000, 'Maximum budget is $50,000'),
    duration: yup.object({
      startDate: yup
        .string()
        .required('Start date is required')
        .test('future', 'Start date cannot be in the past', (v) => !v || v === keptStart || v > today),
      endDate: yup
        .string()
        .required('End date is required')
        .test('after', 'End date must be after start date', function after(v) {
          const start = this.parent.startDate
          return !v || !start || v > start
        }),
    }),
    location: yup.string().max(200),
    demographics: yup.object({
      ageRange: yup.object({
        start: age('Age from is required').test('lt', 'Age from must be less than age to', function lt(v) {
          const end = Number(this.parent.end)
          return v == null || this.parent.end === '' || this.parent.end == null || v < end
        }),
        end: age('Age to is required').test('gt', 'Age to must be greater than age from', function gt(v) {
          const start = Number(this.parent.start)
          return v == null || this.parent.start === '' || this.parent.start == null || v > start
        }),
      }),
      gender: yup.string().required('Please select a gender'),
    }),
    contentVibes: yup.array().of(yup.string()).min(1, 'Please select at least one content vibe'),
    terms: yup.object({
      exclusivity: yup
        .string()
        .required('Please select exclusivity option')
        .oneOf(['no_exclusivity', 'exclusive'], 'Please select exclusivity option'),
      contentUsage: yup
        .string()
        .required('Please select content usage rights')
        .oneOf(['organic_only', 'unlimited', '30_days'], 'Please select content usage rights'),
    }),
    status: yup.string().oneOf(['draft', 'active', 'completed'], 'Invalid status'),
    additionalInstructions: yup
      .string()
      .max(INSTRUCTIONS_MAX, 'Additional instructions must be less than 500 characters'),
    trackingTag: trackingTag(),
    deliverables: yup.array().when('duration', ([duration], s) =>
      s.of(
        yup.object({
          platform: yup.string().required('Must be one of instagram, youtube, tiktok, linkedin'),
          posts: number()
            .typeError(POSTS)
            .required(POSTS)
            .integer(POSTS)
            .min(1, POSTS)
            .max(20, POSTS),
          dueDate: yup
            .string()
            .required('Due date is required')
            .test('inside', "Due date must be within the campaign's dates", (v) => {
              const { startDate, endDate } = duration || {}
              return !v || !startDate || !endDate || (v >= startDate && v <= endDate)
            }),
        }),
      ),
    ),
    creatorCriteria: yup.object({
      minFollowers: number()
        .integer('Minimum followers must be a whole number from 0 to 10,000,000')
        .min(0, 'Minimum followers must be a whole number from 0 to 10,000,000')
        .max(10000000, 'Minimum followers must be a whole number from 0 to 10,000,000'),
    }),
    brief: yup.string().max(BRIEF_MAX, 'Brief must be less than 2,000 characters'),
  })
}
