import { useState } from 'react'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { getOfferAttachment } from '../api/get-offer-attachment'

/** @typedef {{key: string, name: string, type?: string}} CampaignFile */

/**
 * AttachmentLink fetches a fresh signed link to one campaign file and starts its download.
 * @param {{offerId: string, file: CampaignFile}} props
 */
function AttachmentLink({ offerId, file }) {
  const [busy, setBusy] = useState(false)
  const name = file.name || 'Attachment'
  const download = async () => {
    setBusy(true)
    try {
      const got = await getOfferAttachment(offerId, file.key)
      const a = document.createElement('a')
      a.href = got.url
      a.download = got.name || name
      a.rel = 'noopener'
      document.body.appendChild(a)
      a.click()
      a.remove()
    } catch (err) {
      toast.error(errorMessage(err, 'Could not get the file. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="btn btn-link btn-sm p-0 align-baseline text-start" onClick={download} disabled={busy}
      aria-label={`Download ${name}`}>
      {name}
    </button>
  )
}

/**
 * AttachmentLinks lists an offer's campaign files, each a download link; null when there are none.
 * @param {{offerId: string, list?: CampaignFile[] | null}} props
 */
export function AttachmentLinks({ offerId, list }) {
  if (!list?.length) return null
  return (
    <ul className="list-unstyled mb-0">
      {list.map((f, i) => (
        <li key={f.key || i}>
          {f.key ? <AttachmentLink offerId={offerId} file={f} /> : (f.name || 'Attachment')}
        </li>
      ))}
    </ul>
  )
}
