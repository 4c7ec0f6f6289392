import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import './trend-chart.css'
import { formatCount } from '../lib/format'
import { CHART_HEIGHT, trendOptions } from './chart-axis'

const toTime = (/** @type {string} */ date) => Date.parse(`${date}T00:00:00Z`) / 1000

/**
 * TrendChart draws a platform's daily followers (left axis) and views or
 * impressions (right axis) with uPlot, each axis titled and counted from 0;
 * it is loaded lazily, so the chart library stays out of the page's first
 * chunk. A day the platform does not report (null) is a gap, never 0.
 * `activity` and `activityLabel` pick another right-axis series of history
 * (e.g. 'like', 'Likes'); `followersKey` another left-axis series (e.g. a
 * campaign's daily 'views', labelled by followersLabel). `summary` replaces
 * the text alternative that describes the chart.
 * @param {{history: any[], name: string, followersLabel?: string, followersKey?: string, activity?: string, activityLabel?: string, summary?: string}} props
 */
export default function TrendChart({ history, name, followersLabel = 'Followers', followersKey = 'followers', activity: fixedActivity, activityLabel: fixedLabel, summary: fixedSummary }) {
  const box = useRef(/** @type {HTMLDivElement | null} */ (null))
  const activity = fixedActivity || (history.some((h) => h.view > 0) || history.every((h) => h.organicImpression == null) ? 'view' : 'organicImpression')
  const activityLabel = fixedLabel || (activity === 'view' ? 'Views' : 'Organic impressions')
  useEffect(() => {
    const el = box.current
    if (!el || history.length === 0) return undefined
    const data = [history.map((h) => toTime(h.date)), history.map((h) => h[followersKey]), history.map((h) => h[activity])]
    const opts = trendOptions({ width: Math.max(el.clientWidth, 240), followersLabel, activityLabel })
    const plot = new uPlot(/** @type {import("uplot").Options} */ (/** @type {unknown} */ (opts)), /** @type {import("uplot").AlignedData} */ (data), el)
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height: CHART_HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [history, activity, activityLabel, followersLabel, followersKey])
  const first = history[0]
  const last = history[history.length - 1]
  const total = history.reduce((s, h) => s + (h[activity] || 0), 0)
  const summary =
    fixedSummary ||
    (first
      ? `${name}: ${followersLabel.toLowerCase()} from ${formatCount(first[followersKey])} to ${formatCount(last[followersKey])}; ${formatCount(total)} ${activityLabel.toLowerCase()} over ${history.length} days.`
      : `${name}: no history yet.`)
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
