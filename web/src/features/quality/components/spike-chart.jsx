import { useId, useState } from 'react'
import { formatCount, formatDate } from '../../../lib/format'

/**
 * spikeDay is a spike's calendar day (YYYY-MM-DD) from its timestamp.
 * @param {{day: string}} s
 */
export const spikeDay = (s) => String(s.day).slice(0, 10)

/**
 * spikeWords says what a spike is, without judging intent.
 * @param {{explained: boolean}} s
 */
export const spikeWords = (s) => (s.explained ? 'Explained: reach rose with it' : 'Unexplained follower growth: followers rose while reach did not')

/**
 * SpikeFigures are the day's figures of a spike, shown on hover and keyboard focus of its mark.
 * @param {{spike: import('../api/quality').Spike, note?: string, followersLabel: string}} props
 */
function SpikeFigures({ spike: s, note, followersLabel }) {
  return (
    <>
      <strong className="d-block">{formatDate(spikeDay(s))}</strong>
      <span className="d-block">
        +{formatCount(s.gain)} {followersLabel.toLowerCase()} {s.days === 7 ? 'over 7 days' : 'in a day'}
      </span>
      <span className="d-block">
        {followersLabel}: {formatCount(s.followers)}
      </span>
      <span className="d-block">Reach that day: {s.activity == null ? 'n/a' : formatCount(s.activity)}</span>
      <span className="d-block">{spikeWords(s)}</span>
      {note && <span className="d-block fst-italic">Creator’s note: “{note}”</span>}
    </>
  )
}

/**
 * SpikeChart draws an account's daily followers with its spikes marked: explained (a round mark) and
 * unexplained (a diamond, another colour). Each mark is a button: hovering or focusing it shows the day's
 * figures and the creator's note. The table beside it (SpikeTable) is the text alternative.
 * @param {{days: {day: string, followers: number, activity: number | null}[], spikes: import('../api/quality').Spike[], notes: Record<string, string>, name: string, followersLabel?: string}} props
 */
export function SpikeChart({ days, spikes, notes, name, followersLabel = 'Followers' }) {
  const [active, setActive] = useState(/** @type {string | null} */ (null))
  const tipId = useId()
  if (days.length < 2) return null
  const lo = Math.min(...days.map((d) => d.followers))
  const hi = Math.max(...days.map((d) => d.followers))
  const span = Math.max(hi - lo, 1)
  const index = Object.fromEntries(days.map((d, i) => [d.day, i]))
  /** @param {number} i */
  const x = (i) => (i / (days.length - 1)) * 100
  /** @param {number} f */
  const y = (f) => 92 - ((f - lo) / span) * 84
  const line = days.map((d, i) => `${x(i).toFixed(2)},${y(d.followers).toFixed(2)}`).join(' ')
  const marks = spikes.filter((s) => index[spikeDay(s)] !== undefined)
  const unexplained = marks.filter((s) => !s.explained).length
  const summary = `${name}: ${followersLabel.toLowerCase()} from ${formatCount(days[0].followers)} to ${formatCount(days[days.length - 1].followers)} over ${days.length} days; ${marks.length} spike${marks.length === 1 ? '' : 's'} marked, ${unexplained} unexplained.`
  const shown = marks.find((s) => spikeDay(s) === active)
  return (
    <figure className="mb-0 cc-spike-figure">
      <figcaption className="small fw-semibold mb-1 d-flex flex-wrap gap-3">
        <span>
          {name}: {followersLabel.toLowerCase()}
        </span>
        <span className="cc-spike-legend">
          <span className="cc-spike-dot cc-spike-explained" aria-hidden="true" /> Explained spike
        </span>
        <span className="cc-spike-legend">
          <span className="cc-spike-dot cc-spike-unexplained" aria-hidden="true" /> Unexplained spike
        </span>
      </figcaption>
      <div className="cc-spike-chart">
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={summary} className="cc-spike-svg">
          <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.2" vectorEffect="non-scaling-stroke" />
        </svg>
        {marks.map((s) => {
          const day = spikeDay(s)
          const i = index[day]
          const kind = s.explained ? 'explained' : 'unexplained'
          return (
            <button
              key={`${day}-${s.days}`}
              type="button"
              className={`cc-spike-mark cc-spike-${kind}`}
              style={{ left: `${x(i)}%`, top: `${y(days[i].followers)}%` }}
              aria-label={`${s.explained ? 'Explained' : 'Unexplained'} follower spike on ${formatDate(day)}${notes[day] ? ', with the creator’s note' : ''}`}
              aria-describedby={active === day ? tipId : undefined}
              onMouseEnter={() => setActive(day)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(day)}
              onBlur={() => setActive(null)}
              onKeyDown={(e) => e.key === 'Escape' && setActive(null)}
            >
              {notes[day] && <span className="cc-spike-note-flag" aria-hidden="true">✎</span>}
            </button>
          )
        })}
        {shown && (
          <div id={tipId} role="tooltip" className="cc-spike-tip small" style={{ left: `${Math.min(Math.max(x(index[spikeDay(shown)]), 18), 82)}%` }}>
            <SpikeFigures spike={shown} note={notes[spikeDay(shown)]} followersLabel={followersLabel} />
          </div>
        )}
      </div>
      <div className="d-flex justify-content-between small text-secondary">
        <span>{formatDate(days[0].day)}</span>
        <span>{formatDate(days[days.length - 1].day)}</span>
      </div>
    </figure>
  )
}
