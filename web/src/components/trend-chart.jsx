import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import './trend-chart.css'
import { formatCompact, formatCount } from '../lib/format'
import { axisSize } from './chart-axis'

const ticksOf = (u, ticks, axisIdx, space, step) => ticks.map((t) => formatCompact(t, step))

const toTime = (date) => Date.parse(`${date}T00:00:00Z`) / 1000

/**
 * TrendChart draws a platform's daily followers (left axis) and views or
 * impressions (right axis) with uPlot; it is loaded lazily, so the chart
 * library stays out of the page's first chunk. `activity` and
 * `activityLabel` pick another right-axis series of history (e.g. 'like', 'Likes').
 */
export default function TrendChart({ history, name, followersLabel = 'Followers', activity: fixedActivity, activityLabel: fixedLabel }) {
  const box = useRef(null)
  const activity = fixedActivity || (history.some((h) => h.view > 0) ? 'view' : 'organicImpression')
  const activityLabel = fixedLabel || (activity === 'view' ? 'Views' : 'Organic impressions')
  useEffect(() => {
    const el = box.current
    if (!el || history.length === 0) return undefined
    const data = [history.map((h) => toTime(h.date)), history.map((h) => h.followers), history.map((h) => h[activity])]
    const opts = {
      width: Math.max(el.clientWidth, 240),
      height: 200,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true }, f: { auto: true }, v: { auto: true } },
      series: [{}, { label: followersLabel, scale: 'f', stroke: '#5b3df5', width: 2 }, { label: activityLabel, scale: 'v', stroke: '#fd7e14', width: 1.5 }],
      axes: [{}, { scale: 'f', values: ticksOf, size: axisSize }, { scale: 'v', side: 1, grid: { show: false }, size: axisSize, values: ticksOf }],
    }
    const plot = new uPlot(opts, data, el)
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height: 200 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [history, activity, activityLabel, followersLabel])
  const first = history[0]
  const last = history[history.length - 1]
  const total = history.reduce((s, h) => s + (h[activity] || 0), 0)
  const summary = first
    ? `${name}: ${followersLabel.toLowerCase()} from ${formatCount(first.followers)} to ${formatCount(last.followers)}; ${formatCount(total)} ${activityLabel.toLowerCase()} over ${history.length} days.`
    : `${name}: no history yet.`
  return (
    <figure className="mb-0">
      <figcaption className="small fw-semibold mb-1">
        {name} <span className="cc-legend cc-legend-f">{followersLabel}</span> <span className="cc-legend cc-legend-v">{activityLabel}</span>
      </figcaption>
      <div ref={box} role="img" aria-label={summary} />
      <p className="visually-hidden">{summary}</p>
    </figure>
  )
}
