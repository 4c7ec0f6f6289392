/**
 * readListPage normalises a list answer of the API,
 * {"data": {<plural>: [...], total, totalEstimated?, page, limit}}, into
 * {[plural]: [...], total, totalEstimated, page, limit}, with safe defaults.
 */
export function readListPage(json, plural, defaultLimit = 10) {
  const data = json?.data ?? {}
  return {
    [plural]: Array.isArray(data[plural]) ? data[plural] : [],
    total: Number(data.total) || 0,
    totalEstimated: data.totalEstimated === true,
    page: Number(data.page) || 1,
    limit: Number(data.limit) || defaultLimit,
  }
}

/** listKey builds a list call's path: `${path}?page=&limit=` plus every other non-blank param (strings trimmed). */
export function listKey(path, { page = 1, limit = 10, ...params } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  for (const [name, value] of Object.entries(params)) {
    const v = typeof value === 'string' ? value.trim() : value
    if (v !== '' && v != null) q.set(name, String(v))
  }
  return `${path}?${q}`
}
