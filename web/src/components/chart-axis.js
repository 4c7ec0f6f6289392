import { formatCompact } from '../lib/format'

/**
 * axisSize fits a value axis to its longest label (uPlot calls it again when
 * the labels change), so labels such as "102.5K" or "1.25M" are never cut
 * off at the canvas edge, whatever the width.
 */
export function axisSize(u, values, axisIdx, cycleNum) {
  const axis = u.axes[axisIdx]
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
 */
export function fromZero(u, min, max) {
  return [0, max > 0 ? max * 1.05 : 1]
}

const ticksOf = (u, ticks, axisIdx, space, step) => ticks.map((t) => formatCompact(t, step))

/** CHART_HEIGHT: the trend chart's height in px. */
export const CHART_HEIGHT = 240

/**
 * trendOptions are the uPlot options of a trend chart: the date along the bottom, followers (left) and views or
 * impressions (right), each axis titled, both counts from 0.
 */
export function trendOptions({ width, followersLabel, activityLabel }) {
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true }, f: { auto: true, range: fromZero }, v: { auto: true, range: fromZero } },
    series: [{}, { label: followersLabel, scale: 'f', stroke: '#5b3df5', width: 2 }, { label: activityLabel, scale: 'v', stroke: '#fd7e14', width: 1.5 }],
    axes: [
      { label: 'Date (UTC)', labelSize: 20 },
      { scale: 'f', label: followersLabel, labelSize: 20, values: ticksOf, size: axisSize },
      { scale: 'v', side: 1, label: activityLabel, labelSize: 20, grid: { show: false }, size: axisSize, values: ticksOf },
    ],
  }
}
