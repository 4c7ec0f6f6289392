import * as yup from 'yup'

/** SLUG_PATTERN is the kit address rule the server checks: 3 to 30 letters, digits, '-' or '_'. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{3,30}$/
export const SLUG_MESSAGE = "Use 3 to 30 letters, digits, '-' or '_'"

/** kitSchema checks the media kit form as the server does (PUT /api/kit). */
export const kitSchema = yup.object({
  slug: yup.string().trim().required('Choose an address for your kit').matches(SLUG_PATTERN, SLUG_MESSAGE),
  bio: yup.string().max(600, 'A bio is at most 600 characters'),
  rateCard: yup
    .array()
    .max(20, 'A rate card has at most 20 lines')
    .of(
      yup.object({
        label: yup.string().trim().required('Name the deliverable (1 to 80 characters)').max(80, 'Name the deliverable (1 to 80 characters)'),
        price: yup
          .number()
          .typeError('Enter a price from 0.01 to 1,000,000.00')
          .required('Enter a price from 0.01 to 1,000,000.00')
          .min(0.01, 'Enter a price from 0.01 to 1,000,000.00')
          .max(1000000, 'Enter a price from 0.01 to 1,000,000.00'),
      }),
    ),
})

/** SHOW_FIELDS are the kit's optional fields, in the order the form lists them. */
export const SHOW_FIELDS = [
  { key: 'photo', label: 'Profile photo' },
  { key: 'bio', label: 'Bio' },
  { key: 'niche', label: 'Niche' },
  { key: 'location', label: 'Location' },
  { key: 'figures', label: 'Verified followers per platform (with the date measured)' },
  { key: 'audience', label: 'Audience split (gender and ages)' },
  { key: 'quality', label: 'Audience-quality reading' },
]

// Every field of KitShow is one of SHOW_FIELDS.
const NO_SHOW = /** @type {import('../../../lib/api-types').Schema<'KitShow'>} */ (Object.fromEntries(SHOW_FIELDS.map((f) => [f.key, false])))

/**
 * KitValues are the form's values: the settings with each rate-card price in dollars as typed.
 * @typedef {Omit<import('../../../lib/api-types').Schema<'KitSettings'>, 'rateCard'> & {rateCard: {id?: string, label: string, price: string}[]}} KitValues
 */

/**
 * valuesOf turns GET /api/kit's kit (or null) into the form's values; prices in dollars as typed.
 * @param {import('../../../lib/api-types').Schema<'KitSettings'> | null | undefined} kit
 * @returns {KitValues}
 */
export function valuesOf(kit) {
  return {
    slug: kit?.slug ?? '',
    published: kit?.published ?? false,
    searchEngines: kit?.searchEngines ?? false,
    bio: kit?.bio ?? '',
    show: { ...NO_SHOW, ...(kit?.show || {}) },
    handles: kit?.handles ?? [],
    campaignIds: kit?.campaignIds ?? [],
    rateCard: (kit?.rateCard ?? []).map((l) => ({ id: l.id, label: l.label, price: String(l.priceCents / 100) })),
  }
}

/**
 * bodyOf builds the PUT /api/kit body from the form's values: prices in whole cents.
 * @param {KitValues} values
 * @returns {import('../../../lib/api-types').Body<'/api/kit', 'put'>}
 */
export function bodyOf(values) {
  return {
    slug: values.slug.trim(),
    published: values.published,
    searchEngines: values.searchEngines,
    bio: values.bio.trim(),
    show: values.show,
    // The handles are the platforms GET /api/kit listed.
    handles: /** @type {NonNullable<import('../../../lib/api-types').Body<'/api/kit', 'put'>['handles']>} */ (values.handles),
    campaignIds: values.campaignIds,
    rateCard: values.rateCard.map((l) => ({ ...(l.id ? { id: l.id } : {}), label: l.label.trim(), priceCents: Math.round(Number(l.price) * 100) })),
  }
}
