/**
 * readListPage normalises a list answer of the API,
 * {"data": {<plural>: [...], total, totalEstimated?, page, limit}}, into
 * {[plural]: [...], total, totalEstimated, page, limit}, with safe defaults.
 * Typed from `json`: pass the answer typed from the OpenAPI document, and `plural` must be a member of its data.
 * @template {object} D
 * @template {keyof D & string} K
 * @param {{data?: D} | null | undefined} json
 * @param {K} plural
 * @param {number} [defaultLimit]
 * @returns {{[P in K]: D[K]} & {total: number, totalEstimated: boolean, page: number, limit: number}}
 */
export function readListPage(json, plural, defaultLimit = 10) {
  /** @type {Record<string, any>} */
  const data = json?.data ?? {}
  return /** @type {any} */ ({
    [plural]: Array.isArray(data[plural]) ? data[plural] : [],
    total: Number(data.total) || 0,
    totalEstimated: data.totalEstimated === true,
    page: Number(data.page) || 1,
    limit: Number(data.limit) || defaultLimit,
  })
}

/**
 * listKey builds a list call's path: `${path}?page=&limit=` plus every other non-blank param (strings trimmed).
 * @param {string} path
 * @param {{page?: number, limit?: number} & Record<string, unknown>} [params]
 */
export function listKey(path, { page = 1, limit = 10, ...params } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  for (const [name, value] of Object.entries(params)) {
    const v = typeof value === 'string' ? value.trim() : value
    if (v !== '' && v != null) q.set(name, String(v))
  }
  return `${path}?${q}`
}
