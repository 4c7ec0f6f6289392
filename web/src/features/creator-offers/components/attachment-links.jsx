import { downloadLink } from '../../../lib/save-file'
import { useBusy } from '../../../lib/use-busy'
import { getOfferAttachment } from '../api/get-offer-attachment'

/** @typedef {{key: string, name: string, type?: string}} CampaignFile */

/**
 * AttachmentLink fetches a fresh signed link to one campaign file and starts its download.
 * @param {{offerId: string, file: CampaignFile}} props
 */
function AttachmentLink({ offerId, file }) {
  const { busy, run } = useBusy()
  const name = file.name || 'Attachment'
  const download = () =>
    run(async () => {
      const got = await getOfferAttachment(offerId, file.key)
      downloadLink(got.url, got.name || name)
    }, 'Could not get the file. Please try again.')
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
