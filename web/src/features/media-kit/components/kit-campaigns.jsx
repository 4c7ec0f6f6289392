import { formatCount } from '../../../lib/format'

/** figure shows a kit figure, "n/a" when the platforms do not report it. */
export function kitFigure(f, format = formatCount) {
  return f?.value == null ? 'n/a' : format(f.value)
}

/** CampaignFigures is a past campaign's measured figures on one line. */
export function CampaignFigures({ campaign: c }) {
  return (
    <>
      {c.posts} {c.posts === 1 ? 'post' : 'posts'} · {kitFigure(c.views)} views · {kitFigure(c.engagements)} engagements (measured)
    </>
  )
}
