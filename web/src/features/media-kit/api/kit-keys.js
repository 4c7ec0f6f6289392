/** KIT_KEY is the key and path of the creator's own GET/PUT /api/kit. */
export const KIT_KEY = 'kit'

/**
 * publicKitKey is the key and path of the public GET /api/kits/{slug}.
 * @param {string} slug
 */
export const publicKitKey = (slug) => `kits/${encodeURIComponent(slug)}`

/**
 * kitPdfUrl is the address of the kit's PDF (public, made on each call).
 * @param {string} slug
 */
export const kitPdfUrl = (slug) => `/api/kits/${encodeURIComponent(slug)}/pdf`

/** BRAND_CONSENT_KEY is the key and path of the brand's GET/PUT /api/kit/brand-consent. */
export const BRAND_CONSENT_KEY = 'kit/brand-consent'
