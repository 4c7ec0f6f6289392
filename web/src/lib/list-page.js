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
