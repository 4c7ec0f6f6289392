import { useState } from 'react'
import { BasisLabel } from '../../../components/figure-basis'
import { ScrollRegion } from '../../../components/scroll-region'
import { formatCount, formatDate } from '../../../lib/format'
import { SpikeChart, spikeDay, spikeWords } from './spike-chart'
import { useSend } from './use-send'
import { TextForm } from './text-form'
import './quality.css'

/** @type {Record<string, string>} */
const PLATFORM_NAMES = { instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok', linkedin: 'LinkedIn' }
/** @type {Record<string, string>} */
const COMPONENT_NAMES = {
  live_audience: 'Live audience',
  follower_spikes: 'Follower growth',
  engagement: 'Engagement consistency',
  audience_fit: 'Audience fit',
}

/**
 * platformName is a platform's display name.
 * @param {string} p
 */
export const platformName = (p) => PLATFORM_NAMES[p] || p

/**
 * factValue shows a fact: counts with separators, shares and rates (below 1) in percent.
 * @param {unknown} v
 */
export function factValue(v) {
  if (typeof v !== 'number') return 'n/a'
  if (Number.isInteger(v)) return formatCount(v)
  if (Math.abs(v) <= 1) return `${(v * 100).toFixed(1)} %`
  return v.toFixed(1)
}

/**
 * QualityScore is a 0–100 figure (or n/a) as a badge; the class says its band.
 * @param {{score: number | null | undefined, label?: string}} props
 */
export function QualityScore({ score, label = 'Audience quality' }) {
  if (score == null) return <span className="cc-quality-score cc-quality-none">n/a</span>
  const band = score >= 70 ? 'high' : score >= 40 ? 'mid' : 'low'
  return (
    <span className={`cc-quality-score cc-quality-${band}`} aria-label={`${label} ${score} out of 100`}>
      {score}
      <small aria-hidden="true">/100</small>
    </span>
  )
}

/** @param {{c: import('../api/quality').Reading['components'][number]}} props */
function Component({ c }) {
  const known = c.score >= 0
  return (
    <li className="cc-quality-component">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <h4 className="h6 fw-semibold mb-0">{COMPONENT_NAMES[c.key] || c.key}</h4>
        <span className="small fw-semibold">{known ? `${c.score}/100` : 'n/a'}</span>
      </div>
      <p className="small mb-1">{c.text}</p>
      {c.facts && c.facts.length > 0 && (
        <dl className="cc-quality-facts small mb-0">
          {c.facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>
                {factValue(f.value)} <BasisLabel basis={f.basis} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}

/**
 * NoteForm edits the creator's note on a spike (at most 280 characters; empty removes it).
 * @param {{initial: string, day: string, onSave: (note: string) => Promise<void>, onCancel: () => void}} props
 */
function NoteForm({ initial, day, onSave, onCancel }) {
  const [note, setNote] = useState(initial)
  const { submit, busy, error } = useSend(() => onSave(note), ['note', 'day'], 'The note was not saved.')
  return (
    <TextForm
      id={`note-${day}`}
      className="mt-1"
      label={`Note brands see beside the spike of ${formatDate(day)}`}
      value={note}
      onChange={setNote}
      maxLength={280}
      placeholder="e.g. giveaway with @brand on 3 Nov"
      hint={`${note.length}/280 characters${note.trim() === '' && initial ? ' (saving an empty note removes it)' : ''}`}
      error={error}
      busy={busy}
      submitLabel="Save note"
      onSubmit={submit}
      onCancel={onCancel}
    />
  )
}

/**
 * SpikeTable lists an account's spikes (the chart's table alternative) with the creator's notes; with
 * onAnnotate the creator adds, edits or removes a note on each.
 * @param {{account: import('../api/quality').QualityAccount, notes: Record<string, string>, onAnnotate?: (platform: string, day: string, note: string) => Promise<void>}} props
 */
function SpikeTable({ account, notes, onAnnotate }) {
  const [editing, setEditing] = useState(/** @type {string | null} */ (null))
  const spikes = account.reading?.spikes || []
  const name = platformName(account.platform)
  if (spikes.length === 0) return <p className="small text-secondary mb-0">No follower spikes in the window: steady growth.</p>
  return (
    <ScrollRegion label={`${name}: follower spikes table`}>
      <table className="table table-sm small align-middle mb-0">
        <caption className="caption-top">{name}: follower spikes</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Gained</th>
            <th scope="col">Followers</th>
            <th scope="col">Reach</th>
            <th scope="col">Reading</th>
            <th scope="col">Creator&apos;s note</th>
          </tr>
        </thead>
        <tbody>
          {spikes.map((s) => {
            const day = spikeDay(s)
            return (
              <tr key={`${day}-${s.days}`}>
                <th scope="row" className="fw-normal text-nowrap">
                  {formatDate(day)}
                </th>
                <td className="text-nowrap">
                  +{formatCount(s.gain)}
                  {s.days === 7 ? ' (7 days)' : ''}
                </td>
                <td>{formatCount(s.followers)}</td>
                <td>{s.activity == null ? 'n/a' : formatCount(s.activity)}</td>
                <td className="cc-spike-reading">
                  <span className={`cc-spike-dot cc-spike-${s.explained ? 'explained' : 'unexplained'} me-1`} aria-hidden="true" />
                  {spikeWords(s)}
                </td>
                <td className="cc-spike-note-cell">
                  {notes[day] ? <q>{notes[day]}</q> : <span className="text-secondary">—</span>}
                  {onAnnotate && editing !== day && (
                    <button type="button" className="btn btn-link btn-sm p-0 ms-2 align-baseline" onClick={() => setEditing(day)}>
                      {notes[day] ? 'Edit note' : 'Add a note'}
                      <span className="visually-hidden"> on {formatDate(day)}</span>
                    </button>
                  )}
                  {onAnnotate && editing === day && (
                    <NoteForm
                      day={day}
                      initial={notes[day] || ''}
                      onCancel={() => setEditing(null)}
                      onSave={async (note) => {
                        await onAnnotate(account.platform, day, note)
                        setEditing(null)
                      }}
                    />
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/**
 * AccountReading is one account's reading: its figure, components, spike chart and spike table.
 * @param {{account: import('../api/quality').QualityAccount, onAnnotate?: (platform: string, day: string, note: string) => Promise<void>}} props
 */
function AccountReading({ account: a, onAnnotate }) {
  const name = platformName(a.platform)
  const notes = Object.fromEntries((a.annotations || []).map((n) => [n.day, n.note]))
  const r = a.reading
  return (
    <section className="cc-quality-account" aria-label={`${name} reading`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h6 fw-bold mb-0">{name}</h3>
        <QualityScore score={a.score} label={`${name} audience quality`} />
      </div>
      {!r && <p className="small text-secondary mb-0">No reading: {a.reason}.</p>}
      {r && (
        <>
          <p className="small text-secondary mb-2">
            Window {formatDate(String(r.from).slice(0, 10))} – {formatDate(String(r.to).slice(0, 10))} ({r.days} days of measured data) · computed{' '}
            {formatDate(r.computed_at)}
          </p>
          <ul className="list-unstyled cc-quality-components mb-3">
            {r.components.map((c) => (
              <Component key={c.key} c={c} />
            ))}
          </ul>
          <SpikeChart days={a.days || []} spikes={r.spikes || []} notes={notes} name={name} followersLabel={a.platform === 'youtube' ? 'Subscribers' : 'Followers'} />
          <SpikeTable account={a} notes={notes} onAnnotate={onAnnotate} />
        </>
      )}
    </section>
  )
}

/**
 * QualityReading is an audience-quality reading as brands see it: the creator's 0–100 figure (derived from
 * the accounts' readings), and each account's components with their facts (measured, derived), window and
 * date, its follower chart with the spikes marked and their table. With onAnnotate, the creator writes notes.
 * @param {{quality: import('../api/quality').Quality | null | undefined, onAnnotate?: (platform: string, day: string, note: string) => Promise<void>}} props
 */
export function QualityReading({ quality, onAnnotate }) {
  if (!quality) return null
  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <QualityScore score={quality.score} />
        {quality.score != null && <BasisLabel basis={quality.basis} formula="the accounts' readings weighted by their followers" />}
        {quality.score == null && <p className="mb-0 text-secondary">{capitalize(quality.reason)}.</p>}
      </div>
      {quality.accounts.map((a) => (
        <AccountReading key={a.platform} account={a} onAnnotate={onAnnotate} />
      ))}
    </div>
  )
}

/** @param {string} s */
const capitalize = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '')
