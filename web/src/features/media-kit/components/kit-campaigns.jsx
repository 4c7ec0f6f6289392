import { formatCount } from '../../../lib/format'

/**
 * figure shows a kit figure, "n/a" when the platforms do not report it.
 * @param {{value: number | null} | null | undefined} f
 * @param {(n: number) => string} [format]
 */
export function kitFigure(f, format = formatCount) {
  return f?.value == null ? 'n/a' : format(f.value)
}

/**
 * CampaignFigures is a past campaign's measured figures on one line.
 * @param {{campaign: import('../../../lib/api-types').Schema<'KitCampaign'>}} props
 */
export function CampaignFigures({ campaign: c }) {
  return (
    <>
      {c.posts} {c.posts === 1 ? 'post' : 'posts'} · {kitFigure(c.views)} views · {kitFigure(c.engagements)} engagements (measured)
    </>
  )
}
