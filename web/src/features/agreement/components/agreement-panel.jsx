import { useId } from 'react'
import { ListState } from '../../../components/list-state'
import { ScrollRegion } from '../../../components/scroll-region'
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format'
import { downloadLink } from '../../../lib/save-file'
import { useBusy } from '../../../lib/use-busy'
import { getAgreementPDF } from '../api/sign-agreement'
import { useAgreement } from '../api/get-agreement'
import { AgreementEvents } from './agreement-events'
import { priceLines } from '../../../config/usage-addons'
import { EXCLUSIVITY, SIDE_LABEL, USAGE, roleLabel, waitingLine } from './agreement-labels'
import { SignForm } from './sign-form'
import './agreement.css'

/**
 * Terms shows the agreement's key terms in a short list: who, what, when, how much (the fee, each paid usage add-on
 * and the total when there are add-ons), exclusivity and usage.
 * @param {{terms: import('../../../lib/api-types').Schema<'AgreementTerms'>}} props
 */
export function Terms({ terms }) {
  const money = priceLines(terms.amountCents, terms.addOns).map(([k, cents]) => [k, formatAmount(cents, terms.currency)])
  const rows = [
    ['Brand', terms.brandSigner ? `${terms.brandName}, signed by ${terms.brandSigner}` : terms.brandName],
    ['Creator', terms.creatorName],
    ['Deliverables', `${terms.posts} tagged post${terms.posts === 1 ? '' : 's'} on ${terms.platform}${terms.trackingTag ? ` with #${terms.trackingTag}` : ''}`],
    ['Dates', `${formatDate(terms.startDate)} – ${formatDate(terms.endDate)}`],
    ...money,
    ['Payment', terms.paymentTerms],
    ['Exclusivity', EXCLUSIVITY[terms.exclusivity] ?? terms.exclusivity],
    ['Usage', USAGE[terms.contentUsage] ?? terms.contentUsage],
  ]
  return (
    <dl className="row small mb-0 cc-agreement-terms">
      {rows.map(([k, v]) => (
        <div key={k} className="col-12 col-lg-6 d-flex gap-2 mb-1">
          <dt className="text-secondary fw-normal text-nowrap">{k}</dt>
          <dd className="mb-0 text-break">{v || '—'}</dd>
        </div>
      ))}
    </dl>
  )
}

/** @typedef {import('../../../lib/api-types').Schema<'AgreementVersion'>} Version */

/**
 * Changes lists a version's per-field changes against the one before: label, old → new.
 * @param {{version: Version}} props
 */
export function Changes({ version }) {
  if (!version.changes?.length) return null
  return (
    <div className="mt-3">
      <h4 className="h6 fw-bold mb-1">What changed in version {version.number}</h4>
      <ul className="list-unstyled small mb-0">
        {version.changes.map((c) => (
          <li key={c.field} className="cc-agreement-change">
            <span className="fw-semibold">{c.label || c.field}:</span> <del>{c.old || '—'}</del> <span aria-hidden="true">→</span>
            <span className="visually-hidden">changed to</span> <ins>{c.new || '—'}</ins>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * AgreementText is the whole text of a version, in a scrollable region a keyboard can scroll.
 * @param {{version: Pick<Version, 'number' | 'text'>}} props
 */
export function AgreementText({ version }) {
  return (
    <ScrollRegion label={`Agreement text, version ${version.number}`} className="cc-agreement-text border rounded-3 p-3 mt-3">
      <pre className="mb-0">{version.text}</pre>
    </ScrollRegion>
  )
}

/**
 * Signatures lists who signed the current version and whose signature is still missing.
 * @param {{agreement: import('../../../lib/api-types').Schema<'Agreement'>, current: Version}} props
 */
function Signatures({ agreement, current }) {
  const signed = agreement.signatures.filter((s) => s.versionId === current.id)
  const waiting = waitingLine(agreement.missing)
  return (
    <div className="mt-3">
      <h4 className="h6 fw-bold mb-1">Signatures</h4>
      {signed.length === 0 ? (
        <p className="small mb-1">Nobody has signed version {current.number} yet.</p>
      ) : (
        <ul className="list-unstyled small mb-1">
          {signed.map((s) => (
            <li key={`${s.side}-${s.signedAt}`}>
              <span className="badge text-bg-success me-1">{SIDE_LABEL[s.side] ?? s.side}</span>
              {s.name}
              {s.role ? ` (${roleLabel(s.role)})` : ''}, {formatDateTime(s.signedAt)}
            </li>
          ))}
        </ul>
      )}
      {agreement.guardian && (
        <p className="small mb-1">
          Guardian: {agreement.guardian.name},{' '}
          {agreement.guardian.status === 'signed' ? 'signed' : `asked to sign by e-mail (the link works until ${formatDateTime(agreement.guardian.expiresAt)})`}
        </p>
      )}
      {waiting ? (
        <p className="small fw-semibold text-warning-emphasis mb-0" data-testid="agreement-waiting">
          {waiting}
        </p>
      ) : (
        <p className="small fw-semibold text-success-emphasis mb-0" data-testid="agreement-waiting">
          Signed by everyone
        </p>
      )}
    </div>
  )
}

/**
 * DownloadPDF fetches the signed PDF's link and starts the download.
 * @param {{offerId: string}} props
 */
export function DownloadPDF({ offerId }) {
  const { busy, run } = useBusy()
  const download = () =>
    run(async () => {
      const pdf = await getAgreementPDF(offerId)
      downloadLink(pdf.url, `agreement-v${pdf.version}.pdf`)
    }, 'Could not get the signed PDF. Please try again.')
  return (
    <button type="button" className="btn btn-outline-success btn-sm" onClick={download} disabled={busy}>
      {busy ? 'Preparing…' : 'Download signed PDF'}
    </button>
  )
}

/**
 * AgreementPanel is an offer's agreement for anyone who may read it (its creator, its brand's team, an ADMIN): the
 * current version's key terms and whole text, what each version changed (old → new), the signatures so far and
 * whose is missing, "Download signed PDF" once it is ready, the events, and, when the caller may sign now
 * (`canSign` from the API; never for a BRAND_VIEWER or an ADMIN), the sign form for `side`.
 * @param {{offerId: string, side?: 'brand' | 'creator' | null, confirmOverBudget?: boolean, onSigned?: (agreement: any) => unknown, headingLevel?: 2 | 3}} props
 */
export function AgreementPanel({ offerId, side = null, confirmOverBudget = false, onSigned, headingLevel = 3 }) {
  const swr = useAgreement(offerId)
  const id = useId()
  const H = /** @type {'h2' | 'h3'} */ (`h${headingLevel}`)
  return (
    <section className="cc-agreement" aria-label="Agreement">
      <ListState swr={swr} loadingLabel="Loading the agreement…">
        {(a) => {
          const current = a.versions.find((v) => v.id === a.currentVersionId) ?? a.versions.at(-1)
          if (!current) return <p className="small text-secondary mb-0" id={`${id}-title`}>No agreement yet: it is made when the offer is sent.</p>
          const earlier = a.versions.filter((v) => v.id !== current.id).sort((x, y) => y.number - x.number)
          return (
            <>
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
                <H id={`${id}-title`} className="h6 fw-bold mb-2">
                  Agreement · version {current.number}
                </H>
                {a.pdfReady && <DownloadPDF offerId={offerId} />}
              </div>
              <Terms terms={current.terms} />
              <Changes version={current} />
              <AgreementText version={current} />
              <Signatures agreement={a} current={current} />
              {earlier.length > 0 && (
                <details className="mt-3">
                  <summary className="small">Earlier versions ({earlier.length})</summary>
                  {earlier.map((v) => (
                    <div key={v.id} className="mt-2">
                      <p className="small mb-0">
                        Version {v.number}, {formatDateTime(v.createdAt)}
                        {v.createdBy?.name ? ` by ${v.createdBy.name}` : ''}: {formatAmount(v.terms.amountCents, v.terms.currency)}
                      </p>
                      <Changes version={v} />
                    </div>
                  ))}
                </details>
              )}
              <details className="mt-3">
                <summary className="small">Events</summary>
                <AgreementEvents offerId={offerId} />
              </details>
              {a.canSign && side && (
                <div className="mt-3 pt-3 border-top">
                  <H className="h6 fw-bold mb-2">Sign version {current.number}</H>
                  <SignForm key={current.id} offerId={offerId} version={current} side={side} confirmOverBudget={confirmOverBudget} onChanged={() => swr.mutate()} onSigned={onSigned} />
                </div>
              )}
            </>
          )
        }}
      </ListState>
    </section>
  )
}
