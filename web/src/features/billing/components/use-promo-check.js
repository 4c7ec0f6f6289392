import useSWR from 'swr'
import { useDebounced } from '../../../lib/use-debounced'
import { validatePromoCode } from '../api/validate-promo-code'
import { promoLabel } from './subscription-label'
import { errorMessage, fieldError } from '../../../lib/error-message'

const PROMO_KEY = 'subscriptions/validate-promo-code'

/**
 * usePromoCheck checks a promo code as it is typed (after a pause of `ms`):
 * {status: 'idle' | 'checking' | 'valid' | 'invalid' | 'error', message}.
 * valid carries the discount ('20% off the first payment'), invalid the
 * server's field error, error a failed check (the server checks again on subscribe).
 * @param {string | null | undefined} code
 * @param {number} [ms]
 * @returns {{status: 'idle' | 'checking' | 'valid' | 'invalid' | 'error', message: string}}
 */
export function usePromoCheck(code, ms = 400) {
  const typed = (code || '').trim()
  const settled = useDebounced(typed, ms)
  const { data, error, isLoading } = useSWR(settled ? [PROMO_KEY, settled] : null, ([, c]) => validatePromoCode(c), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  })
  if (!typed) return { status: 'idle', message: '' }
  if (typed !== settled || isLoading) return { status: 'checking', message: 'Checking the code…' }
  if (error) {
    const field = fieldError(error, 'code')
    return field ? { status: 'invalid', message: field } : { status: 'error', message: errorMessage(error, 'The code could not be checked.') }
  }
  if (data?.valid) return { status: 'valid', message: promoLabel(data) }
  return { status: 'checking', message: 'Checking the code…' }
}
