import { formatCompact } from '../lib/format'

/** @typedef {import('uplot')} UPlot */
/**
 * DrawnAxis is an axis as uPlot keeps it once it draws: its last size, and its ticks, gap and font filled in (the
 * font as [css font, size in px]); uPlot's Axis type describes the options given, not these.
 * @typedef {{_size: number, ticks: {size: number}, gap: number, font: [string, number]}} DrawnAxis
 */

/**
 * axisSize fits a value axis to its longest label (uPlot calls it again when
 * the labels change), so labels such as "102.5K" or "1.25M" are never cut
 * off at the canvas edge, whatever the width.
 * @param {UPlot} u
 * @param {string[] | null} values
 * @param {number} axisIdx
 * @param {number} cycleNum
 */
export function axisSize(u, values, axisIdx, cycleNum) {
  const axis = /** @type {DrawnAxis} */ (/** @type {unknown} */ (u.axes[axisIdx]))
  if (cycleNum > 1) return axis._size
  const longest = (values || []).reduce((a, v) => (v.length > a.length ? v : a), '')
  let size = axis.ticks.size + axis.gap + 4
  if (longest) {
    u.ctx.font = axis.font[0]
    size += u.ctx.measureText(longest).width / (window.devicePixelRatio || 1)
  }
  return Math.ceil(size)
}

/**
 * fromZero is a uPlot scale range for counts: from 0 (never a cut-off axis that makes small changes look large)
 * to a little above the largest value, 1 when every value is 0.
 * @param {UPlot} u
 * @param {number} min
 * @param {number} max
 * @returns {[number, number]}
 */
export function fromZero(u, min, max) {
  return [0, max > 0 ? max * 1.05 : 1]
}

const DAY = 86400

/**
 * dayRange is a uPlot time scale range (seconds) for daily data: the data's span, widened around its middle to at
 * least MIN_DAYS days, so one day of data (min = max) gets an axis of dates around it instead of an empty or
 * hour-by-hour one.
 * @param {UPlot} u
 * @param {number | null} min
 * @param {number | null} max
 * @returns {[number | null, number | null]}
 */
export function dayRange(u, min, max) {
  if (min == null || max == null) return [min, max]
  const want = MIN_DAYS * DAY
  if (max - min >= want) return [min, max]
  const mid = (min + max) / 2
  return [mid - want / 2, mid + want / 2]
}

/** MIN_DAYS: the shortest span of days a trend chart's date axis shows. */
export const MIN_DAYS = 6

/**
 * @param {UPlot} u
 * @param {number[]} ticks
 * @param {number} axisIdx
 * @param {number} space
 * @param {number} step
 */
const ticksOf = (u, ticks, axisIdx, space, step) => ticks.map((t) => formatCompact(t, step))

/** CHART_HEIGHT: the trend chart's height in px. */
export const CHART_HEIGHT = 240

/**
 * trendOptions are the uPlot options of a trend chart: the date along the bottom, followers (left) and views or
 * impressions (right), each axis titled, both counts from 0.
 * @param {{width: number, followersLabel: string, activityLabel: string}} opts
 */
export function trendOptions({ width, followersLabel, activityLabel }) {
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true, range: dayRange }, f: { auto: true, range: fromZero }, v: { auto: true, range: fromZero } },
    series: [{}, { label: followersLabel, scale: 'f', stroke: '#5b3df5', width: 2 }, { label: activityLabel, scale: 'v', stroke: '#fd7e14', width: 1.5 }],
    axes: [
      { label: 'Date (UTC)', labelSize: 20 },
      { scale: 'f', label: followersLabel, labelSize: 20, values: ticksOf, size: axisSize },
      { scale: 'v', side: 1, label: activityLabel, labelSize: 20, grid: { show: false }, size: axisSize, values: ticksOf },
    ],
  }
}
