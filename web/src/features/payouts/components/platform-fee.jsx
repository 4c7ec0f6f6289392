import { formatAmount } from '../../../lib/format'
import { useBrandPayoutSettings } from '../api/brand'

/**
 * PlatformFee shows a brand, before it sends or accepts an offer of `amount` dollars, the platform's fee
 * (PLATFORM_FEE_PERCENT, read from the brand's settings) and what its card is charged once the offer is accepted.
 * Phrasing content only: it sits in a confirmation's text.
 * @param {{amount: number}} props
 */
export function PlatformFee({ amount }) {
  const { data: s } = useBrandPayoutSettings()
  if (!s || !(amount > 0)) return null
  const cents = Math.round(amount * 100)
  const fee = Math.floor((cents * s.feePercent + 50) / 100)
  return (
    <span className="d-block small text-start mt-2" data-testid="platform-fee">
      Platform fee {s.feePercent}%: {formatAmount(fee)}. Once the offer is accepted your card is charged {formatAmount(cents + fee)}; the creator is
      paid {formatAmount(cents)} after the tagged post is captured.
    </span>
  )
}
