import { describe, it, expect } from 'vitest'
import { screen } from '@testing-library/react'
import { RefundPolicy } from '../refund-policy'
import { TermsAndConditions } from '../terms-and-conditions'
import { PrivacyPolicy } from '../privacy-policy'
import { renderRoute } from '../../../../test-utils'

describe('legal pages', () => {
  it('refund policy states the refund rules', () => {
    renderRoute(<RefundPolicy />, { path: '/refund-policy' })
    expect(screen.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeInTheDocument()
    expect(screen.getByText('Last Updated May 14th, 2025')).toBeInTheDocument()
    expect(screen.getByText(/non-refundable by default/)).toBeInTheDocument()
    expect(screen.getByText(/a duplicate payment/)).toBeInTheDocument()
    expect(screen.getByText(/a billing error/)).toBeInTheDocument()
    expect(screen.getByText(/more than 48 consecutive hours/)).toBeInTheDocument()
    expect(screen.getByText(/within 14 days of purchase/)).toBeInTheDocument()
    expect(screen.getByText(/within 7 days of the charge/)).toBeInTheDocument()
    expect(screen.getByText(/7 to 10 business days/)).toBeInTheDocument()
  })

  it('terms state the minimum age and the liability cap', () => {
    renderRoute(<TermsAndConditions />, { path: '/terms-and-conditions' })
    expect(screen.getByText('Last Updated May 14th, 2025')).toBeInTheDocument()
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument()
    expect(screen.getByText(/between 13 and 18.*consent of a parent/)).toBeInTheDocument()
    expect(screen.getByText(/greater of \$100 or the fees you paid us in the 12 months/)).toBeInTheDocument()
  })

  it('privacy policy has the date and the 30-day recovery window', () => {
    renderRoute(<PrivacyPolicy />, { path: '/privacy-policy' })
    expect(screen.getByText('Last Updated May 14th, 2025')).toBeInTheDocument()
    expect(screen.getByText(/recovered within 30 days/)).toBeInTheDocument()
  })
})
